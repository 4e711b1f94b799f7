/**
 * The extraction check (run by extract.test.ts, and by `node scripts/i18n-check.mjs` style tools):
 * finds user-visible text written in source files instead of the catalogues. It parses each file
 * with the TypeScript compiler and reports
 *  - JSX text with a letter in it ("<p>Run</p>"), and
 *  - string and template literals that read as prose: two words, at least one of three letters or
 *    more ("Run both", "the tile width"), or a sentence-like single word with a capital and a
 *    full stop.
 * Not reported: module specifiers, `className`/`style`/`data-*`/`key`/`id`/`href`/`role`/`type`
 * attribute values, object keys, the arguments of `t()`/`i18n.t()`, and lines marked
 * `i18n-exempt` (with the reason: a CSS font, a GPU label, a programmer's assertion). A file that
 * has not been translated yet says `i18n-pending` in a comment; extract.test.ts lists them.
 */
import ts from 'typescript';

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

const kProse = /[A-Za-z][a-z]+[ \u00a0]+[a-z]{2,}|[a-z]{2,}[ \u00a0]+[A-Za-z][a-z]+/;
const kSkippedAttributes = /^(className|style|key|id|href|src|role|type|rel|target|lang|htmlFor|name|autoComplete|inputMode|pattern|d|viewBox|fill|stroke|transform|xmlns|data-.*|aria-(controls|describedby|labelledby|current|live|hidden|pressed|expanded|selected|checked|disabled|busy|atomic|relevant|haspopup|orientation|valuenow|valuemin|valuemax|level))$/;
const kTranslateCallees = /^(t|i18n\.t|i18next\.t)$/;

/** Whether a literal's text reads as words for a person (prose), not code or a token. */
export function readsAsProse(text: string): boolean {
  const s = text.trim();
  if (s.length < 4) return false;
  if (/^[./]|^https?:|^[a-z]+:\/\//.test(s)) return false;
  return kProse.test(s);
}

function exemptLines(source: string): Set<number> {
  const lines = new Set<number>();
  source.split('\n').forEach((l, i) => {
    if (!l.includes('i18n-exempt')) return;
    lines.add(i + 1);
    // A comment on a line of its own covers the next line.
    if (/^\s*(\/\/|\/\*|\*)/.test(l)) lines.add(i + 2);
  });
  return lines;
}

/** Whether the file says it is not translated yet (the marker `i18n-pending`, in its first lines). */
export function isPending(source: string): boolean {
  return source.split('\n').slice(0, 5).some((l) => l.includes('i18n-pending'));
}

function skippedByContext(node: ts.Node): boolean {
  const p = node.parent;
  if (!p) return false;
  if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p)) return true;
  if (ts.isLiteralTypeNode(p)) return true;
  if (ts.isPropertyAssignment(p) && p.name === node) return true;
  if (ts.isJsxAttribute(p)) return kSkippedAttributes.test(p.name.getText());
  if (ts.isJsxExpression(p) && p.parent && ts.isJsxAttribute(p.parent)) return kSkippedAttributes.test(p.parent.name.getText());
  if (ts.isCallExpression(p) && kTranslateCallees.test(p.expression.getText())) return true;
  if (ts.isElementAccessExpression(p) && p.argumentExpression === node) return true;
  // Comparisons with a literal test a value, they do not show it.
  if (ts.isBinaryExpression(p) && /^(===|!==|==|!=)$/.test(p.operatorToken.getText())) return true;
  if (ts.isCaseClause(p)) return true;
  return false;
}

/** The user-visible literals of one source file (see the module comment). */
export function findLiterals(file: string, source: string): Finding[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const exempt = exemptLines(source);
  const out: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    if (!exempt.has(line)) out.push({ file, line, text: text.trim().slice(0, 80) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (/\p{L}/u.test(node.text) && node.text.trim() !== '') report(node, node.text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (readsAsProse(node.text) && !skippedByContext(node)) report(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…');
      if (readsAsProse(text) && !skippedByContext(node)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/**
 * The comments of the practice exercises' starting code and solutions, in the learner's language.
 * The code itself is WGSL and stays as it is; only `//` comments change, line for line, so a
 * compiler message's line number points at the same line in every language (a block of n
 * comment lines becomes n lines; codeComments.test.ts checks every exercise).
 *
 * Keys are the English comment text, each line trimmed and joined by one space; a full-line block
 * may be matched in parts (the shared header, then the exercise's own introduction).
 */
import { isLanguage, type Language } from '../core/languages';

/** A language's comments: the English comment (lines trimmed, joined by one space) → its lines in that language. */
export type CommentTable = Readonly<Record<string, readonly string[]>>;

/** Comments that are code (the Numba lines they port): the same in every language. */
export const kCodeLikeComments: readonly string[] = ['x, y = cuda.grid(2)', 'tx = cuda.threadIdx.x', 'ty = cuda.threadIdx.y'];

/** The comment table of each language that is not English (English is the code's own): its folder's comments.ts. */
export const kCommentTables: Readonly<Partial<Record<Language, CommentTable>>> = Object.fromEntries(
  Object.entries(import.meta.glob<CommentTable>('./locales/*/comments.ts', { eager: true, import: 'comments' }))
    .map(([path, table]) => [path.split('/')[2], table] as const)
    .filter(([lang]) => isLanguage(lang)),
);

const commentText = (line: string, at: number) => line.slice(at + 2).trim();

/**
 * The code with its comments in `lang`, line for line: a run of full-line comments is replaced by
 * the longest runs the table knows (each n lines by n lines, at the same indentation), a comment
 * after code by its one-line translation. WGSL has no string literals, so the first `//` on a line
 * starts its comment. Comments the table does not know stay as they are.
 */
export function localizeComments(code: string, lang: Language): string {
  const table = kCommentTables[lang];
  if (!table) return code;
  const lines = code.split('\n');
  const fullAt = (l: string) => {
    const at = l.indexOf('//');
    return at >= 0 && l.slice(0, at).trim() === '' ? at : -1;
  };
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    const at = fullAt(line);
    if (at >= 0) {
      let end = i;
      while (end < lines.length && fullAt(lines[end]!) >= 0) end++;
      let matched = false;
      for (let e = end; e > i && !matched; e--) {
        const key = lines
          .slice(i, e)
          .map((l) => commentText(l, fullAt(l)))
          .join(' ');
        const to = table[key];
        if (to && to.length === e - i) {
          out.push(...to.map((z) => `${line.slice(0, at)}// ${z}`));
          i = e;
          matched = true;
        }
      }
      if (!matched) {
        out.push(line);
        i++;
      }
      continue;
    }
    const trail = line.indexOf('//');
    const to = trail >= 0 ? table[commentText(line, trail)] : undefined;
    out.push(to && to.length === 1 ? `${line.slice(0, trail)}// ${to[0]}` : line);
    i++;
  }
  return out.join('\n');
}

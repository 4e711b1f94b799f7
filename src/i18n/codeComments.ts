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
import { splitLines, type DiffLine } from '../core/lineDiff';
import { applyCommentTable, type CommentTable } from './commentTable';

export { kCodeLikeComments, type CommentTable } from './commentTable';

/** The comment table of each language that is not English (English is the code's own), once loaded: its folder's comments.ts. */
export const kCommentTables: Partial<Record<Language, CommentTable>> = {};
const kCommentLoaders = import.meta.glob<CommentTable>('./locales/*/comments.ts', { import: 'comments' });
/** The lesson kernels' comment tables (a language's kernelComments.ts, for a tile width), by language, once loaded. */
const kKernelComments: Partial<Record<Language, (tile: number) => CommentTable>> = {};
const kKernelCommentLoaders = import.meta.glob<(tile: number) => CommentTable>('./locales/*/kernelComments.ts', { import: 'kernelComments' });

/** Load a language's comment tables (with its catalogue: i18n/index.ts loadLanguage). */
export async function loadCodeComments(lang: Language): Promise<void> {
  const [comments, kernel] = await Promise.all([kCommentLoaders[`./locales/${lang}/comments.ts`]?.(), kKernelCommentLoaders[`./locales/${lang}/kernelComments.ts`]?.()]);
  if (comments && isLanguage(lang)) kCommentTables[lang] = comments;
  if (kernel && isLanguage(lang)) kKernelComments[lang] = kernel;
}

/** The code with its comments in `lang`, line for line (commentTable.ts); English, or a language without a table, as it is. */
export function localizeComments(code: string, lang: Language): string {
  return applyCommentTable(code, kCommentTables[lang]);
}

/** The tile widths of the lesson's kernel files. */
const kKernelTiles = [2, 4, 8, 16, 32] as const;

/**
 * The lesson's kernel file (tiled<T>.wgsl) with its comments in `lang`, line for line; a language
 * without a kernel table (or English) as it is (issue #34).
 */
export function localizeKernelComments(code: string, lang: Language): string {
  const of = kKernelComments[lang];
  if (!of) return code;
  return applyCommentTable(code, Object.assign({}, ...kKernelTiles.map(of)) as CommentTable);
}

/** The ladder's rungs' comment tables (a language's rungComments.ts), by language, once loaded: only when a rung's code change is opened. */
const kRungComments: Partial<Record<Language, CommentTable>> = {};
const kRungCommentLoaders = import.meta.glob<CommentTable>('./locales/*/rungComments.ts', { import: 'rungComments' });

/** Load a language's rung comment table (ui/ladder/RungDiff, when first opened); at once when loaded, or for a language without one. */
export async function loadRungComments(lang: Language): Promise<void> {
  if (kRungComments[lang]) return;
  const table = await kRungCommentLoaders[`./locales/${lang}/rungComments.ts`]?.();
  if (table) kRungComments[lang] = table;
}

/** Whether a language's rung comments are loaded (or it has none to load: English). */
export const rungCommentsLoaded = (lang: Language): boolean => kRungComments[lang] !== undefined || !kRungCommentLoaders[`./locales/${lang}/rungComments.ts`];

/**
 * A rung's WGSL (shaders/*.wgsl, shaders/generated/*.wgsl) with its comments in `lang`, line for
 * line: the rungs' own table, with the lesson kernels' and the exercises' for the lines they share
 * (tiled.wgsl's boundary tests). English, or a table not loaded yet, as it is.
 */
export function localizeRungComments(code: string, lang: Language): string {
  const rung = kRungComments[lang];
  if (!rung) return code;
  const kernel = kKernelComments[lang];
  const table: CommentTable = Object.assign({}, kCommentTables[lang], ...(kernel ? kKernelTiles.map(kernel) : []), rung) as CommentTable;
  return applyCommentTable(code, table);
}

/**
 * A diff of two rungs' WGSL (core/lineDiff, made on the English text: the same lines and counts in
 * every language) with each line's text from the localized file, by its line number: a kept or added
 * line from the newer file, a removed one from the older (issue: the ladder's code change showed
 * English comments where the lesson's listing shows them translated).
 */
export function localizeDiff(lines: readonly DiffLine[], older: string, newer: string, lang: Language): DiffLine[] {
  if (!kRungComments[lang]) return [...lines];
  const a = splitLines(localizeRungComments(splitLines(older).join('\n'), lang));
  const b = splitLines(localizeRungComments(splitLines(newer).join('\n'), lang));
  return lines.map((l) => {
    const text = l.op === 'del' ? a[l.oldLine! - 1] : b[l.newLine! - 1];
    return text === undefined ? l : { ...l, text };
  });
}

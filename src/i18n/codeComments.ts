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

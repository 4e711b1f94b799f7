/**
 * The exercises' code comments in another language, line for line, given that language's table
 * (src/i18n/locales/<lang>/comments.ts): the algorithm, without the tables, so that a test outside
 * Vite (e2e/) can use it with a table it imports (codeComments.ts finds the tables with
 * import.meta.glob, which only Vite and Vitest have).
 */
/** A language's comments: the English comment (lines trimmed, joined by one space) → its lines in that language. */
export type CommentTable = Readonly<Record<string, readonly string[]>>;

/** Comments that are code (the Numba lines they port, a rung's array sizes): the same in every language. */
export const kCodeLikeComments: readonly string[] = ['x, y = cuda.grid(2)', 'tx = cuda.threadIdx.x', 'ty = cuda.threadIdx.y', 'BK * BM / 4', 'BK * BN / 4'];

const commentText = (line: string, at: number) => line.slice(at + 2).trim();

/**
 * The code with its comments from `table`, line for line: a run of full-line comments is replaced by
 * the longest runs the table knows (each n lines by n lines, at the same indentation), a comment
 * after code by its one-line translation. WGSL has no string literals, so the first `//` on a line
 * starts its comment. Comments the table does not know stay as they are.
 */
export function applyCommentTable(code: string, table: CommentTable | undefined): string {
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
          // An empty comment line stays bare (no trailing space).
          out.push(...to.map((z) => (z ? `${line.slice(0, at)}// ${z}` : `${line.slice(0, at)}//`)));
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

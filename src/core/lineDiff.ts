/**
 * A line diff for the ladder's "what changed in the code" (ui/ladder/RungDiff): the longest common
 * subsequence of two texts' lines, then the edit script. Pure and small: the WGSL files are a few
 * hundred lines (a 400 × 400 table is 160,000 cells), so no diff library is needed.
 */

/** One line of a diff: kept (in both), added (only in the newer text) or removed (only in the older). */
export interface DiffLine {
  readonly op: 'same' | 'add' | 'del';
  readonly text: string;
  /** Its line number in the older text (same, del) and in the newer one (same, add), from 1. */
  readonly oldLine?: number;
  readonly newLine?: number;
}

/** The lines of a text, without the final empty line a trailing newline makes. */
export function splitLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The edit script from `older` to `newer`, line by line, in order (removals before additions at a change). */
export function lineDiff(older: string, newer: string): DiffLine[] {
  const a = splitLines(older);
  const b = splitLines(newer);
  // Common prefix and suffix first: they are most of a rung's file when little changed.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  // lcs[i][j]: the LCS length of a[head+i..] and b[head+j..] (flattened, (n+1)·(m+1)).
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[head + i] === b[head + j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ op: 'same', text: a[i]!, oldLine: i + 1, newLine: i + 1 });
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[head + i] === b[head + j]) {
      out.push({ op: 'same', text: a[head + i]!, oldLine: head + i + 1, newLine: head + j + 1 });
      i++;
      j++;
    } else if (j >= m || (i < n && lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) {
      out.push({ op: 'del', text: a[head + i]!, oldLine: head + i + 1 });
      i++;
    } else {
      out.push({ op: 'add', text: b[head + j]!, newLine: head + j + 1 });
      j++;
    }
  }
  for (let t = 0; t < tail; t++) out.push({ op: 'same', text: a[a.length - tail + t]!, oldLine: a.length - tail + t + 1, newLine: b.length - tail + t + 1 });
  return out;
}

/** How many lines were added and removed. */
export function diffCounts(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.op === 'add') added++;
    else if (l.op === 'del') removed++;
  }
  return { added, removed };
}

/** A hunk: a run of changes with up to `context` kept lines either side; kept lines between hunks are folded. */
export interface DiffHunk {
  readonly lines: readonly DiffLine[];
  /** Kept lines folded before this hunk (not shown). */
  readonly skippedBefore: number;
}

/** The diff in hunks with `context` kept lines around each change (like `diff -u`); the kept lines after the last hunk are `skippedAfter`. */
export function diffHunks(lines: readonly DiffLine[], context = 3): { hunks: DiffHunk[]; skippedAfter: number } {
  const show = new Array<boolean>(lines.length).fill(false);
  lines.forEach((l, k) => {
    if (l.op === 'same') return;
    for (let d = Math.max(0, k - context); d <= Math.min(lines.length - 1, k + context); d++) show[d] = true;
  });
  const hunks: DiffHunk[] = [];
  let skipped = 0;
  let current: DiffLine[] | undefined;
  let currentSkipped = 0;
  lines.forEach((l, k) => {
    if (!show[k]) {
      if (current) {
        hunks.push({ lines: current, skippedBefore: currentSkipped });
        current = undefined;
      }
      skipped++;
      return;
    }
    if (!current) {
      current = [];
      currentSkipped = skipped;
      skipped = 0;
    }
    current.push(l);
  });
  if (current) hunks.push({ lines: current, skippedBefore: currentSkipped });
  return { hunks, skippedAfter: skipped };
}

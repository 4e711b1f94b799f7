import { describe, expect, it } from 'vitest';
import { diffCounts, diffHunks, lineDiff, splitLines } from './lineDiff';
import { kKernels, kLadderIds } from './kernels';

/** Apply an edit script: the kept and added lines give the newer text, the kept and removed the older. */
const newer = (d: ReturnType<typeof lineDiff>) => d.filter((l) => l.op !== 'del').map((l) => l.text);
const older = (d: ReturnType<typeof lineDiff>) => d.filter((l) => l.op !== 'add').map((l) => l.text);

describe('lineDiff', () => {
  it('marks one changed line as removed then added', () => {
    const d = lineDiff('a\nb\nc\n', 'a\nB\nc\n');
    expect(d.map((l) => `${l.op}:${l.text}`)).toEqual(['same:a', 'del:b', 'add:B', 'same:c']);
    expect(diffCounts(d)).toEqual({ added: 1, removed: 1 });
  });

  it('finds a longest common subsequence, not just prefix and suffix', () => {
    const d = lineDiff('x\na\ny\nb\nz', 'a\nq\nb\nr');
    expect(d.filter((l) => l.op === 'same').map((l) => l.text)).toEqual(['a', 'b']);
    expect(diffCounts(d)).toEqual({ added: 2, removed: 3 });
  });

  it('numbers lines in both texts', () => {
    const d = lineDiff('a\nb', 'z\na\nb');
    expect(d[0]).toEqual({ op: 'add', text: 'z', newLine: 1 });
    expect(d[1]).toEqual({ op: 'same', text: 'a', oldLine: 1, newLine: 2 });
  });

  it('has no changes between equal texts and all changes against an empty one', () => {
    expect(diffCounts(lineDiff('a\nb', 'a\nb'))).toEqual({ added: 0, removed: 0 });
    expect(diffCounts(lineDiff('', 'a\nb'))).toEqual({ added: 2, removed: 0 });
  });

  it('reproduces both files for every pair of neighbouring rungs', () => {
    for (let r = 1; r < kLadderIds.length; r++) {
      const a = kKernels[kLadderIds[r - 1]!].source;
      const b = kKernels[kLadderIds[r]!].source;
      const d = lineDiff(a, b);
      expect(older(d), kLadderIds[r]).toEqual(splitLines(a));
      expect(newer(d), kLadderIds[r]).toEqual(splitLines(b));
      expect(diffCounts(d).added + diffCounts(d).removed, kLadderIds[r]).toBeGreaterThan(0);
    }
  });
});

describe('diffHunks', () => {
  it('keeps context around changes and counts the folded lines', () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const b = [...a];
    b[10] = 'changed';
    const { hunks, skippedAfter } = diffHunks(lineDiff(a.join('\n'), b.join('\n')), 2);
    expect(hunks).toHaveLength(1);
    expect(hunks[0]!.skippedBefore).toBe(8);
    expect(hunks[0]!.lines.map((l) => l.text)).toEqual(['l8', 'l9', 'l10', 'changed', 'l11', 'l12']);
    expect(skippedAfter).toBe(7);
  });
});

/**
 * Nothing a learner writes is lost (#32), at the state layer: a link's code, the solution and Reset
 * set the learner's own code aside (kept in this browser), one click brings it back; an unknown
 * exercise in a link is refused and stores nothing. localStorage is a Map here (Node has none).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exercise } from '../core/practice/exercises';
import { codeFragment } from '../core/practice/link';
import { clearProgress, keepThisTab, kUndoClearMs, onStorage, openCodeLink, resetExercise, restoreCode, selectExercise, setPracticeCode, showSolution, takeOtherTab, undoClearProgress } from './practice';
import { initialPractice, kMaxBackups, kPracticeBestKey, kPracticePassedKey, practiceBackupKey, practiceStorageKey, storedBackups, storedBest } from './practiceState';
import { encodeTimed } from '../core/practice/timing';
import { useApp } from './store';

class MapStorage {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

let storage: MapStorage;
beforeEach(() => {
  storage = new MapStorage();
  (globalThis as unknown as { localStorage: MapStorage }).localStorage = storage;
  useApp.setState(initialPractice('guard', '', true));
});

const mine = `${exercise('guard').skeleton}// mine\n`;

describe('practice: nothing is lost', () => {
  it('a link shows its code and sets the saved code aside; editing keeps the backup', () => {
    storage.setItem(practiceStorageKey('guard'), mine);
    const s = initialPractice('guard', codeFragment('// linked'), true);
    expect(s.practiceCode.guard).toBe('// linked');
    expect(s.practiceLinked).toBe('guard');
    expect(s.practiceBackups.guard).toEqual([mine]);
    expect(JSON.parse(storage.getItem(practiceBackupKey('guard'))!)).toEqual([mine]);
    useApp.setState(s);
    setPracticeCode('// linked, edited');
    expect(useApp.getState().practiceBackups.guard).toEqual([mine]);
    restoreCode();
    expect(useApp.getState().practiceCode.guard).toBe(mine);
    // The edited linked code is the learner's too: kept in turn (and the version brought back stays in the list).
    expect(useApp.getState().practiceBackups.guard).toEqual([mine, '// linked, edited']);
    expect(storage.getItem(practiceStorageKey('guard'))).toBe(mine);
  });

  it('the solution and Reset set the learner’s code aside; the skeleton and solution themselves are not kept', () => {
    selectExercise('guard');
    setPracticeCode(mine);
    showSolution();
    expect(useApp.getState().practiceCode.guard).toBe(exercise('guard').solution);
    expect(useApp.getState().practiceBackups.guard).toEqual([mine]);
    resetExercise();
    expect(useApp.getState().practiceBackups.guard).toEqual([mine]);
    restoreCode();
    expect(useApp.getState().practiceCode.guard).toBe(mine);
    // Versions are a history: bringing one back loses none.
    expect(useApp.getState().practiceBackups.guard).toEqual([mine]);
  });

  it('an unknown exercise is refused and nothing is stored; a damaged or huge link is refused with its reason', () => {
    for (const ex of ['nope', '__proto__', 'constructor']) {
      const s = initialPractice(ex, codeFragment('// not mine'), true);
      expect(s.practiceBadLink).toEqual({ why: 'unknown-exercise', ex });
      expect(Object.values(s.practiceCode)).not.toContain('// not mine');
    }
    expect(storage.map.size).toBe(0);
    expect(initialPractice('map', '#code=@@@', true).practiceBadLink).toEqual({ why: 'damaged' });
    const t0 = performance.now();
    expect(initialPractice('map', `#code=${'A'.repeat(1_300_000)}`, true).practiceBadLink).toEqual({ why: 'too-long' });
    expect(performance.now() - t0).toBeLessThan(100);
  });
});

describe('practice: progress kept in this browser', () => {
  it('reads the passed exercises stored, known ids only, in the list’s order; Clear forgets them', async () => {
    const { clearProgress } = await import('./practice');
    const { kPracticePassedKey, storedPassed } = await import('./practiceState');
    storage.setItem(kPracticePassedKey, JSON.stringify(['tiled', 'nope', '__proto__', 'map', 3]));
    expect(storedPassed()).toEqual(['map', 'tiled']);
    expect(initialPractice('map').practicePassed).toEqual(['map', 'tiled']);
    storage.setItem(kPracticePassedKey, '{not json');
    expect(storedPassed()).toEqual([]);
    storage.setItem(kPracticePassedKey, JSON.stringify(['map']));
    useApp.setState(initialPractice('map'));
    clearProgress();
    expect(useApp.getState().practicePassed).toEqual([]);
    expect(storage.getItem(kPracticePassedKey)).toBeNull();
  });
});

describe('best times and a link’s timed figure (#38)', () => {
  it('stored best times are read entry by entry: a tampered entry is dropped, the rest kept; Clear progress forgets them', async () => {
    const good = { gflops: 1234.5, size: 2048, medianMs: 13.9, adapter: 'NVIDIA H100', date: '2026-11-27' };
    storage.setItem(kPracticeBestKey, JSON.stringify({ regtile: good, tiled: { ...good, gflops: -1 }, nope: good, __proto__: good }));
    expect(storedBest()).toEqual({ regtile: good });
    storage.setItem(kPracticeBestKey, '{not json');
    expect(storedBest()).toEqual({});
    storage.setItem(kPracticeBestKey, JSON.stringify({ regtile: good }));
    useApp.setState(initialPractice('regtile', '', true));
    expect(useApp.getState().practiceBest).toEqual({ regtile: good });
    const { clearProgress } = await import('./practice');
    clearProgress();
    expect(useApp.getState().practiceBest).toEqual({});
    expect(storage.getItem(kPracticeBestKey)).toBeNull();
  });

  it('a link’s timed figure is read for the exercise it opens; another exercise’s, or a damaged one, is refused and the code still opens', () => {
    const code = exercise('regtile').solution;
    const f = { ex: 'regtile' as const, size: 64, clock: 'gpu-timestamp' as const, samples: 5, dispatchesPerSample: 2, medianMs: 1, minMs: 0.9, maxMs: 1.1, gflops: (2 * 64 ** 3) / 1e6, verified: true, trusted: false, adapter: { vendor: 'v', architecture: 'a', description: 'd' }, browser: 'b' };
    const s = initialPractice('regtile', codeFragment(code, encodeTimed(f)), true);
    expect(s.practiceCode.regtile).toBe(code);
    expect(s.practiceSharedTimed).toEqual({ ok: true, figure: f });
    expect(s.practiceSharedCode).toBe(code);
    expect(initialPractice('tiled', codeFragment(code, encodeTimed(f)), true).practiceSharedTimed).toEqual({ ok: false, why: 'other-exercise' });
    const damaged = initialPractice('regtile', codeFragment(code, 'AAAA'), true);
    expect(damaged.practiceSharedTimed).toEqual({ ok: false, why: 'damaged' });
    expect(damaged.practiceCode.regtile).toBe(code);
  });
});

describe('the version store (#44): every distinct own version kept', () => {
  it('60 solution/reset cycles keep the first own version, and the last ' + String(kMaxBackups - 1) + ' (at least 50 in all)', () => {
    expect(kMaxBackups).toBeGreaterThanOrEqual(50);
    selectExercise('guard');
    const v = (i: number) => `${exercise('guard').skeleton}// mine ${i}\n`;
    for (let i = 0; i < 60; i++) {
      setPracticeCode(v(i));
      if (i % 2 === 0) showSolution();
      else resetExercise();
    }
    const list = useApp.getState().practiceBackups.guard!;
    expect(list.length).toBe(kMaxBackups);
    expect(list[0]).toBe(v(0));
    expect(list.at(-1)).toBe(v(59));
    expect(list.slice(1)).toEqual(Array.from({ length: kMaxBackups - 1 }, (_, i) => v(60 - kMaxBackups + 1 + i)));
    // Stored so, and read back so (a reload keeps them).
    expect(storedBackups('guard')).toEqual(list);
    // Any version can be picked, not only the newest; picking loses none.
    restoreCode(0);
    expect(useApp.getState().practiceCode.guard).toBe(v(0));
    expect(useApp.getState().practiceBackups.guard).toEqual(list);
  });

  it('after a reload, the solution keeps the code shown as the newest version: one click brings it back', () => {
    storage.setItem(practiceBackupKey('guard'), JSON.stringify([mine, '// linked, edited']));
    storage.setItem(practiceStorageKey('guard'), mine);
    useApp.setState(initialPractice('guard', '', true));
    showSolution();
    expect(useApp.getState().practiceBackups.guard!.at(-1)).toBe(mine);
    expect(storedBackups('guard').at(-1)).toBe(mine);
    restoreCode();
    expect(useApp.getState().practiceCode.guard).toBe(mine);
  });

  it('two tabs: another tab’s save is noticed and both are offered; either choice keeps the other as a version; versions another tab kept are merged, not overwritten', () => {
    selectExercise('guard');
    const mineNow = `${mine}// this tab\n`;
    const theirs = `${mine}// other tab\n`;
    setPracticeCode(mineNow);
    // The other tab writes the code key (the browser then fires 'storage' here).
    storage.setItem(practiceStorageKey('guard'), theirs);
    onStorage({ key: practiceStorageKey('guard'), newValue: theirs });
    expect(useApp.getState().practiceOtherTab).toEqual({ ex: 'guard', code: theirs });
    expect(useApp.getState().practiceCode.guard).toBe(mineNow);
    takeOtherTab();
    expect(useApp.getState().practiceCode.guard).toBe(theirs);
    expect(useApp.getState().practiceBackups.guard).toContain(mineNow);
    expect(useApp.getState().practiceOtherTab).toBeUndefined();

    // Keep this tab's: theirs kept as a version, ours saved again as the newest.
    const theirs2 = `${mine}// other tab, again\n`;
    storage.setItem(practiceStorageKey('guard'), theirs2);
    onStorage({ key: practiceStorageKey('guard'), newValue: theirs2 });
    keepThisTab();
    expect(useApp.getState().practiceBackups.guard).toContain(theirs2);
    expect(storage.getItem(practiceStorageKey('guard'))).toBe(theirs);

    // Typing on without choosing: the other tab's code is kept before this tab's save replaces it.
    const theirs3 = `${mine}// other tab, third\n`;
    storage.setItem(practiceStorageKey('guard'), theirs3);
    onStorage({ key: practiceStorageKey('guard'), newValue: theirs3 });
    setPracticeCode(`${theirs}// typed on\n`);
    expect(useApp.getState().practiceBackups.guard).toContain(theirs3);

    // The other tab kept a version this tab has not seen: a later keep here merges, it does not overwrite.
    const stored = JSON.parse(storage.getItem(practiceBackupKey('guard'))!) as string[];
    storage.setItem(practiceBackupKey('guard'), JSON.stringify([...stored, '// kept by the other tab']));
    showSolution();
    expect(storedBackups('guard')).toContain('// kept by the other tab');
    onStorage({ key: practiceBackupKey('guard'), newValue: '' });
    expect(useApp.getState().practiceBackups.guard).toContain('// kept by the other tab');
  });

  it('quota exceeded: a save that fails is said (practiceSaveFailed) and the code stays in the tab; a later save that works clears it', () => {
    selectExercise('guard');
    const full = vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    setPracticeCode(`${mine}// too much\n`);
    expect(useApp.getState().practiceSaveFailed).toBe('guard');
    expect(useApp.getState().practiceCode.guard).toBe(`${mine}// too much\n`);
    // The versions' save fails the same way and is said too.
    useApp.setState({ practiceSaveFailed: undefined });
    showSolution();
    expect(useApp.getState().practiceSaveFailed).toBe('guard');
    full.mockRestore();
    setPracticeCode(`${mine}// room again\n`);
    expect(useApp.getState().practiceSaveFailed).toBeUndefined();
    expect(storage.getItem(practiceStorageKey('guard'))).toBe(`${mine}// room again\n`);
  });

  it('a `#code=` link opened while only the fragment changes loads its code, as a fresh load does, and keeps the learner’s', () => {
    selectExercise('guard');
    setPracticeCode(mine);
    openCodeLink('?view=practice&ex=guard', codeFragment('// from a second link'));
    const s = useApp.getState();
    expect(s.practiceCode.guard).toBe('// from a second link');
    expect(s.practiceLinked).toBe('guard');
    expect(s.practiceBackups.guard).toContain(mine);
    // Another exercise named by the query: opened on it.
    openCodeLink('?view=practice&ex=tiled', codeFragment('// tiled link'));
    expect(useApp.getState().practiceEx).toBe('tiled');
    expect(useApp.getState().practiceCode.tiled).toBe('// tiled link');
    openCodeLink('?view=practice&ex=tiled', '#code=@@@');
    expect(useApp.getState().practiceBadLink).toEqual({ why: 'damaged' });
    expect(useApp.getState().practiceCode.tiled).toBe('// tiled link');
  });
});

describe('Clear progress can be undone (#44)', () => {
  afterEach(() => vi.useRealTimers());
  it('Undo brings back every passed exercise and best time for ' + String(kUndoClearMs / 1000) + ' s; then it is gone', () => {
    vi.useFakeTimers();
    const good = { gflops: 1234.5, size: 2048, medianMs: 13.9, adapter: 'NVIDIA H100', date: '2026-11-27' };
    storage.setItem(kPracticePassedKey, JSON.stringify(['map', 'tiled']));
    storage.setItem(kPracticeBestKey, JSON.stringify({ tiled: good }));
    useApp.setState(initialPractice('map'));
    clearProgress();
    expect(useApp.getState().practicePassed).toEqual([]);
    expect(useApp.getState().practiceCleared).toEqual({ passed: ['map', 'tiled'], best: { tiled: good } });
    undoClearProgress();
    expect(useApp.getState().practicePassed).toEqual(['map', 'tiled']);
    expect(useApp.getState().practiceBest).toEqual({ tiled: good });
    expect(JSON.parse(storage.getItem(kPracticePassedKey)!)).toEqual(['map', 'tiled']);
    expect(storedBest()).toEqual({ tiled: good });
    expect(useApp.getState().practiceCleared).toBeUndefined();
    clearProgress();
    vi.advanceTimersByTime(kUndoClearMs + 1);
    expect(useApp.getState().practiceCleared).toBeUndefined();
    undoClearProgress();
    expect(useApp.getState().practicePassed).toEqual([]);
  });
});

/**
 * Nothing a learner writes is lost (#32), at the state layer: a link's code, the solution and Reset
 * set the learner's own code aside (kept in this browser), one click brings it back; an unknown
 * exercise in a link is refused and stores nothing. localStorage is a Map here (Node has none).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { exercise } from '../core/practice/exercises';
import { codeFragment } from '../core/practice/link';
import { resetExercise, restoreCode, selectExercise, setPracticeCode, showSolution } from './practice';
import { initialPractice, kPracticeBestKey, practiceBackupKey, practiceStorageKey, storedBest } from './practiceState';
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
    // The edited linked code is the learner's too: set aside in turn.
    expect(useApp.getState().practiceBackups.guard).toEqual(['// linked, edited']);
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
    expect(useApp.getState().practiceBackups.guard).toEqual([]);
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

/**
 * Nothing a learner writes is lost (#32), at the state layer: a link's code, the solution and Reset
 * set the learner's own code aside (kept in this browser), one click brings it back; an unknown
 * exercise in a link is refused and stores nothing. localStorage is a Map here (Node has none).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { exercise } from '../core/practice/exercises';
import { codeFragment } from '../core/practice/link';
import { resetExercise, restoreCode, selectExercise, setPracticeCode, showSolution } from './practice';
import { initialPractice, practiceBackupKey, practiceStorageKey } from './practiceState';
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

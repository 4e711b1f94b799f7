/**
 * The class board's state (#48) without a GPU: the verdict it keeps is the practice view's headline
 * over the same outcome; links read from text and files; a board link opens its set or, damaged,
 * changes nothing; the estimate counts what the next run checks.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { encodeBoard, readBoardText } from '../core/board';
import { exercise, type ShapeVerdict } from '../core/practice/exercises';
import { codeFragment } from '../core/practice/link';
import { codeHash, encodeTimed, type TimedShare } from '../core/practice/timing';
import type { PracticeOutcome } from '../gpu/practice';
import { addBoardFile, addBoardText, boardEstimate, checkOf, clearBoard, kCheckPriorMs, kRungPriorMs, kTimePriorMs, openBoardValue, practiceEntries } from './board';
import { useApp } from './store';

const shape = (p: Partial<ShapeVerdict>): ShapeVerdict => ({ status: 'pass', failure: 'none', random: false, races: [], structure: [], ...p }) as unknown as ShapeVerdict;
const link = (ex: string, code: string, name?: string) => `https://t.example/?view=practice&ex=${ex}${codeFragment(code, undefined, name)}`;

describe('the verdict the board keeps', () => {
  it('is the practice headline: passed, the slip, the race, compile, stopped', () => {
    const ran = (shapes: ShapeVerdict[]): PracticeOutcome => ({ kind: 'ran', seed: 5, shapes, otherBarriers: 0 });
    expect(checkOf(ran([shape({}), shape({ random: true })]))).toEqual({ status: 'pass', failure: 'none', shapes: 2, random: 1, seed: 5 });
    expect(checkOf(ran([shape({}), shape({ status: 'fail', failure: 'wrong', slip: { kind: 'bs-transposed' } as ShapeVerdict['slip'] })]))).toMatchObject({ status: 'fail', failure: 'wrong', mistake: 'slip:bs-transposed' });
    expect(checkOf(ran([shape({ status: 'fail', failure: 'race', races: [{ variable: 'As' }] as unknown as ShapeVerdict['races'] })]))).toMatchObject({ failure: 'race', mistake: 'race:As' });
    expect(checkOf({ kind: 'compile', messages: [], hints: [] })).toMatchObject({ status: 'error', failure: 'compile', mistake: 'failure:compile' });
    expect(checkOf({ kind: 'refused', refusals: [] })).toMatchObject({ failure: 'compile' });
    expect(checkOf({ kind: 'failed', why: 'x', seed: 1, shapes: [] })).toMatchObject({ status: 'error', failure: 'stopped' });
    expect(checkOf({ kind: 'failed', why: 'x', seed: 1, shapes: [], unreadable: true })).toMatchObject({ failure: 'unreadable' });
  });
});

describe('reading links into the board', () => {
  beforeEach(() => clearBoard());

  it('adds pasted text and a file, merging the same code, saying what it read', async () => {
    const naive = exercise('naive').solution;
    addBoardText(`${link('naive', naive, 'Ana')}\nhttps://example.com/`);
    expect(useApp.getState().boardLastAdd).toEqual({ links: 2, refused: 1, merged: 0, leftOut: 0 });
    await addBoardFile(new Blob([`${link('naive', naive, '李雷')}\n`]));
    expect(useApp.getState().boardLastAdd).toEqual({ links: 1, refused: 0, merged: 1, leftOut: 0 });
    expect(practiceEntries(useApp.getState().boardSet).map((e) => e.count)).toEqual([2]);
    await addBoardFile(new Blob([new Uint8Array([0xff, 0xfe, 0x00])]));
    expect(useApp.getState().boardInputError).toEqual({ kind: 'file', why: 'unreadable' });
  });

  it('opens a board link; a damaged one says so and changes nothing', async () => {
    const set = readBoardText(link('tiled', exercise('tiled').solution, 'Ben'));
    const enc = await encodeBoard(set);
    if (!enc.ok) throw new Error('fits');
    await openBoardValue(enc.value);
    expect(useApp.getState().boardSet).toEqual(set);
    await openBoardValue(`${enc.value.slice(0, -3)}AAA`);
    expect(useApp.getState().boardInputError).toMatchObject({ kind: 'link' });
    expect(useApp.getState().boardSet).toEqual(set);
  });

  it('estimates the checks not yet made, from the prior until checks ran here', () => {
    addBoardText([link('naive', 'a'), link('naive', 'b'), link('map', 'c')].join('\n'));
    const s = useApp.getState();
    const est = boardEstimate({ ...s, gpu: { state: 'initializing' } });
    expect(est).toMatchObject({ checks: 3, measured: false, software: false });
    expect(est.ms).toBe(3 * kCheckPriorMs.gpu + est.timed * kTimePriorMs + est.rungs * kRungPriorMs);
    const key = practiceEntries(s.boardSet)[0]!.key;
    const later = boardEstimate({ ...s, gpu: { state: 'initializing' }, boardChecks: { [key]: { status: 'pass', failure: 'none', shapes: 1, random: 0 } }, boardCheckMs: [100, 300, 200] });
    expect(later).toMatchObject({ checks: 2, measured: true });
    expect(later.ms).toBe(2 * 200 + later.timed * kTimePriorMs + later.rungs * kRungPriorMs);
  });

  it('judges each sender’s figure beside its code: trusted when it binds this code, refused beside other code', async () => {
    const code = exercise('tiled').solution;
    const size = 1024;
    const medianMs = 1;
    const f: TimedShare = { ex: 'tiled', code: await codeHash(code), size, clock: 'gpu-timestamp', samples: 30, dispatchesPerSample: 10, medianMs, minMs: 0.99, maxMs: 1.01, gflops: (2 * size ** 3) / (medianMs * 1e6), verified: true, trusted: true, adapter: { vendor: 'nvidia', architecture: 'hopper', description: 'NVIDIA H200' }, browser: 'b' };
    const other = `${code}\n// changed after timing`;
    addBoardText([`https://t.example/?view=practice&ex=tiled${codeFragment(code, encodeTimed(f), 'Ana')}`, `https://t.example/?view=practice&ex=tiled${codeFragment(other, encodeTimed(f), 'Ben')}`].join('\n'));
    const [mine, theirs] = practiceEntries(useApp.getState().boardSet);
    await expect.poll(() => Object.keys(useApp.getState().boardSenders).length).toBe(2);
    expect(useApp.getState().boardSenders[mine!.key]).toMatchObject({ ok: true, gflops: f.gflops, size, adapter: 'NVIDIA H200', trusted: true, bad: [] });
    expect(useApp.getState().boardSenders[theirs!.key]).toMatchObject({ ok: true, trusted: false, bad: ['code'] });
  });
});

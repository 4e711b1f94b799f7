/**
 * The class board's actions (issue #48): read pasted text, a dropped file or a board link into the
 * set (core/board.ts); re-check every practice entry through the practice view's own judge
 * (gpu/practice runPractice, summarised as the practice view's headline reads it), one at a time,
 * cancelable, with an estimate said first; then, on a GPU, time the entries that passed as Time it
 * does (gpu/practiceTime timeLearner, every one at the size the first one chose) and the ladder's
 * rungs once at that size (state/practiceTime rungsAt), and place each figure among them. A software
 * adapter checks and does not time or rank. The senders' own figures are judged by the shared-figure
 * rule beside their code. The board is saved in this browser on request.
 */
import { boardFileText, decodeBoard, encodeBoard, mistakeOf, readBoardText, type BoardCheck, type BoardPractice, type BoardSet } from '../core/board';
import { kLadderIds } from '../core/kernels';
import { exercise, headlineFailure, overallStatus } from '../core/practice/exercises';
import { codeHash, ofRoof, placeOnLadder, readTimed, timeable, timedLinkTrust } from '../core/practice/timing';
import { softwareAdapter } from '../core/trust';
import { z } from '../core/zod';
import { failureOf, GpuRunError } from '../gpu/device';
import type { PracticeOutcome } from '../gpu/practice';
import { said, type Said } from '../i18n';
import type { BoardRunState, BoardSenderFigure, BoardState, BoardTime } from './boardState';
import { rungFigures, rungsAt, rungsKnown } from './practiceTime';
import { cancelRun, withRun } from './runs';
import { useApp } from './store';
import { isSoftwareHere, runTrustHere } from './trust';

/** The practice entries of a set. */
export const practiceEntries = (set: BoardSet): BoardPractice[] => set.items.filter((i): i is BoardPractice => i.kind === 'practice');

/** The verdict the practice view's headline gives an outcome, as the board keeps it. */
export function checkOf(o: PracticeOutcome): BoardCheck {
  if (o.kind === 'compile' || o.kind === 'refused') return { status: 'error', failure: 'compile', mistake: 'failure:compile', shapes: 0, random: 0 };
  const failure = o.kind === 'failed' ? (o.unreadable ? 'unreadable' : 'stopped') : headlineFailure(o.shapes);
  const status = o.kind === 'failed' ? 'error' : overallStatus(o.shapes);
  const mistake = status === 'pass' ? undefined : (mistakeOf(failure, o.shapes) ?? `failure:${failure}`);
  return { status, failure: status === 'pass' ? 'none' : failure, ...(mistake ? { mistake } : {}), shapes: o.shapes.length, random: o.shapes.filter((v) => v.random).length, seed: o.seed };
}

// ---- reading links ------------------------------------------------------------------------------

/** Judge each entry's sender figure (the first copy that carries one) beside its code: the shared-figure rule. */
async function judgeSenders(set: BoardSet): Promise<void> {
  const known = useApp.getState().boardSenders;
  const out: Record<string, BoardSenderFigure> = {};
  for (const e of practiceEntries(set)) {
    if (known[e.key]) continue;
    const timed = e.senders.find((s) => s.timed !== undefined)?.timed;
    if (timed === undefined) continue;
    const r = readTimed(timed, e.ex);
    if (!r.ok) {
      out[e.key] = { ok: false, why: r.why };
      continue;
    }
    const f = r.figure;
    const v = timedLinkTrust(f, { codeHash: await codeHash(e.code), rungs: kLadderIds });
    out[e.key] = { ok: true, gflops: f.gflops, size: f.size, adapter: f.adapter.description || f.adapter.vendor || f.adapter.architecture, trusted: v.trusted, software: v.software, bad: v.bad };
  }
  if (Object.keys(out).length > 0) useApp.setState((s) => ({ boardSenders: { ...s.boardSenders, ...out } }));
}

function setBoard(set: BoardSet, before: BoardSet): void {
  const count = (s: BoardSet, kind?: 'bad') => s.items.reduce((n, i) => n + (kind === undefined || i.kind === kind ? i.count : 0), 0);
  const links = count(set) - count(before);
  const refused = count(set, 'bad') - count(before, 'bad');
  const merged = links - (set.items.length - before.items.length);
  useApp.setState({ boardSet: set, boardInputError: undefined, boardLastAdd: { links, refused, merged: Math.max(0, merged), leftOut: set.leftOut - before.leftOut } });
  void judgeSenders(set);
}

/** Add the links in a piece of text (pasted, or a file's) to the board. */
export function addBoardText(text: string): void {
  const before = useApp.getState().boardSet;
  setBoard(readBoardText(text, before), before);
}

/** Largest file read (bytes): 200 of the longest links. */
export const kMaxBoardFile = 8 * 1024 * 1024;

/** Add the links in a dropped or chosen file. */
export async function addBoardFile(file: Blob): Promise<void> {
  if (file.size > kMaxBoardFile) {
    useApp.setState({ boardInputError: { kind: 'file', why: 'too-big' } });
    return;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    useApp.setState({ boardInputError: { kind: 'file', why: 'unreadable' } });
    return;
  }
  addBoardText(text);
}

/** Open a board link's set (`#b=…`), replacing the board; a link that does not open says why and changes nothing. */
export async function openBoardValue(value: string): Promise<void> {
  const r = await decodeBoard(value);
  if (!r.ok) {
    useApp.setState({ boardInputError: { kind: 'link', why: r.why } });
    return;
  }
  useApp.setState({ boardChecks: {}, boardTimes: {}, boardSenders: {}, boardRun: { status: 'idle', done: 0, total: 0 } });
  setBoard(r.set, { items: [], leftOut: 0 });
}

/** Empty the board (nothing saved is touched). */
export function clearBoard(): void {
  if (useApp.getState().boardRun.status === 'running') return;
  useApp.setState({ boardSet: { items: [], leftOut: 0 }, boardChecks: {}, boardTimes: {}, boardSenders: {}, boardRun: { status: 'idle', done: 0, total: 0 }, boardInputError: undefined, boardLastAdd: undefined });
}

/** The board's link (query and fragment after `base`), or how long it would be when it cannot be one (then offered as a file). */
export async function boardLink(base: string): Promise<{ readonly ok: true; readonly url: string } | { readonly ok: false; readonly chars: number }> {
  const enc = await encodeBoard(useApp.getState().boardSet);
  return enc.ok ? { ok: true, url: `${base}?view=board#b=${enc.value}` } : { ok: false, chars: enc.chars };
}

/** The board's links as a file's text, one per line (read back by a drop or "Choose a file"). */
export function boardFile(base: string): string {
  return boardFileText(useApp.getState().boardSet, base);
}

// ---- the estimate -----------------------------------------------------------------------------

/**
 * What a check takes before any was measured in this page (ms): on a software adapter (SwiftShader
 * on a busy 2-core machine: 9 entries of map, naive and tiled in 1.5 s, e2e/board.spec.ts; the
 * larger exercises trace more) and on a GPU (compiles dominate). Said as such; once checks ran
 * here, their median is used instead.
 */
export const kCheckPriorMs = { software: 500, gpu: 300 } as const;
/** What timing one entry takes on a GPU (its probe, bounded run, timed run of about kTimedDispatchMs × samples, and checks), and one rung. */
export const kTimePriorMs = 4000;
export const kRungPriorMs = 1500;

export interface BoardEstimate {
  readonly checks: number;
  readonly timed: number;
  readonly rungs: number;
  readonly ms: number;
  /** Whether the checks' time was measured in this page (else the prior). */
  readonly measured: boolean;
  readonly software: boolean;
}

/** What the next run will do and about how long it takes (entries checked, timed, rungs), from what is known now. */
export function boardEstimate(s: BoardState & { readonly gpu: ReturnType<typeof useApp.getState>['gpu'] }): BoardEstimate {
  const entries = practiceEntries(s.boardSet);
  const unchecked = entries.filter((e) => !s.boardChecks[e.key]);
  const toCheck = unchecked.length > 0 ? unchecked : entries;
  const software = isSoftwareHere(s);
  const measured = s.boardCheckMs.length > 0;
  const sorted = [...s.boardCheckMs].sort((a, b) => a - b);
  const perCheck = measured ? sorted[Math.floor(sorted.length / 2)]! : software ? kCheckPriorMs.software : kCheckPriorMs.gpu;
  // On a GPU, the entries that may pass are timed: those of a timed exercise (every one, as a bound).
  const timed = software ? 0 : toCheck.filter((e) => timeable(exercise(e.ex))).length;
  const size = s.boardRun.size;
  const rungs = software || timed === 0 || (size !== undefined && s.gpu.state === 'ready' && rungsKnown(s.gpu.info, size)) ? 0 : kLadderIds.length;
  return { checks: toCheck.length, timed, rungs, ms: toCheck.length * perCheck + timed * kTimePriorMs + rungs * kRungPriorMs, measured, software };
}

// ---- the run ------------------------------------------------------------------------------------

function setRun(patch: Partial<BoardRunState>): void {
  useApp.setState((s) => ({ boardRun: { ...s.boardRun, ...patch } }));
}

/** Stop the board's run after the entry being checked (what was checked stays). */
export function cancelBoard(): void {
  if (useApp.getState().boardRun.status !== 'running') return;
  setRun({ cancelling: true });
  cancelRun();
}

/**
 * Check every entry not yet checked (every entry, when all were), one at a time through the
 * practice view's judge; then, on a GPU, time the ones that passed and the rungs once at the same size.
 */
export async function runBoard(): Promise<void> {
  const entries = practiceEntries(useApp.getState().boardSet);
  if (entries.length === 0) return;
  await withRun(
    {
      refuse: (r) => setRun({ status: 'stopped', message: r.why === 'no-gpu' ? said('practice:noGpu') : said('run:runs.busy') }),
    },
    async ({ ctx, signal }) => {
      const software = softwareAdapter(ctx.info).software;
      const adapter = ctx.info.description || ctx.info.vendor || ctx.info.architecture;
      const st = useApp.getState();
      const unchecked = entries.filter((e) => !st.boardChecks[e.key]);
      const toCheck = unchecked.length > 0 ? unchecked : entries;
      if (unchecked.length === 0) useApp.setState({ boardChecks: {}, boardTimes: {} });
      const timedMaybe = software ? 0 : toCheck.filter((e) => timeable(exercise(e.ex))).length;
      let total = toCheck.length + timedMaybe + (software || timedMaybe === 0 ? 0 : 1);
      let done = 0;
      useApp.setState({ boardRun: { status: 'running', done, total, phase: 'check', software, adapter } });
      const stopped = (message?: Said | string) => setRun({ status: signal.aborted ? 'cancelled' : 'stopped', phase: undefined, current: undefined, cancelling: false, ...(message !== undefined ? { message } : {}) });
      // 1. Check, one entry at a time, through the same judge as the practice view.
      for (const e of toCheck) {
        if (signal.aborted) return stopped();
        if (ctx.isLost()) return stopped(said('run:runs.cancelled'));
        setRun({ current: e.key, phase: 'check' });
        const t0 = performance.now();
        const seed = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
        let check: BoardCheck;
        try {
          // The judge and the WGSL parser load with the first check, not with the view (issue #47).
          const { runPractice } = await import('../gpu/practice');
          check = checkOf(await runPractice(ctx, e.ex, e.code, seed));
        } catch (err) {
          check = { status: 'error', failure: 'stopped', mistake: 'failure:stopped', shapes: 0, random: 0, seed };
          useApp.setState((s) => ({ boardTimes: { ...s.boardTimes, [e.key]: { error: failureOf(err) } } }));
        }
        const ms = performance.now() - t0;
        done++;
        useApp.setState((s) => ({ boardChecks: { ...s.boardChecks, [e.key]: check }, boardCheckMs: [...s.boardCheckMs, ms].slice(-50), boardRun: { ...s.boardRun, done } }));
      }
      if (software) {
        setRun({ status: 'done', phase: undefined, current: undefined });
        return;
      }
      // 2. On a GPU: time the entries that passed, all at the size the first one chose, as Time it does.
      const checks = useApp.getState().boardChecks;
      const toTime = toCheck.filter((e) => checks[e.key]?.status === 'pass' && timeable(exercise(e.ex)));
      total = done + toTime.length + (toTime.length > 0 ? 1 : 0);
      setRun({ total });
      let size = useApp.getState().boardRun.size;
      const timed: { key: string; t: BoardTime }[] = [];
      for (const e of toTime) {
        if (signal.aborted) return stopped();
        setRun({ current: e.key, phase: 'time' });
        try {
          const { timeLearner } = await import('../gpu/practiceTime');
          const o = await timeLearner(ctx, e.ex, e.code, { software: false, signal, ...(size !== undefined ? { size } : {}) });
          if (o.kind === 'timed') {
            size ??= o.size;
            const trust = runTrustHere(o.timing);
            const t: BoardTime = { gflops: o.gflops, medianMs: o.timing.stats.median, size: o.size, clock: o.timing.clock, samples: o.timing.stats.n, spreadPct: trust.spreadPct, verified: o.verification.ok, trusted: trust.trusted && o.verification.ok, distrust: trust.reasons };
            timed.push({ key: e.key, t });
            useApp.setState((s) => ({ boardTimes: { ...s.boardTimes, [e.key]: t }, boardRun: { ...s.boardRun, size } }));
          } else {
            useApp.setState((s) => ({ boardTimes: { ...s.boardTimes, [e.key]: { error: said(`board:notTimed.${o.why}`) } } }));
          }
        } catch (err) {
          if (err instanceof GpuRunError && err.kind === 'cancelled') return stopped();
          useApp.setState((s) => ({ boardTimes: { ...s.boardTimes, [e.key]: { error: failureOf(err) } } }));
        }
        done++;
        setRun({ done });
      }
      // 3. The rungs, once at that size (shared with Time it in this page), and each figure placed among them.
      if (size !== undefined && timed.length > 0) {
        if (signal.aborted) return stopped();
        setRun({ phase: 'rungs', current: undefined });
        try {
          const rungs = await rungsAt(ctx, size, signal);
          const figures = rungFigures(rungs);
          const roof = useApp.getState().roofline;
          const placed: Record<string, BoardTime> = {};
          for (const { key, t } of timed) {
            const place = t.trusted ? placeOnLadder(t.gflops, figures) : undefined;
            const share = t.trusted && roof && roof.verified ? ofRoof(t.gflops, roof.fmaGflops) : undefined;
            placed[key] = { ...t, ...(place ? { place } : {}), ...(share !== undefined ? { ofRoof: share } : {}) };
          }
          useApp.setState((s) => ({ boardTimes: { ...s.boardTimes, ...placed }, boardRun: { ...s.boardRun, rungs } }));
        } catch (err) {
          if (err instanceof GpuRunError && err.kind === 'cancelled') return stopped();
          setRun({ message: failureOf(err) });
        }
        done++;
      }
      setRun({ status: 'done', done, phase: undefined, current: undefined });
    },
  );
}

// ---- the classroom layout and names ---------------------------------------------------------------

export function setBoardClassroom(on: boolean): void {
  useApp.setState({ boardClassroom: on });
}

export function setBoardHideNames(on: boolean): void {
  useApp.setState({ boardHideNames: on });
}

// ---- saved in this browser ------------------------------------------------------------------------

export const kBoardSaveKey = 'tiles.board.saved';

const StoredCheck = z.strictObject({
  status: z.enum(['pass', 'fail', 'error']),
  failure: z.enum(['none', 'stopped', 'out-of-range', 'race', 'wrong', 'unwritten', 'structure', 'compile', 'unreadable']),
  mistake: z.optional(z.string().check(z.maxLength(200))),
  shapes: z.int().check(z.gte(0), z.lte(100)),
  random: z.int().check(z.gte(0), z.lte(100)),
  seed: z.optional(z.int().check(z.gte(0))),
});

const StoredBoard = z.strictObject({
  v: z.literal(1),
  /** The board link's value (core/board encodeBoard), or, for a set too long for one, its file's text. */
  link: z.optional(z.string()),
  file: z.optional(z.string()),
  checks: z.record(z.string(), StoredCheck),
  adapter: z.optional(z.string().check(z.maxLength(300))),
  date: z.string().check(z.maxLength(40)),
});

/** Keep the board (its links and the verdicts checked here) in this browser; figures timed here are not kept (they belong to this page's run). */
export async function saveBoard(): Promise<void> {
  const s = useApp.getState();
  const enc = await encodeBoard(s.boardSet);
  const date = new Date().toISOString();
  const stored: z.infer<typeof StoredBoard> = { v: 1, ...(enc.ok ? { link: enc.value } : { file: boardFileText(s.boardSet, '') }), checks: { ...s.boardChecks } as Record<string, z.infer<typeof StoredCheck>>, ...(s.boardRun.adapter ? { adapter: s.boardRun.adapter } : {}), date };
  try {
    localStorage.setItem(kBoardSaveKey, JSON.stringify(stored));
    useApp.setState({ boardSavedAt: date, boardInputError: undefined });
  } catch {
    useApp.setState({ boardInputError: { kind: 'saved', why: 'failed' } });
  }
}

/** When a saved board exists, its date; else undefined. */
export function savedBoardDate(): string | undefined {
  try {
    const raw = localStorage.getItem(kBoardSaveKey);
    if (raw === null) return undefined;
    const r = StoredBoard.safeParse(JSON.parse(raw));
    return r.success ? r.data.date : undefined;
  } catch {
    return undefined;
  }
}

/** Reopen the board saved in this browser: its links and the verdicts it had. */
export async function reopenBoard(): Promise<void> {
  let stored: z.infer<typeof StoredBoard>;
  try {
    const raw = localStorage.getItem(kBoardSaveKey);
    if (raw === null) {
      useApp.setState({ boardInputError: { kind: 'saved', why: 'none' } });
      return;
    }
    const r = StoredBoard.safeParse(JSON.parse(raw));
    if (!r.success) throw new Error('unreadable'); // i18n-exempt: caught below, said as `saved.unreadable`
    stored = r.data;
  } catch {
    useApp.setState({ boardInputError: { kind: 'saved', why: 'unreadable' } });
    return;
  }
  let set: BoardSet;
  if (stored.link !== undefined) {
    const r = await decodeBoard(stored.link);
    if (!r.ok) {
      useApp.setState({ boardInputError: { kind: 'saved', why: 'unreadable' } });
      return;
    }
    set = r.set;
  } else set = readBoardText(stored.file ?? '');
  const keys = new Set(practiceEntries(set).map((e) => e.key));
  const checks = Object.fromEntries(Object.entries(stored.checks).filter(([k]) => keys.has(k))) as Record<string, BoardCheck>;
  useApp.setState({ boardChecks: checks, boardTimes: {}, boardSenders: {}, boardRun: { status: 'idle', done: 0, total: 0, ...(stored.adapter ? { adapter: stored.adapter } : {}) }, boardSavedAt: stored.date });
  setBoard(set, { items: [], leftOut: 0 });
}

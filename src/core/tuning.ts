/**
 * The per-adapter tuner's data: what was measured, where it is kept, and how "auto" chooses.
 * No GPU here (gpu/tuner.ts measures); no DOM (state/tuning.ts stores).
 */
import { text, z } from './zod';
import { kKernelIdList, kKernels, kTunedKernelIds, type KernelId, type KernelParams } from './kernels';
import { ceilDiv, flops, type Shape } from './shape';

/** Values for a kernel's override constants (the kernel record's KernelParams). */
export type Params = KernelParams;

/** One configuration the tuner tries: a kernel and values for its override constants. */
export interface Candidate {
  readonly kernel: KernelId;
  readonly params: Params;
}

/** One candidate's outcome. */
export interface TuneEntry extends Candidate {
  /** GFLOP/s at the median, when it ran and was verified. */
  readonly gflops?: number;
  readonly medianMs?: number;
  readonly verified: boolean;
  /** Why it did not run, or what went wrong. */
  readonly note?: string;
  /** Where the kept figure comes from: a short round, or the final (settled, longer). */
  readonly phase?: TunePhase;
  /** How long the kept run settled the GPU's clock before its samples (gpu/timing settle); absent when it did not. */
  readonly settledMs?: number;
  /** Submissions the kept run was split into, when more than one (gpu/runner chooseBands). */
  readonly parts?: number;
  /** Timed runs of this candidate in the whole tuning. */
  readonly runs?: number;
}

/** The stages of a tuning: short interleaved rounds, then a final for the leaders. */
export type TunePhase = 'round' | 'final';

/** How a tuning decided (kept with its record, so a record says how its choice was made). */
export interface TuneMethod {
  /** How long the whole tuning took (ms). */
  readonly ms: number;
  /** Timed runs made in the rounds and in the final. */
  readonly roundRuns: number;
  readonly finalRuns: number;
  /** The bound stated before it started (tuneRunsBound): roundRuns + finalRuns never exceed it. */
  readonly maxRuns: number;
  /** Readings of the rounds taken on an unsettled clock (while the clock could be settled): each was timed again. */
  readonly unsettled: number;
  /** 'final': the choice is the fastest of the final (leaders timed again, settled, longer); 'rounds': no final ran (one leader). */
  readonly decidedBy: 'final' | 'rounds';
}

export interface TuneRecord {
  /** Which adapter (and engine) this was measured on: see adapterKey. */
  readonly adapter: string;
  readonly shape: Shape;
  readonly date: string;
  readonly clock: string;
  readonly entries: readonly TuneEntry[];
  /** How it decided; absent in records kept before issue 36. */
  readonly method?: TuneMethod;
}

/** The kernels the tuner considers: those whose record says `tuned` (at a given shape, autoCandidates narrows them). */
export const kTunedKernels: readonly KernelId[] = kTunedKernelIds;

// ---- the shape-aware guess: which candidates can win at a shape ----------------------------
/**
 * At most this many multiply-adds (128³) is a tiny problem: a run takes microseconds on a GPU, the
 * launch dominates, and a kernel with a 64×64 or larger block mostly computes padding (on
 * SwiftShader at 32³ the 4×4 rung ran at a third of naive's speed). Only kTinyKernels are tried.
 */
export const kTinyWork = 128 ** 3;
/** Tried for tiny problems only (the record's autoFor 'tinyOnly': naive and tiled). */
export const kSimpleKernels: readonly KernelId[] = kKernelIdList.filter((id) => kKernels[id].autoFor === 'tinyOnly');
/** The kernels tried for tiny problems: the simple ones and those the record marks 'tinyToo' (the rung with the smallest block). */
export const kTinyKernels: readonly KernelId[] = kKernelIdList.filter((id) => kKernels[id].autoFor !== undefined);
/**
 * A block rung is tried only when it launches at least this many workgroups (or half as many as the
 * rung with the most, when no rung reaches it): with fewer, most of a large GPU sits idle (at 512³ the
 * 128×128 rungs launch 16 workgroups and ran at a third of the 32×64 rung's speed on an H100).
 */
export const kMinBlocks = 32;

export const isTiny = (s: Shape): boolean => s.m * s.k * s.n <= kTinyWork;

/** Workgroups a kernel launches at a shape (its C blocks; tile 16 for the tiled kernel). */
export function blocksAt(id: KernelId, s: Shape): number {
  const b = kKernels[id].block(16);
  return ceilDiv(s.m, b.rows) * ceilDiv(s.n, b.cols);
}

/**
 * The candidates worth tuning at `shape` — a guess from the shape, so that tuning does not spend
 * its time on kernels that cannot win there: naive, tiled and the smallest block for tiny problems; otherwise the
 * register-tiled rungs that launch enough workgroups to fill a GPU (kMinBlocks).
 */
export function autoCandidates(all: readonly Candidate[], shape: Shape): Candidate[] {
  if (isTiny(shape)) return all.filter((c) => kTinyKernels.includes(c.kernel));
  // Split-K only where its C blocks are few (splitting K where they fill the GPU only adds a pass).
  const rest = all.filter((c) => !kSimpleKernels.includes(c.kernel) && (c.params.S === undefined || blocksAt(c.kernel, shape) < kSplitMaxBlocks));
  const most = Math.max(0, ...rest.map((c) => launchedAt(c, shape)));
  const floor = Math.min(kMinBlocks, most / 2);
  return rest.filter((c) => launchedAt(c, shape) >= floor);
}

/** Below this many C blocks the split-K rung is tried (the H100 figures fit two of its 128×128 workgroups per multiprocessor: 264 at once). */
export const kSplitMaxBlocks = 512;

/** Workgroups a candidate launches: its C blocks, times the layers of K for split-K (S). */
const launchedAt = (c: Candidate, s: Shape): number => blocksAt(c.kernel, s) * (c.params.S ?? 1);

/** How far (in FLOPs, either way) a tuned shape may be from the current one and still choose for it. */
export const kNearFactor = 8;

/** Whether a record tuned at `tuned` may choose for `shape`: the same candidates apply (tiny or not) and the work is within kNearFactor. */
export function recordCovers(tuned: Shape, shape: Shape): boolean {
  return isTiny(tuned) === isTiny(shape) && Math.abs(Math.log(flops(tuned) / flops(shape))) <= Math.log(kNearFactor);
}

/** Every combination of each kernel's tunables (one candidate for a kernel without any). */
export function candidatesFor(kernels: ReadonlyArray<{ readonly id: KernelId; readonly tunables?: ReadonlyArray<{ readonly name: string; readonly values: readonly number[] }> }>): Candidate[] {
  const out: Candidate[] = [];
  for (const k of kernels) {
    let combos: Record<string, number>[] = [{}];
    for (const t of k.tunables ?? []) combos = combos.flatMap((c) => t.values.map((v) => ({ ...c, [t.name]: v })));
    for (const params of combos) out.push({ kernel: k.id, params });
  }
  return out;
}

/** A short, stable text for params: "BK=8, GROUP=16"; "" when there are none. */
export function paramsLabel(p: Params): string {
  return Object.entries(p)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

/** The adapter a record belongs to: vendor, architecture, device, description and the engine. */
export function adapterKey(info: { vendor: string; architecture: string; device: string; description: string }, engine: string): string {
  return [info.vendor, info.architecture, info.device, info.description, engine].map((s) => s.trim() || '?').join(' | ');
}

export interface AutoChoice extends Candidate {
  readonly gflops: number;
  /** The record the choice comes from. */
  readonly record: TuneRecord;
}

/**
 * "Auto": from this adapter's records that cover `shape` (recordCovers), the one whose shape is
 * nearest in work (log of FLOPs), and in it the fastest verified entry that can run at `shape`
 * (`applicable`). Undefined when this adapter has no usable record near this shape: auto then tunes.
 */
export function chooseAuto(records: readonly TuneRecord[], adapter: string, shape: Shape, applicable: (c: Candidate) => boolean): AutoChoice | undefined {
  const mine = records.filter((r) => r.adapter === adapter && recordCovers(r.shape, shape));
  const byDistance = [...mine].sort((a, b) => Math.abs(Math.log(flops(a.shape) / flops(shape))) - Math.abs(Math.log(flops(b.shape) / flops(shape))));
  for (const record of byDistance) {
    const best = record.entries
      .filter((e) => e.verified && e.gflops !== undefined && applicable(e))
      .sort((a, b) => b.gflops! - a.gflops!)[0];
    if (best) return { kernel: best.kernel, params: best.params, gflops: best.gflops!, record };
  }
  return undefined;
}

/** The params the tuner found best for `kernel` (in the record auto would use), for ladder runs. */
export function tunedParams(choice: AutoChoice | undefined, kernel: KernelId): Params | undefined {
  if (!choice) return undefined;
  const best = choice.record.entries.filter((e) => e.kernel === kernel && e.verified && e.gflops !== undefined).sort((a, b) => b.gflops! - a.gflops!)[0];
  return best?.params;
}

// ---- how the tuner decides (gpu/tuner.ts runs it) ------------------------------------------
/** A candidate whose median is above this (ms per dispatch) is not run again (a slow adapter: a second look only costs time). */
export const kNoSecondRoundMs = 250;
/**
 * The second round times again the candidates whose first reading is within this fraction of the
 * best first reading (and every unsettled one). Readings are settled (gpu/timing settle) since
 * issue 36, and settled readings of one kernel agree within a few % from run to run; what is
 * below half the best cannot win.
 */
export const kSecondRoundGap = 0.5;
/** Candidates within this fraction of the best reading of the rounds go to the final (if among the top `finalists`). */
export const kFinalistGap = 0.6;
/** Leaders timed again in the final, by default. */
export const kFinalists = 3;
/** Runs per finalist in the final (interleaved). */
export const kFinalRounds = 2;

/** The most timed runs a tuning of `candidates` configurations makes: two rounds and the final. Stated before it starts. */
export function tuneRunsBound(candidates: number, finalists = kFinalists): number {
  return 2 * candidates + kFinalRounds * Math.min(Math.max(0, finalists), candidates > 1 ? candidates : 0);
}

/** A tuning's pace: ms per timed run, from a record that says how it decided (TuneMethod). */
export interface TunePace {
  readonly msPerRun: number;
  /** The record's shape (the pace depends on the problem's size). */
  readonly shape: Shape;
}

/**
 * The pace of this adapter's tuning nearest in work to `shape` among records that say how they
 * decided: what the page states before a tuning starts (with tuneRunsBound). Undefined when none does.
 */
export function tunePace(records: readonly TuneRecord[], adapter: string, shape: Shape): TunePace | undefined {
  const dist = (r: TuneRecord) => Math.abs(Math.log(flops(r.shape) / flops(shape)));
  const withPace = records.filter((r) => r.adapter === adapter && r.method && r.method.roundRuns + r.method.finalRuns > 0);
  const near = [...withPace].sort((a, b) => dist(a) - dist(b))[0];
  if (!near?.method) return undefined;
  return { msPerRun: near.method.ms / (near.method.roundRuns + near.method.finalRuns), shape: near.shape };
}

/** A reading that can be trusted to rank: verified, with a rate, and quick enough to time again. */
const rankable = (e: TuneEntry | undefined): e is TuneEntry & { gflops: number } => Boolean(e?.verified && e.gflops !== undefined && (e.medianMs ?? 0) <= kNoSecondRoundMs);

/**
 * A reading taken on a clock that was not settled first, where it could have been (GPU timestamps
 * on a real GPU): its figure may be several times too low (issue 36: 5–41 TFLOP/s through wgpu for
 * kernels that run 38–42 settled), so it must not rule a candidate out.
 */
export function isUnsettled(e: TuneEntry | undefined, settles: boolean): boolean {
  return settles && e?.verified === true && e.settledMs === undefined;
}

/**
 * The second round: the candidates to time again, in the reverse order of the first (a candidate
 * that ran first on a cold GPU runs last on a warm one), those whose first reading is within
 * kSecondRoundGap of the best, and every unsettled reading whatever its figure.
 */
export function secondRoundOf(candidates: readonly Candidate[], entryOf: (c: Candidate) => TuneEntry | undefined, settles: boolean): Candidate[] {
  const top = Math.max(0, ...candidates.map(entryOf).filter(rankable).map((e) => e.gflops));
  return [...candidates].reverse().filter((c) => {
    const e = entryOf(c);
    return rankable(e) && (e.gflops >= top * kSecondRoundGap || isUnsettled(e, settles));
  });
}

/**
 * The candidates worth a final: verified, among the `n` fastest, within kFinalistGap of the
 * fastest, and quick enough that timing them again costs little (medians under kNoSecondRoundMs).
 */
export function finalistsOf(candidates: readonly Candidate[], entryOf: (c: Candidate) => TuneEntry | undefined, n: number): Candidate[] {
  const ok = candidates
    .map((c) => ({ c, e: entryOf(c) }))
    .filter((x): x is { c: Candidate; e: TuneEntry & { gflops: number } } => rankable(x.e))
    .sort((a, b) => b.e.gflops - a.e.gflops);
  const top = ok[0]?.e.gflops ?? 0;
  return ok.slice(0, Math.max(0, n)).filter((x) => x.e.gflops >= top * kFinalistGap).map((x) => x.c);
}

/** Keeps a candidate's faster verified figure; a failure replaces whatever it had (it must not be chosen). */
export function keepBetter(prev: TuneEntry | undefined, entry: TuneEntry): TuneEntry {
  return !prev || !entry.verified || (prev.verified && entry.gflops! > prev.gflops!) ? entry : prev;
}

// ---- storage: validated on load like a share link ------------------------------------------
const kDim = z.int().check(z.minimum(1), z.maximum(1 << 20));
const ParamsSchema = z.record(text(32), z.int().check(z.minimum(0), z.maximum(1 << 16)));
const EntrySchema = z.object({
  kernel: z.enum(kKernelIdList),
  params: ParamsSchema,
  gflops: z.optional(z.number().check(z.nonnegative())),
  medianMs: z.optional(z.number().check(z.nonnegative())),
  verified: z.boolean(),
  note: z.optional(text(500)),
  phase: z.optional(z.enum(['round', 'final'])),
  settledMs: z.optional(z.number().check(z.nonnegative())),
  parts: z.optional(z.int().check(z.minimum(1), z.maximum(1 << 16))),
  runs: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
});
const kCount = z.int().check(z.minimum(0), z.maximum(10_000));
const MethodSchema = z.object({
  ms: z.number().check(z.nonnegative()),
  roundRuns: kCount,
  finalRuns: kCount,
  maxRuns: kCount,
  unsettled: kCount,
  decidedBy: z.enum(['final', 'rounds']),
});
export const TuneRecordSchema = z.object({
  adapter: text(500),
  shape: z.object({ m: kDim, k: kDim, n: kDim }),
  date: text(40),
  clock: text(40),
  entries: z.array(EntrySchema).check(z.maxLength(64)),
  method: z.optional(MethodSchema),
});
/** Records kept per browser (newest first); older ones are dropped. */
export const kMaxTuneRecords = 20;

/** Parses stored records, dropping any that do not validate. */
export function parseTuneRecords(raw: unknown): TuneRecord[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((r) => {
    const p = TuneRecordSchema.safeParse(r);
    return p.success ? [p.data as TuneRecord] : [];
  }).slice(0, kMaxTuneRecords);
}

/** Adds a record, replacing any earlier one for the same adapter and shape. */
export function addTuneRecord(records: readonly TuneRecord[], rec: TuneRecord): TuneRecord[] {
  const same = (r: TuneRecord) => r.adapter === rec.adapter && r.shape.m === rec.shape.m && r.shape.k === rec.shape.k && r.shape.n === rec.shape.n;
  return [rec, ...records.filter((r) => !same(r))].slice(0, kMaxTuneRecords);
}

/** Every configuration the tuner may try: the tuned kernels with every value of their tunables. */
export const kTuneCandidates: readonly Candidate[] = candidatesFor(kTunedKernels.map((id) => kKernels[id]));

/** The configurations the tuner tries at a shape (the shape-aware guess, autoCandidates). */
export function tuneCandidates(shape: Shape): Candidate[] {
  return autoCandidates(kTuneCandidates, shape);
}

/**
 * The note a tuning record keeps for a candidate that ran but did not match: stored data (in
 * English, whatever the language), which the tuner's table shows as run:tuner.mismatchNote.
 */
export const kMismatchNote = 'did not match the CPU reference'; // i18n-exempt: stored in tuning records; shown through run:tuner.mismatchNote

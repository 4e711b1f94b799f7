/**
 * Timing a learner's kernel (issue #38), as data: which exercises can be timed, the size a timed run
 * uses, where its figure stands among the ladder's rungs timed the same way, and the figure a `#code=`
 * link may carry (the sender's, judged by the shared-figure trust rule, never re-measured).
 *
 * A timed run is: a bounded run at the timed size (the code with a loop budget per invocation,
 * core/practice/wgsl timedModules), then the code as written, timed through gpu/timing like every
 * rung, its C verified against the CPU reference at that size. Pure: no GPU, no words.
 */
import { base64UrlToText, textToBase64Url, toBase64Url } from '../base64url';
import { ClockSchema } from '../clock';
import { peakGflopsOf } from '../gpuPeaks';
import { cube, gflops as gflopsAt, type Shape } from '../shape';
import { arithmeticIntensity } from '../traffic';
import { pointTrust, softwareAdapter, type Trust } from '../trust';
import { text, z } from '../zod';
import { isExerciseId, kExerciseIds, layoutOf, type Exercise, type ExerciseId } from './exercises';

/** Only the matrix products are timed (and placed on the matmul ladder). */
export function timeable(ex: Exercise): boolean {
  return ex.kind === 'matmul';
}

/**
 * The TILE a timed run uses: the rungs' (16). The check runs at the exercise's own small TILE (4:
 * small shapes, readable maps); a kernel written against TILE and WG, as the exercises ask, runs at
 * any TILE, and at 4 a workgroup has 16 invocations — too few to keep a GPU busy (the register tile
 * at TILE 4 timed 454 GFLOP/s at 4096³ on an H200 through wgpu, below the naive rung's 1,570).
 * Code that only works at TILE 4 fails verification at the timed size and gets no figure.
 */
export const kTimedTile = 16;

/** The exercise as a timed run runs it: TILE = kTimedTile, WG = TILE², the workgroup and the block of C scaled alike. */
export function timedExercise(ex: Exercise): Exercise {
  const f = kTimedTile / ex.constants.tile;
  if (f === 1) return ex;
  return {
    ...ex,
    constants: { tile: kTimedTile, wg: kTimedTile * kTimedTile },
    workgroup: [ex.workgroup[0] * f, ex.workgroup[1] * f],
    ...(ex.block ? { block: { rows: ex.block.rows * f, cols: ex.block.cols * f, ...(ex.block.depth !== undefined ? { depth: ex.block.depth * f } : {}) } } : {}),
  };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number): number => (a / gcd(a, b)) * b;

/**
 * The one shape a timed run also verifies besides its cubes: K above 96 (the check's largest K) and
 * not a power of two (every timed cube's K is one), M = N = 64 or the least multiple of the timed
 * block that is larger — where a kernel wrong only at such a K (a loop bound, a phase count, a
 * shift for a division) shows. K is the least such multiple of everything the exercise assumes K
 * to be a multiple of (TILE, the block's depth, its premise).
 */
export function oddKShape(ex: Exercise): Shape {
  const t = timedExercise(ex);
  const kUnit = [t.constants.tile, t.block?.depth ?? 1, ex.random.multipleOf ?? 1].reduce(lcm);
  let k = kUnit * (Math.floor(96 / kUnit) + 1);
  while ((k & (k - 1)) === 0) k += kUnit;
  const mnUnit = [t.constants.tile, t.block?.rows ?? 1, t.block?.cols ?? 1, ex.random.multipleOf ?? 1, t.workgroup[0], t.workgroup[1]].reduce(lcm);
  const mn = mnUnit * Math.max(1, Math.ceil(64 / mnUnit));
  return { m: mn, k, n: mn };
}

/**
 * Elements of C a timed size's check draws at random, from a seed drawn after the run
 * (core/reference entriesToCheck: up to 65,536, at least 2^26 / K — 16,384 at 4096³), besides the
 * corner and border blocks. A kernel wrong on a share q of C passes only if every drawn element
 * misses the wrong ones: (1 − q)^n. At n = 16,384, one wrong element in a hundred passes with odds
 * under 10^−71; a C right on only 6 % of its elements, under 10^−20,000. Drawn after the run, the entries
 * checked cannot be known to the kernel; below 2^25 multiply-adds (every size up to 256³) every
 * element is checked. Returns the power of ten the odds are under (−71 for 16,384 entries at 1 %).
 */
export function missOddsExponent(randomEntries: number, wrongShare = 0.01): number {
  return Math.ceil(randomEntries * Math.log10(1 - wrongShare));
}

/** Square sizes a timed run may use (M = K = N), smallest first: each a multiple of every timed exercise's premise and block. */
export const kTimedSizes = [64, 128, 256, 512, 1024, 2048, 4096] as const;

/**
 * The longest one dispatch of a timed run may take (ms): on a GPU a quarter of a second (the whole
 * timing then stays within a few seconds: warm-ups, the clock settling, about a second of samples;
 * every dispatch is one submission, far below a browser's GPU watchdog), on a software adapter much
 * less (its figure is no GPU's speed anyway; the size only has to be checked and timed).
 */
export const kTimedDispatchMs = { gpu: 250, software: 25 } as const;

/** The size the rate is measured at before the timed size is chosen: small enough for any adapter. */
export const kProbeSize = { gpu: 256, software: 64 } as const;

/**
 * The largest size whose one dispatch fits kTimedDispatchMs at `gflops` (the kernel's rate measured
 * at the probe size; its rate at larger sizes is usually higher, so this errs short). At least the
 * probe size's: that one has run already.
 */
export function timedSize(gflops: number | undefined, software: boolean): number {
  const probe: number = software ? kProbeSize.software : kProbeSize.gpu;
  if (gflops === undefined || !(gflops > 0)) return probe;
  const limit = software ? kTimedDispatchMs.software : kTimedDispatchMs.gpu;
  let best: number = probe;
  for (const n of kTimedSizes) if (n >= probe && (2 * n ** 3) / (gflops * 1e6) <= limit) best = n;
  return best;
}

/** A rung's figure at the timed size, for placing (its id, rate, and whether it is a speed). */
export interface RungFigure {
  readonly id: string;
  readonly gflops: number;
  readonly verified: boolean;
  readonly trusted: boolean;
}

/** Where a figure stands: the rung just below and just above it (absent past either end) and its share of the best rung. */
export interface Place {
  readonly below?: string;
  readonly above?: string;
  /** Its rate over the fastest trusted rung's. */
  readonly ofBest?: number;
  readonly best?: string;
  /** How many rungs it was placed among (verified and trusted). */
  readonly among: number;
}

/**
 * Where a trusted, verified figure stands among the rungs timed the same way (only those verified
 * and trusted count): undefined when the figure is no speed or no rung is. `below`: the fastest rung
 * slower than it; `above`: the slowest rung faster than (or as fast as) it.
 */
export function placeOnLadder(gflops: number, rungs: readonly RungFigure[]): Place | undefined {
  const good = rungs.filter((r) => r.verified && r.trusted && r.gflops > 0);
  if (good.length === 0 || !(gflops > 0)) return undefined;
  let below: RungFigure | undefined;
  let above: RungFigure | undefined;
  for (const r of good) {
    if (r.gflops < gflops) {
      if (!below || r.gflops > below.gflops) below = r;
    } else if (!above || r.gflops < above.gflops) above = r;
  }
  const best = good.reduce((a, b) => (b.gflops > a.gflops ? b : a));
  return { ...(below ? { below: below.id } : {}), ...(above ? { above: above.id } : {}), ofBest: gflops / best.gflops, best: best.id, among: good.length };
}

/**
 * The arithmetic intensity the traffic model gives a timed exercise at `size` (FLOP per byte of global
 * memory): the exercise's read budget per invocation (what its solution reads: 2 per phase for the
 * tiled kernel, 2·K for the naive one, its share of each staged block for a register tile) over every
 * invocation of the timed run, 4 bytes each — where its point sits on the roofline.
 */
export function exerciseIntensity(ex: Exercise, size: number): number {
  const t = timedExercise(ex);
  const s = cube(size);
  const l = layoutOf(t, s);
  return arithmeticIntensity(s, l.readBudget * l.invocations);
}

/** A figure's share of this GPU's measured FMA roof (undefined without a roof). */
export function ofRoof(gflops: number, roofGflops: number | undefined): number | undefined {
  return roofGflops !== undefined && roofGflops > 0 && gflops > 0 ? gflops / roofGflops : undefined;
}

// ---- the sender's figure in a link ------------------------------------------------------------------

const ms = z.number().check(z.gt(0), z.lte(86_400_000));
const ratio = z.number().check(z.gte(0), z.lte(1000));

/**
 * The timed figure a `#code=` link may carry (`&timed=`, base64url JSON): the sender's measurement,
 * shown as theirs and judged by the shared-figure rule (timedLinkTrust), never as this GPU's.
 */
export const TimedShareSchema = z.strictObject({
  ex: z.enum(kExerciseIds as unknown as [ExerciseId, ...ExerciseId[]]),
  /**
   * The code the figure was measured with: base64url of the SHA-256 of its normalized text
   * (codeHash). A figure without one, or beside other code, is refused (`code`).
   */
  code: z.optional(text(64)),
  /** M = K = N of the timed run. */
  size: z.int().check(z.gte(1), z.lte(65536)),
  clock: ClockSchema,
  samples: z.int().check(z.gte(1), z.lte(10_000)),
  dispatchesPerSample: z.int().check(z.gte(1), z.lte(10_000)),
  medianMs: ms,
  minMs: ms,
  maxMs: ms,
  gflops: z.number().check(z.gte(0), z.lte(1e9)),
  verified: z.boolean(),
  /** The sender's verdict (they may have seen a reason this figure does not carry). */
  trusted: z.boolean(),
  adapter: z.strictObject({ vendor: text(120), architecture: text(120), description: text(300), isFallbackAdapter: z.optional(z.boolean()) }),
  browser: text(200),
  below: z.optional(text(40)),
  above: z.optional(text(40)),
  ofBest: z.optional(ratio),
  ofRoof: z.optional(ratio),
});
export type TimedShare = z.infer<typeof TimedShareSchema>;

/** The longest `timed=` value read (characters): a figure is a few hundred. */
export const kMaxTimedValue = 4096;

/**
 * The code as a figure is bound to it: the WGSL spec's line breaks (CR LF, CR, U+0085, U+2028,
 * U+2029, VT, FF) as newlines, Unicode NFC, spaces at the ends of lines and blank lines at the end
 * dropped. What an editor, a mail client or a copy may change without changing the code.
 */
const kLineBreaks = new Set(['\r', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029']);

export function normalizeCode(code: string): string {
  return code
    .normalize('NFC')
    .replaceAll('\r\n', '\n')
    .split('')
    .map((ch) => (kLineBreaks.has(ch) ? '\n' : ch))
    .join('')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trimEnd();
}

/** The hash a figure carries of its code: base64url of the SHA-256 of the normalized text's UTF-8 (43 characters). */
export async function codeHash(code: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalizeCode(code)));
  return toBase64Url(new Uint8Array(digest));
}

/**
 * Why a link's figure is refused although it reads: `code`, measured with other code (its hash is
 * not the code's beside it, or it carries none); `size`, a size Time it never times at
 * (kTimedSizes); `rate`, faster than the GPU it names can go (its FP32 peak from the makers'
 * figures, core/gpuPeaks) or, for a GPU the table does not know, than the cap no GPU comes near;
 * `rung`, a place named by a rung that is not on the ladder.
 */
export const kTimedLinkBad = ['code', 'size', 'rate', 'rung'] as const;
export type TimedLinkBad = (typeof kTimedLinkBad)[number];

export interface TimedLinkVerdict {
  readonly trusted: boolean;
  readonly verified: boolean;
  readonly consistent: boolean;
  readonly software: boolean;
  /** Whether the figure's code hash is the hash of the code beside it. */
  readonly codeMatch: boolean;
  /** Why it is refused (in kTimedLinkBad order); empty when it is not. */
  readonly bad: readonly TimedLinkBad[];
  /** The fastest rate the named adapter could show, and whether the table knows it. */
  readonly peak: { readonly gflops: number; readonly known: boolean };
  readonly trust?: Trust;
}

/**
 * The shared-figure rule over a link's timed figure, beside code whose hash is `here.codeHash`, its
 * places judged against the ladder's rung ids `here.rungs` (core/kernels kLadderIds: passed in, so
 * that this module, which the first screen loads, does not pull in every kernel's WGSL):
 * refused for the reasons of kTimedLinkBad, then the point rule (its clock's assumed step, the
 * spread, a software adapter), consistency (min ≤ median ≤ max; the rate what its size and median
 * give) and the sender's own verdict. `verified` is said only when nothing refused it and it was.
 */
export function timedLinkTrust(f: TimedShare, here: { readonly codeHash: string | undefined; readonly rungs: readonly string[] }): TimedLinkVerdict {
  const isRung = (id: string | undefined) => id === undefined || here.rungs.includes(id);
  const software = softwareAdapter(f.adapter).software;
  const consistent = f.minMs <= f.medianMs && f.medianMs <= f.maxMs && Math.abs(f.gflops - gflopsAt({ m: f.size, k: f.size, n: f.size }, f.medianMs)) <= 1e-6 * Math.max(1, f.gflops);
  const codeMatch = f.code !== undefined && here.codeHash !== undefined && f.code === here.codeHash;
  const peak = peakGflopsOf(f.adapter.description);
  const fastest = gflopsAt({ m: f.size, k: f.size, n: f.size }, f.minMs);
  const bad: TimedLinkBad[] = [];
  if (!codeMatch) bad.push('code');
  if (!(kTimedSizes as readonly number[]).includes(f.size)) bad.push('size');
  if (!(f.gflops <= peak.gflops) || !(fastest <= peak.gflops)) bad.push('rate');
  if (!isRung(f.below) || !isRung(f.above)) bad.push('rung');
  const trust = pointTrust({ clock: f.clock, medianMs: f.medianMs, minMs: f.minMs, maxMs: f.maxMs, dispatchesPerSample: f.dispatchesPerSample, size: f.size, gflops: f.gflops }, { software });
  const verified = consistent && f.verified && bad.length === 0;
  return { trusted: verified && f.trusted && trust?.trusted === true, verified, consistent, software, codeMatch, bad, peak, ...(trust ? { trust } : {}) };
}

/** base64url of UTF-8 JSON (the link's `timed=` value). */
export function encodeTimed(f: TimedShare): string {
  return textToBase64Url(JSON.stringify(f));
}

/** A link's timed figure: absent, read (for the exercise the link names), or refused (damaged, or for another exercise). */
export type ReadTimed = { readonly ok: true; readonly figure: TimedShare } | { readonly ok: false; readonly why: 'damaged' | 'other-exercise' };

export function readTimed(value: string, ex: string | undefined): ReadTimed {
  const text = value.length > kMaxTimedValue ? undefined : base64UrlToText(value);
  if (text === undefined) return { ok: false, why: 'damaged' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, why: 'damaged' };
  }
  const r = TimedShareSchema.safeParse(json);
  if (!r.success) return { ok: false, why: 'damaged' };
  if (ex !== undefined && isExerciseId(ex) && r.data.ex !== ex) return { ok: false, why: 'other-exercise' };
  return { ok: true, figure: r.data };
}

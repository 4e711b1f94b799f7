/**
 * Splitting a long run into bands of rows (gpu/runner.ts chooseBands), the arithmetic: how long one
 * band of rows runs, from a probe that ran it alone, and how many rows each submission then takes.
 * No GPU here.
 */

/** What the probe of one band measured. */
export interface BandProbe {
  /** Wall clock around the probe's submit-and-wait. */
  readonly wallMs: number;
  /** Wall clock around an empty submission's submit-and-wait, just before: the engine's own round trip. */
  readonly emptyWallMs: number;
  /** GPU timestamps around the probe's pass, when the device has them. */
  readonly gpuMs?: number;
}

/**
 * How long the band ran. GPU timestamps when there are any: the wall clock also holds the engine's
 * round trip, which is not the kernel's (through Deno's wgpu on an H200 it was 15–20 ms for a band
 * that ran 0.1 ms, so every run at 4096³ was estimated at over 500 ms and split — and a split run
 * used to start unsettled: issue 36). Without timestamps: the wall clock less an empty submission's
 * round trip, but at least half the wall clock (the round trip varies; a long band must stay long).
 */
export function bandMs(p: BandProbe): number {
  if (p.gpuMs !== undefined && Number.isFinite(p.gpuMs) && p.gpuMs > 0) return p.gpuMs;
  return Math.max(p.wallMs - p.emptyWallMs, p.wallMs / 2);
}

/** How a run is cut into submissions: rows per part (multiples of the band), parts, and the whole run's estimate. */
export interface SplitChoice {
  readonly rowsPerPart: number;
  readonly parts: number;
  readonly estimateMs: number;
}

/**
 * The split of a run of `m` rows whose band of `bandRows` rows runs `perBandMs`: one part when the
 * whole run is estimated within `budgetMs`, else parts of as many whole bands as fit the budget.
 */
export function chooseSplit(m: number, bandRows: number, perBandMs: number, budgetMs: number): SplitChoice {
  const estimateMs = perBandMs * (m / bandRows);
  if (!(estimateMs > budgetMs)) return { rowsPerPart: m, parts: 1, estimateMs };
  const rowsPerPart = bandRows * Math.max(1, Math.floor(budgetMs / Math.max(perBandMs, 1e-3)));
  const parts = Math.ceil(m / rowsPerPart);
  return parts > 1 ? { rowsPerPart, parts, estimateMs } : { rowsPerPart: m, parts: 1, estimateMs };
}

/**
 * The rule over a shared probe (issue #29's figures in a link), apart from core/trust so that the
 * lesson's first load, which judges runs and points, does not bring the probes' geometry (issue #47).
 */
import { probeRatios, type BankKind, type GlobalKind, type ProbeId } from './probes';
import { agrees, kMaxGpuBandwidthGbs, kMaxProbeRatio, kMaxWorkgroupGbs, type FigureProblem, type SharedFigureTrust } from './trust';

/** A probe as a link carries it (core/share ProbesShareSchema). */
export interface ProbeFigureFields {
  /** MiB one dispatch reads. */
  readonly mib: number;
  /** Measured on a software adapter, by the sender's own account. */
  readonly software: boolean;
  readonly variants: ReadonlyArray<{ readonly kind: GlobalKind | BankKind; readonly medianMs: number; readonly gbps: number; readonly verified: boolean; readonly trusted: boolean }>;
}

/**
 * The rule over a shared probe: each variant's GB/s physically plausible (global memory ≤
 * kMaxGpuBandwidthGbs, workgroup memory ≤ kMaxWorkgroupGbs) and consistent with the MiB it reads
 * and its median; its ratios (core/probes probeRatios, from the medians) within kMaxProbeRatio
 * either way. Verified only when every variant was and no figure fails; trusted only when, besides,
 * the sender trusted every variant's time and no software adapter measured it.
 */
export function probeFigureTrust(id: ProbeId, p: ProbeFigureFields, from?: { readonly software?: boolean }): SharedFigureTrust {
  const problems: FigureProblem[] = [];
  const limit = id === 'coalescing' ? kMaxGpuBandwidthGbs : kMaxWorkgroupGbs;
  const bytes = p.mib * 2 ** 20;
  for (const v of p.variants) {
    const expected = v.medianMs > 0 ? bytes / (v.medianMs * 1e6) : 0;
    if (!(v.gbps <= limit)) problems.push({ figure: v.kind, flaw: 'implausible', value: v.gbps, expected: limit });
    else if (!agrees(v.gbps, expected)) problems.push({ figure: v.kind, flaw: 'inconsistent', value: v.gbps, expected });
  }
  const ratios = probeRatios(id, (kind) => p.variants.find((v) => v.kind === kind)?.medianMs ?? NaN);
  for (const [figure, x] of [['ratio', ratios.ratio], ['paddedRatio', ratios.padded]] as const) {
    if (x !== undefined && !(x <= kMaxProbeRatio && x >= 1 / kMaxProbeRatio)) problems.push({ figure, flaw: 'implausible', value: x, expected: x > 1 ? kMaxProbeRatio : 1 / kMaxProbeRatio });
  }
  const software = p.software || from?.software === true;
  const verified = p.variants.every((v) => v.verified) && problems.length === 0;
  return { trusted: verified && !software && p.variants.every((v) => v.trusted), verified, software, problems };
}

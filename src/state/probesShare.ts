/** The probes run in this session as a share link carries them (core/share ProbesShareSchema). */
import type { ProbesShare } from '../core/share';
import type { ProbeResult } from '../gpu/probes';
import type { ProbesState } from './probesState';
import { runTrustHere } from './trust';

const finite = (x: number) => (Number.isFinite(x) && x >= 0 ? x : 0);

/** One probe's result as a share link carries it: figures and verdicts, each variant's trust by this page's rule. */
function probeShareOf(r: ProbeResult) {
  return {
    mib: finite(r.variants[0]!.bytes / 2 ** 20),
    software: r.software,
    clock: r.variants[0]!.timing.clock,
    variants: r.variants.map((v) => ({
      kind: v.kind,
      medianMs: finite(v.timing.stats.median),
      gbps: finite(v.gbPerS),
      runs: v.timing.stats.n,
      verified: v.check.verified,
      trusted: runTrustHere(v.timing).trusted,
    })),
  };
}

/** The probes run in this session, as a share link carries them; undefined when none has a result. */
export function probesShare(probes: ProbesState['probes']): ProbesShare | undefined {
  const c = probes.coalescing.status === 'done' ? probes.coalescing.result : undefined;
  const b = probes.banks.status === 'done' ? probes.banks.result : undefined;
  if (!c && !b) return undefined;
  return {
    ...(c?.probe === 'coalescing' ? { coalescing: probeShareOf(c) as NonNullable<ProbesShare['coalescing']> } : {}),
    ...(b?.probe === 'banks' ? { banks: probeShareOf(b) as NonNullable<ProbesShare['banks']> } : {}),
  };
}

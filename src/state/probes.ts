/** Actions of the coalescing and bank-conflict probes (the ladder view's probe sections). */
import type { ProbeId } from '../core/probes';
import type { ProbesShare } from '../core/share';
import type { ProbeResult } from '../gpu/probes';
import { runTrustHere } from './trust';
import { failureOf } from '../gpu/device';
import { runProbe } from '../gpu/probes';
import { said } from '../i18n';
import { busyMessage, withRun } from './runs';
import { useApp } from './store';
import type { ProbeSlot, ProbesState } from './probesState';

const setSlot = (id: ProbeId, slot: ProbeSlot) => useApp.setState((s) => ({ probes: { ...s.probes, [id]: slot } }));

/** Runs one probe on the session's device (under the one run lock) and keeps its result. */
export async function runProbeView(id: ProbeId): Promise<void> {
  await withRun(
    {
      refuse: (r) => {
        if (r.why === 'busy') setSlot(id, { ...useApp.getState().probes[id], error: busyMessage() });
        else if (r.why === 'no-gpu') setSlot(id, { status: 'error', error: said('probes:noGpu') });
      },
    },
    async ({ ctx, signal }) => {
      setSlot(id, { status: 'running', step: { n: 0, total: id === 'coalescing' ? 2 : 3 } });
      try {
        const result = await runProbe(ctx, id, { signal, onVariant: (n, total) => setSlot(id, { status: 'running', step: { n, total } }) });
        setSlot(id, { status: 'done', result });
      } catch (e) {
        setSlot(id, { status: 'error', error: failureOf(e) });
      }
    },
  );
}

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

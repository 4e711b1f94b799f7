/** Actions of the coalescing and bank-conflict probes (the ladder view's probe sections). */
import type { ProbeId } from '../core/probes';
import { failureOf } from '../gpu/device';
import { runProbe } from '../gpu/probes';
import { said } from '../i18n';
import { busyMessage, withRun } from './runs';
import { useApp } from './store';
import type { ProbeSlot } from './probesState';
import { makeShareUrl } from './bench';
import { probesShare } from './probesShare';

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
        // A sweep's link made on this device carries the probes too: make it again with them.
        const payload = useApp.getState().sweepPayload;
        const probes = probesShare(useApp.getState().probes);
        if (payload && probes) {
          const withProbes = { ...payload, probes };
          useApp.setState({ sweepPayload: withProbes });
          await makeShareUrl(withProbes);
        }
      } catch (e) {
        setSlot(id, { status: 'error', error: failureOf(e) });
      }
    },
  );
}

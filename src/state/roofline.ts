/** The roofline's action: run its probes on this GPU (gpu/roofline.ts: copy, fma and, where it can, the tensor cores) and keep their figures. */
import type { RooflineFigures } from '../core/roofline';
import { failureOf } from '../gpu/device';
import { runRoofline, tensorProbeNeeds, type RooflineResult } from '../gpu/roofline';
import { said } from '../i18n';
import { makeShareUrl } from './bench';
import { busyMessage, withRun, type Refusal } from './runs';
import { useApp } from './store';

const finite = (x: number) => (Number.isFinite(x) && x >= 0 ? x : 0);

/** The figures that are kept and shared, from a run. */
export function figuresOf(r: RooflineResult): RooflineFigures {
  return {
    bandwidthGbs: r.copy.gbps,
    builtinGbs: r.builtin.gbps,
    fmaGflops: r.fma.gflops,
    verified: r.copy.verified && r.fma.verified,
    clock: r.copy.timing.clock === 'gpu-timestamp' && r.fma.timing.clock === 'gpu-timestamp' ? 'gpu-timestamp' : 'wall-clock',
    runs: Math.min(r.copy.timing.stats.n, r.fma.timing.stats.n),
    copyMib: r.copy.config.bytes / 2 ** 20,
    fmaGflop: r.fma.flops / 1e9,
    scale: r.scale,
    copyMs: finite(r.copy.timing.stats.median),
    builtinMs: finite(r.builtin.timing.stats.median),
    fmaMs: finite(r.fma.timing.stats.median),
    ...(r.tensor
      ? {
          tensor: {
            gflops: r.tensor.gflops,
            gflop: r.tensor.flops / 1e9,
            ms: finite(r.tensor.timing.stats.median),
            runs: r.tensor.timing.stats.n,
            clock: r.tensor.timing.clock,
            verified: r.tensor.verified,
          },
        }
      : {}),
  };
}

/** Why this GPU gets no tensor roof (the tensor-core rung's missing feature or subgroup size), or undefined: it gets one. */
export const tensorRoofNeeds = tensorProbeNeeds;

export async function runRooflineView(): Promise<void> {
  const refuse = (r: Refusal): void => {
    if (r.why === 'busy') useApp.setState({ rooflineError: busyMessage() });
    else if (r.why === 'no-gpu') useApp.setState({ rooflineError: said('run:roofline.noGpu') });
  };
  await withRun({ refuse }, async ({ ctx, signal }) => {
    // The previous run's figures go as this one starts: a run that fails or is cancelled leaves none
    // under a ✓ that it did not produce (as the probes clear theirs).
    useApp.setState({ rooflineStatus: 'running', rooflineError: '', rooflineStage: undefined, rooflineResult: undefined, roofline: undefined });
    try {
      const r = await runRoofline(ctx, { signal, onStage: (rooflineStage) => useApp.setState({ rooflineStage }) });
      const roofline = figuresOf(r);
      useApp.setState({ rooflineResult: r, roofline, rooflineStatus: 'done', rooflineStage: undefined });
      // A sweep's link made on this device carries the roofline too: make it again with it.
      const payload = useApp.getState().sweepPayload;
      if (payload) {
        const withRoofline = { ...payload, roofline };
        useApp.setState({ sweepPayload: withRoofline });
        await makeShareUrl(withRoofline);
      }
    } catch (e) {
      useApp.setState({ rooflineStatus: 'error', rooflineError: failureOf(e), rooflineStage: undefined });
    }
  });
}

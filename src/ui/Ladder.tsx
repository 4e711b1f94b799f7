/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { kernelLoads, kKernels, kLadderIds, kReferenceRun, tunedConstants, type KernelId } from '../core/kernels';
import { arithmeticIntensity } from '../core/traffic';
import { kClockLabels } from '../core/clock';
import { runKernels } from '../state/runs';
import { checkKernels, resultFor, useDerived } from '../state/selectors';
import { useApp } from '../state/store';
import { fmtGflops, fmtInt, fmtMs } from './format';
import { Tuning } from './Tuning';
import { paramsLabel } from '../core/tuning';

/** The reference run's figures for a rung, as text (never this GPU's). */
function refCell(id: KernelId): string {
  const r = kKernels[id].reference;
  if (!r) return '—';
  const pct = (v: number) => `${((v / kReferenceRun.cublas) * 100).toFixed(0)}%`;
  return `${r.dawn.toFixed(1)} (${pct(r.dawn)}) · ${r.wgpu === null ? 'n/a' : `${r.wgpu.toFixed(1)} (${pct(r.wgpu)})`}`;
}

/** Every kernel on this GPU at the current shape: GFLOP/s per rung, what changed, and the traffic model. */
export function Ladder() {
  const results = useApp((s) => s.results);
  const gpu = useApp((s) => s.gpu);
  const busy = useApp((s) => s.busy);
  const auto = useApp((s) => s.auto);
  const derived = useDerived();
  const { parsed } = checkKernels(derived, ['naive', 'tiled']);
  // Rungs that cannot run at this shape on this GPU (e.g. vec4 loads with N not a multiple of 4), and why.
  const notApplicable = new Map<KernelId, string>();
  if (parsed && gpu.state === 'ready') {
    for (const id of kLadderIds) {
      const plan = derived.plans[id];
      if (typeof plan === 'string') notApplicable.set(id, plan);
    }
  }
  const runnable = kLadderIds.filter((id) => !notApplicable.has(id));
  // Only results for the shape in the inputs belong in this table.
  const rows = kLadderIds.map((id) => ({ id, r: resultFor(results, id, parsed) }));
  const measured = rows.filter(({ r }) => r?.status === 'verified' && r.run);
  const best = Math.max(0, ...measured.map(({ r }) => r!.run!.gflops));
  return (
    <section className="panel" aria-labelledby="ladder-heading" data-testid="ladder">
      <h2 id="ladder-heading">The kernel ladder</h2>
      <p className="small">
        From the lesson’s tiled kernel (cuda-samples matrixMul, PMPP chapter 4) to fast kernels, each rung its own WGSL file, verified like every other run. The bars are GFLOP/s measured on this GPU at the current
        shape{parsed ? ` (${parsed.shape.m}×${parsed.shape.k}×${parsed.shape.n})` : ''}; loads and arithmetic intensity come from the traffic model.
      </p>
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="ladder-run" data-main-action onClick={() => void runKernels(runnable)} aria-busy={busy}>
          Run every rung
        </button>
      </div>
      <table className="why-table ladder-table">
        <thead>
          <tr>
            <th scope="col">rung</th>
            <th scope="col">what changed</th>
            <th scope="col">global loads · FLOP/byte</th>
            <th scope="col">measured on this GPU</th>
            <th scope="col">
              reference: {kReferenceRun.gpu}, {kReferenceRun.shape}³ <span className="small">(Dawn · wgpu, TFLOP/s; cuBLAS {kReferenceRun.cublas})</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ id, r }) => {
            const loads = parsed ? kernelLoads(id, parsed.shape, parsed.tile) : 0;
            const ok = measured.some((m) => m.id === id);
            const g = ok ? r!.run!.gflops : 0;
            const consts = r?.run ? paramsLabel(tunedConstants(id, r.run.plan.constants)) : '';
            const isAuto = auto?.kernel === id && r?.seq === auto.seq;
            return (
              <tr key={id} data-testid={`ladder-${id}`} data-run={r?.seq} data-status={notApplicable.has(id) ? 'n/a' : (r?.status ?? 'idle')} data-gflops={ok ? String(g) : undefined}>
                <th scope="row">
                  {kKernels[id].label}
                  {kKernels[id].usesTile && parsed ? ` (tile ${parsed.tile})` : ''}
                  <div className="small">shaders/{id}.wgsl</div>
                  {isAuto && <span className="badge neutral" data-testid={`ladder-auto-${id}`}>auto</span>}
                </th>
                <td className="small">{kKernels[id].summary}</td>
                <td className="num">{parsed ? `${fmtInt(loads)} · ${arithmeticIntensity(parsed.shape, loads).toFixed(1)}` : '—'}</td>
                <td>
                  {notApplicable.has(id) ? (
                    <span className="small">not at this shape: {notApplicable.get(id)}</span>
                  ) : ok ? (
                    <div className="bar-cell">
                      <div className="bar" style={{ width: `${best > 0 ? (g / best) * 100 : 0}%` }} aria-hidden="true" />
                      <span>
                        <span className="num">{fmtGflops(g)}</span> · <span className="num">{fmtMs(r!.run!.stats.median)}</span> median, {r!.run!.stats.n} samples, {kClockLabels[r!.run!.clock]} · ✓ verified
                        {consts && ` · ${consts}`}
                      </span>
                    </div>
                  ) : r?.status === 'running' ? (
                    'running…'
                  ) : r?.status === 'mismatch' || r?.status === 'error' ? (
                    <span className="error-text">✗ {r.status}{r.error ? `: ${r.error}` : ''}</span>
                  ) : (
                    <span className="small">not run at this shape</span>
                  )}
                </td>
                <td className="small">{refCell(id)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Tuning />
      <p className="small">
        The reference column is not measured here: it is each rung on an {kReferenceRun.gpu} at {kReferenceRun.shape}³ ({kReferenceRun.date}) through Dawn (Chrome’s engine) and
        wgpu (Firefox’s engine), % of cuBLAS FP32 in the same run — see docs/benchmarks.md for every size. Which rung wins depends on the engine: that is what the
        tuner is for.
      </p>
    </section>
  );
}

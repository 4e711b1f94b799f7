/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { naiveLoads, tiledLoads } from '../core/traffic';
import { tiledMapping } from '../core/tiling';
import { kClockLabels } from '../core/clock';
import { verifiedFor } from '../state/selectors';
import { useApp } from '../state/store';
import { fmtBytes, fmtInt, fmtMs } from './format';

/** What tiling buys (traffic model vs the measured times) and why TILE_WIDTH is what it is (PMPP chapter 4). */
export function TilingWhy() {
  const trace = useApp((s) => s.trace);
  const gpu = useApp((s) => s.gpu);
  const results = useApp((s) => s.results);
  if (!trace || gpu.state !== 'ready') return null;
  const { shape, tile } = trace.config;
  const limits = gpu.info.limits;
  const nl = naiveLoads(shape);
  const tl = tiledLoads(shape, tile);
  // Results of the traced configuration only (the one rule).
  const naive = verifiedFor(results, 'naive', trace.config);
  const tiled = verifiedFor(results, 'tiled', trace.config);
  const mapping = tiledMapping(tile, limits);
  const storage = 2 * tile * tile * 4;
  return (
    <section className="panel" aria-labelledby="why-heading" data-testid="tiling-why">
      <h2 id="why-heading">What tiling buys, and how TILE_WIDTH is chosen</h2>
      <table className="why-table">
        <caption className="small">
          Global-memory element loads from the traffic model, beside the measured kernel times of the same shape ({shape.m}×{shape.k}×{shape.n})
        </caption>
        <thead>
          <tr>
            <th scope="col">kernel</th>
            <th scope="col">global loads</th>
            <th scope="col">formula</th>
            <th scope="col">measured median</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">naive</th>
            <td>{fmtInt(nl)}</td>
            <td>2·M·N·K</td>
            <td>{naive ? <><span className="num">{fmtMs(naive.run.stats.median)}</span> ({kClockLabels[naive.run.clock]}, {naive.run.stats.n} samples)</> : 'not run at this shape'}</td>
          </tr>
          <tr>
            <th scope="row">tiled, tile {tile}</th>
            <td>{fmtInt(tl)}</td>
            <td>
              M·K·⌈N/{tile}⌉ + K·N·⌈M/{tile}⌉ ≈ 2·M·N·K/{tile}
            </td>
            <td>{tiled ? <><span className="num">{fmtMs(tiled.run.stats.median)}</span> ({kClockLabels[tiled.run.clock]}, {tiled.run.stats.n} samples)</> : 'not run at this shape'}</td>
          </tr>
        </tbody>
      </table>
      <p className="small">
        {(nl / tl).toFixed(1)}× fewer loads. Whether that becomes speed depends on the GPU: caches already absorb much of the naive kernel’s re-reading, and a software adapter has
        no separate fast memory at all.
      </p>
      <h3>Why tiles, and this adapter’s limits</h3>
      <ol className="reasons">
        <li>
          <strong>Workgroup memory is small</strong> (16 KB per block on early GPUs): tile {tile} needs 2·{tile}²·4 = {fmtBytes(storage)} for As and Bs; this adapter allows{' '}
          {fmtBytes(limits.maxComputeWorkgroupStorageSize)}.
        </li>
        <li>
          <strong>Invocations per workgroup are limited</strong> (1024 → 32×32 at most): tile {tile} wants {tile * tile}; this device allows{' '}
          {fmtInt(limits.maxComputeInvocationsPerWorkgroup)}
          {typeof mapping !== 'string' && mapping.rowsPerInvocation > 1 ? `, so each of ${mapping.invocations} invocations covers ${mapping.rowsPerInvocation} rows` : ''}.
        </li>
        <li>
          <strong>Reuse</strong>: every element loaded into workgroup memory is used {tile} times, so global traffic falls by {tile}.
        </li>
        <li>
          <strong>A programmer-managed cache</strong>: the kernel decides what is staged and when (two barriers per phase keep it consistent).
        </li>
        <li>
          <strong>Prefetching</strong>: the next tile can be loaded while the current one is used (double buffering); loading whole matrices at once is impossible.
        </li>
      </ol>
    </section>
  );
}

/** The data flow of the strip/checkerboard partitions lesson, annotated with this run's times. */
export function DataFlow() {
  const tiled = useApp((s) => s.results.tiled);
  const trace = useApp((s) => s.trace);
  if (!trace) return null;
  const run = tiled?.run;
  const tile = trace.config.tile;
  const steps: Array<[string, string]> = [
    ['Host memory', 'A and B as Float32Array in this tab'],
    ['→ upload', run ? `${fmtMs(run.uploadMs)} (wall clock)` : ''],
    ['GPU global memory', 'storage buffers A, B, C'],
    ['→ each phase', `a workgroup copies one ${tile}×${tile} tile of A and of B`],
    ['Workgroup memory', `As, Bs: ${fmtBytes(2 * tile * tile * 4)} per workgroup`],
    ['→ multiply-accumulate', run ? `kernel ${fmtMs(run.stats.median)} median (${kClockLabels[run.clock]})` : ''],
    ['Registers', 'one running sum per C element'],
    ['→ store', 'C written once per element'],
    ['GPU global memory', 'C'],
    ['→ read back', run ? `${fmtMs(run.readbackMs)} (wall clock)` : ''],
    ['Host memory', 'C, checked against the CPU reference'],
  ];
  return (
    <section className="panel" aria-labelledby="flow-heading" data-testid="data-flow">
      <h2 id="flow-heading">Where the data goes</h2>
      <ol className="flow">
        {steps.map(([what, note], i) => (
          <li key={i} className={what.startsWith('→') ? 'arrow' : 'box'}>
            <strong>{what}</strong>
            {note && <span className="small"> {note}</span>}
          </li>
        ))}
      </ol>
      <p className="small">The GPU’s scheduler hands workgroups to idle compute units in no promised order; each workgroup owns one C tile, so the order never changes the result.</p>
    </section>
  );
}

/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { kStripBand } from '../core/kernels';
import { ceilDiv } from '../core/shape';
import { stripLoads, tiledLoads } from '../core/traffic';
import { kClockLabels } from '../core/clock';
import { runKernels } from '../state/runs';
import { checkKernels, useDerived, verifiedFor } from '../state/selectors';
import { useApp } from '../state/store';
import { fmtInt, fmtMs } from './format';

const kMaxBands = 24;
const kPartitionKernels = ['tiled', 'strip'] as const;

/**
 * The two partitions of C of C side by side: row strips (each workgroup a band of whole rows)
 * against the checkerboard (each workgroup a square tile), with the global loads each needs from
 * the traffic model and the measured times of both kernels at the same shape.
 */
export function Partitions() {
  const results = useApp((s) => s.results);
  const { parsed } = checkKernels(useDerived(), kPartitionKernels);
  if (!parsed) return null;
  const { shape, tile } = parsed;
  const bands = ceilDiv(shape.m, kStripBand);
  const shown = Math.min(bands, kMaxBands);
  const tilesX = ceilDiv(shape.n, tile);
  const tilesY = ceilDiv(shape.m, tile);
  const st = verifiedFor(results, 'strip', parsed);
  const tl = verifiedFor(results, 'tiled', parsed);
  const sLoads = stripLoads(shape, kStripBand);
  const tLoads = tiledLoads(shape, tile);
  return (
    <section className="panel" aria-labelledby="part-heading" data-testid="partitions">
      <h2 id="part-heading">Two ways to split C: row strips or a checkerboard</h2>
      <p className="small">
        The strip and checkerboard partitions: C can be cut into strips of whole rows, or into square blocks. Both kernels compute the same C; what differs is how much of A and B each workgroup must
        read. Drawn from the partition model for {shape.m}×{shape.k}×{shape.n}; the times below are measured on this GPU.
      </p>
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="run-strip" data-main-action onClick={() => void runKernels(kPartitionKernels)}>
          Run both partitions
        </button>
      </div>
      <div className="partition-figures">
        <figure>
          <figcaption>
            Row strips: {fmtInt(bands)} workgroups, {kStripBand} rows × all {shape.n} columns each
          </figcaption>
          <div className="strips" data-testid="strip-map">
            {Array.from({ length: shown }, (_, i) => (
              <div key={i} className="strip" data-testid={`strip-band-${i}`} data-workgroup={`${i},0`} data-rows={`${i * kStripBand}-${Math.min(shape.m, (i + 1) * kStripBand) - 1}`}>
                workgroup ({i}, 0): rows {i * kStripBand}–{Math.min(shape.m, (i + 1) * kStripBand) - 1}
              </div>
            ))}
            {bands > shown && <div className="small">… and {fmtInt(bands - shown)} more bands</div>}
          </div>
        </figure>
        <figure>
          <figcaption>
            Checkerboard: {fmtInt(tilesX * tilesY)} workgroups, {tile}×{tile} each ({tilesY} × {tilesX})
          </figcaption>
          <div className="checker" style={{ gridTemplateColumns: `repeat(${Math.min(tilesX, 16)}, 1fr)` }}>
            {Array.from({ length: Math.min(tilesY, 16) * Math.min(tilesX, 16) }, (_, i) => (
              <div key={i} className="tile c">
                ({i % Math.min(tilesX, 16)},{Math.floor(i / Math.min(tilesX, 16))})
              </div>
            ))}
          </div>
          {(tilesX > 16 || tilesY > 16) && <p className="small">Showing the first 16 × 16 tiles.</p>}
        </figure>
      </div>
      <table className="why-table">
        <thead>
          <tr>
            <th scope="col">partition</th>
            <th scope="col">global loads (model)</th>
            <th scope="col">A read</th>
            <th scope="col">B read</th>
            <th scope="col">measured median</th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="partition-strip">
            <th scope="row">row strips ({kStripBand} rows)</th>
            <td>{fmtInt(sLoads)}</td>
            <td>{fmtInt(ceilDiv(shape.n, 256))}× (once per 256-column chunk)</td>
            <td>{fmtInt(bands)}× (every band reads all of B)</td>
            <td>{st ? <><span className="num">{fmtMs(st.run.stats.median)}</span> · {kClockLabels[st.run.clock]}, {st.run.stats.n} samples · ✓ verified</> : 'not run at this shape'}</td>
          </tr>
          <tr data-testid="partition-tiled">
            <th scope="row">checkerboard (tile {tile})</th>
            <td>{fmtInt(tLoads)}</td>
            <td>{fmtInt(tilesX)}× (once per tile column)</td>
            <td>{fmtInt(tilesY)}× (once per tile row)</td>
            <td>{tl ? <><span className="num">{fmtMs(tl.run.stats.median)}</span> · {kClockLabels[tl.run.clock]}, {tl.run.stats.n} samples · ✓ verified</> : 'not run at this shape'}</td>
          </tr>
        </tbody>
      </table>
      <p className="small">
        {sLoads > tLoads
          ? `The checkerboard loads ${(sLoads / tLoads).toFixed(1)}× fewer elements: a square tile reuses what it loads in both directions, a strip only along its rows.`
          : `At this shape the strips load no more than the tiles (${(tLoads / sLoads).toFixed(1)}× as much for the tiles): the difference shows once M grows well past the band height.`}
      </p>
    </section>
  );
}

import { kPresets } from '../core/presets';
import { runKernels } from '../state/runs';
import { applyConfig, useApp } from '../state/store';
import { setBounds, setClassroom } from '../state/viz';

/** Switches for the teaching views: PMPP's boundary tests, and classroom mode. */
export function VizBar() {
  const bounds = useApp((s) => s.bounds);
  const classroom = useApp((s) => s.classroom);
  const status = useApp((s) => s.traceStatus);
  return (
    <section className="panel vizbar" aria-label="Teaching views">
      <label className="switch">
        <input type="checkbox" data-testid="toggle-bounds" checked={bounds} onChange={(e) => setBounds(e.target.checked)} />
        PMPP boundary tests {bounds ? 'ON' : 'OFF — loads past a row’s end read the next row'}
      </label>
      <button type="button" data-testid="classroom-toggle" aria-pressed={classroom} onClick={() => setClassroom(!classroom)}>
        {classroom ? 'Leave classroom mode (Esc)' : 'Classroom mode'}
      </button>
      {status === 'running' && <span className="small" role="status">Recording on the GPU…</span>}
      {classroom && (
        <div className="presets" role="group" aria-label="Seed examples: load and run">
          {kPresets
            .filter((p) => p.m * p.n * p.k <= 2 ** 20)
            .map((p) => (
              <button
                key={p.id}
                type="button"
                data-testid={`classroom-preset-${p.id}`}
                title={p.source}
                onClick={() => {
                  applyConfig({ m: String(p.m), k: String(p.k), n: String(p.n), tile: String(p.tile) });
                  void runKernels(['tiled']);
                }}
              >
                ▶ {p.label}
              </button>
            ))}
        </div>
      )}
      <p className="small keys">
        Keys: ←/→ step phases · space play/pause · arrows on the C grid move the tile · Esc leaves classroom mode
      </p>
    </section>
  );
}

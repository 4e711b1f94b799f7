import { useEffect, useMemo } from 'react';
import { shapeLabel } from '../core/shape';
import { tileGrid } from '../core/tiling';
import { blockName, describeIndex, kOutside, kStepsPerPhase, modelPartialSums, modelPhase, stepLabel, type SlotLoad } from '../core/trace';
import { useApp } from '../state/store';
import { setPlaying, setStep, setStepMs, stepBy, togglePlaying, tracedData } from '../state/viz';

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const bitsToF32 = (bits: number) => {
  u32[0] = bits;
  return f32[0]!;
};
const fmtVal = (v: number) => (Number.isInteger(v) ? String(v) : Math.abs(v) >= 100 ? v.toFixed(1) : v.toFixed(3));

/** Where the view comes from, in words: nothing claims a GPU record when the CPU simulated the run. */
const kText = {
  modelGpu: (shape: string) => `From the model: ${shape} is too large to trace every invocation (the GPU traces up to 64×64×64), so this view is computed from the same tiling math the GPU record above agrees with.`,
  modelCpu: (shape: string) => `From the model: ${shape} is too large to simulate every invocation (the CPU simulation traces up to 64×64×64; no GPU ran), so this view is computed from the same tiling math the simulated map above agrees with.`,
  wrongGpu: ': wrong at the end of the run',
  wrongCpu: ': wrong at the end of the simulated run',
} as const;

interface Slot {
  readonly model: SlotLoad;
  readonly aIndex: number;
  readonly bIndex: number;
  readonly a: number;
  readonly b: number;
  readonly localIndex: number;
  readonly aOob: boolean;
  readonly bOob: boolean;
  /** Partial sum after the previous phase and after this one. */
  readonly before: number;
  readonly after: number;
  readonly wrong: boolean;
}

export function PhaseStepper() {
  const trace = useApp((s) => s.trace);
  const selected = useApp((s) => s.selected);
  const step = useApp((s) => s.step);
  const playing = useApp((s) => s.playing);
  const stepMs = useApp((s) => s.stepMs);

  const phases = trace ? tileGrid(trace.config.shape, trace.config.tile).phases : 0;
  const total = phases * kStepsPerPhase;

  useEffect(() => {
    if (!playing || total === 0) return;
    const id = setInterval(() => {
      const s = useApp.getState();
      if (s.step >= total - 1) setPlaying(false);
      else stepBy(1);
    }, stepMs);
    return () => clearInterval(id);
  }, [playing, stepMs, total]);

  const view = useMemo(() => {
    if (!trace) return undefined;
    const { shape, tile } = trace.config;
    const g = tileGrid(shape, tile);
    const ph = Math.min(Math.floor(step / kStepsPerPhase), g.phases - 1);
    const { ty, tx } = selected;
    const wgLinear = ty * g.tilesX + tx;
    const model = modelPhase(shape, tile, trace.rowsPerInvocation, tx, ty, ph, trace.bounds);
    const data = tracedData();
    const modelBefore = !trace.trace && data && ph > 0 ? modelPartialSums(data.a, data.b, shape, tile, tx, ty, ph - 1, trace.bounds) : undefined;
    const modelAfter = !trace.trace && data ? modelPartialSums(data.a, data.b, shape, tile, tx, ty, ph, trace.bounds) : undefined;
    let mismatches = 0;
    const slots: Slot[] = model.map((m, i) => {
      const at = (p: number) => ((wgLinear * g.phases + p) * tile * tile + i) * 4;
      const t = trace.trace;
      const aIndex = t ? t[at(ph)]! : m.aIndex;
      const bIndex = t ? t[at(ph) + 1]! : m.bIndex;
      const localIndex = t ? t[at(ph) + 3]! : m.localIndex;
      if (t && (aIndex !== m.aIndex || bIndex !== m.bIndex || localIndex !== m.localIndex)) mismatches++;
      const row = ty * tile + m.ly;
      const col = tx * tile + m.lx;
      return {
        model: m,
        aIndex,
        bIndex,
        localIndex,
        a: aIndex === kOutside || !data ? 0 : (data.a[aIndex] ?? 0),
        b: bIndex === kOutside || !data ? 0 : (data.b[bIndex] ?? 0),
        aOob: trace.bounds && t ? aIndex === kOutside : !m.aInside,
        bOob: trace.bounds && t ? bIndex === kOutside : !m.bInside,
        before: t ? (ph > 0 ? bitsToF32(t[at(ph - 1) + 2]!) : 0) : (modelBefore?.[i] ?? 0),
        after: t ? bitsToF32(t[at(ph) + 2]!) : (modelAfter?.[i] ?? 0),
        wrong: Boolean(m.storesC && trace.wrong?.[row * shape.n + col]),
      };
    });
    return { g, ph, slots, mismatches, source: trace.trace ? trace.source : 'model' };
  }, [trace, selected, step]);

  if (!trace || !view) return null;
  const { shape, tile } = trace.config;
  const { ph, slots, mismatches, source } = view;
  const sub = step % kStepsPerPhase;
  const loaded = sub >= 0; // tiles are in workgroup memory from the load step on
  const sums = sub >= 2 ? 'after' : 'before';
  const compact = tile >= 16;
  const { ty, tx } = selected;

  const lane = (which: 'a' | 'b', s: Slot) => {
    const oob = which === 'a' ? s.aOob : s.bOob;
    const idx = which === 'a' ? s.aIndex : s.bIndex;
    const val = which === 'a' ? s.a : s.b;
    const attempted = which === 'a' ? `A[${s.model.aRow}][${s.model.aCol}]` : `B[${s.model.bRow}][${s.model.bCol}]`;
    const actual = which === 'a' ? describeIndex('A', idx, shape.m, shape.k) : describeIndex('B', idx, shape.k, shape.n);
    const actualShort = actual.startsWith('past the end') ? 'past end' : actual;
    const wrapped = !trace.bounds && oob;
    const title = `Invocation (${s.model.invocation.x}, ${s.model.invocation.y}) [local index ${s.localIndex}] loads ${attempted}: ${oob ? (trace.bounds ? 'outside the matrix, writes 0.0' : `no test, reads ${actual}`) : actual} = ${fmtVal(val)}`;
    return (
      <div
        key={`${s.model.ly}-${s.model.lx}`}
        className={`lane${oob ? ' oob' : ''}${wrapped ? ' wrapped' : ''}${sub === 0 ? ' loading' : ''}`}
        data-testid={`lane-${which}-${s.model.ly}-${s.model.lx}`}
        data-oob={oob ? 'true' : 'false'}
        data-index={idx === kOutside ? 'outside' : String(idx)}
        title={title}
      >
        {!compact && <span className="lane-src">{oob && trace.bounds ? `${attempted} ✗` : wrapped ? `${attempted}→${actualShort}` : actual}</span>}
        <span className="lane-val">{loaded ? (oob && trace.bounds ? '0.0' : fmtVal(val)) : ''}</span>
      </div>
    );
  };

  return (
    <section className="panel" aria-labelledby="stepper-heading" data-testid="phase-stepper" data-source={source}>
      <h2 id="stepper-heading">
        Inside workgroup ({tx}, {ty}): {blockName('C', ty + 1, tx + 1)}, phase by phase
      </h2>
      <p className="small">
        {source === 'cpu' ? (
          <strong>Simulated on the CPU (no WebGPU in this browser): the loads and running sums the kernel would produce, computed in JavaScript in the kernel’s order.</strong>
        ) : source === 'gpu' ? (
          <>
            From the GPU: during the real run every invocation recorded, per phase, the element it loaded into workgroup memory and its running sum.{' '}
            <span data-testid="trace-check" className={mismatches === 0 ? 'ok-text' : 'error-text'}>
              {mismatches === 0 ? '✓ The GPU trace of this phase matches the model.' : `✗ ${mismatches} slots differ from the model.`}
            </span>
          </>
        ) : (
          <>{trace.source === 'cpu' ? kText.modelCpu(shapeLabel(shape)) : kText.modelGpu(shapeLabel(shape))}</>
        )}
      </p>
      <div className="stepper-controls" role="group" aria-label="Phase stepper">
        <button type="button" data-testid="phase-prev" onClick={() => stepBy(-1)} disabled={step === 0} aria-label="Previous step">
          ◀ Prev
        </button>
        <button type="button" data-testid="phase-play" onClick={togglePlaying} aria-pressed={playing}>
          {playing ? '❚❚ Pause' : '▶ Play'}
        </button>
        <button type="button" data-testid="phase-next" onClick={() => stepBy(1)} disabled={step >= view.g.phases * kStepsPerPhase - 1} aria-label="Next step">
          Next ▶
        </button>
        <label>
          Speed{' '}
          <select value={stepMs} onChange={(e) => setStepMs(Number(e.target.value))} data-testid="phase-speed">
            <option value={2000}>slow (2 s a step)</option>
            <option value={1000}>normal (1 s)</option>
            <option value={400}>fast (0.4 s)</option>
          </select>
        </label>
        <label>
          Phase{' '}
          <input
            type="range"
            min={0}
            max={view.g.phases * kStepsPerPhase - 1}
            value={step}
            onChange={(e) => setStep(Number(e.target.value))}
            aria-label="Step"
            data-testid="phase-slider"
          />
        </label>
      </div>
      <p className="phase-label" data-testid="phase-label" aria-live="polite">
        {stepLabel(step, view.g.phases)}
      </p>
      <div className={`stepper-grids${compact ? ' compact' : ''}`} style={{ ['--tile' as string]: tile }}>
        <figure>
          <figcaption>
            As (workgroup memory): tile {blockName('A', ty + 1, ph + 1)}
          </figcaption>
          <div className="lanes" style={{ gridTemplateColumns: `repeat(${tile}, 1fr)` }}>
            {slots.map((s) => lane('a', s))}
          </div>
        </figure>
        <figure>
          <figcaption>
            Bs (workgroup memory): tile {blockName('B', ph + 1, tx + 1)}
          </figcaption>
          <div className="lanes" style={{ gridTemplateColumns: `repeat(${tile}, 1fr)` }}>
            {slots.map((s) => lane('b', s))}
          </div>
        </figure>
        <figure>
          <figcaption>
            Running sums (registers) {sums === 'after' ? `after phase ${ph + 1}` : ph === 0 ? 'before phase 1' : `after phase ${ph}`}
          </figcaption>
          <div className="lanes" style={{ gridTemplateColumns: `repeat(${tile}, 1fr)` }}>
            {slots.map((s) => (
              <div
                key={`${s.model.ly}-${s.model.lx}`}
                className={`lane sum${s.model.storesC ? '' : ' nostore'}${s.wrong ? ' wrong' : ''}`}
                data-testid={`c-slot-${s.model.ly}-${s.model.lx}`}
                data-stores={s.model.storesC ? 'true' : 'false'}
                data-wrong={s.wrong ? 'true' : 'false'}
                title={
                  s.model.storesC
                    ? `C[${ty * tile + s.model.ly}][${tx * tile + s.model.lx}]${s.wrong ? (trace.source === 'cpu' ? kText.wrongCpu : kText.wrongGpu) : ''}`
                    : 'This invocation has no C element: it loads and reaches every barrier, but stores nothing'
                }
              >
                {!compact && <span className="lane-src">{s.model.storesC ? `C[${ty * tile + s.model.ly}][${tx * tile + s.model.lx}]` : 'no C element'}</span>}
                <span className="lane-val">
                  {fmtVal(sums === 'after' ? s.after : s.before)}
                  {s.wrong && sums === 'after' && ph === view.g.phases - 1 ? ' ✗ wrong' : ''}
                </span>
              </div>
            ))}
          </div>
        </figure>
      </div>
      <p className="small legend">
        <span className="lane oob legend-swatch">✗</span> outside the matrix: the PMPP test fails and 0.0 is written (with the tests off, the load reads the next row or past the end instead) ·{' '}
        <span className="lane nostore legend-swatch">∅</span> invocation with no C element (it still loads and waits at both barriers) · hover a cell for the invocation and the element.
      </p>
    </section>
  );
}

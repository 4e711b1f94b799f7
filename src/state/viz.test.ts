import { describe, expect, it } from 'vitest';
import { parseConfig } from '../core/config';
import { padForTrace } from '../core/trace';
import { kDefaultConfig } from '../core/url';
import { experimentData } from '../gpu/experiment';
import { useApp } from './store';
import { keepTracedInputs, simulateRun, tracedData } from './viz';

/**
 * The stepper's A and B (issue #39): asked for on every step, they are the same arrays each time —
 * never generated or padded again per step (at 4096³ in a real browser that was a 0.8 s task after
 * the trace and 128 MB copied on every step).
 */
describe('tracedData: the traced A and B, kept with their trace', () => {
  const config = parseConfig({ ...kDefaultConfig, m: '20', k: '12', n: '18', tile: '4', pattern: 'integers' }).config!;

  it('a simulated trace: padded once, the same arrays for every step', () => {
    simulateRun(config);
    const first = tracedData()!;
    useApp.setState({ step: 3 });
    const again = tracedData()!;
    expect(again.a).toBe(first.a);
    expect(again.b).toBe(first.b);
    // What the kernel reads: A and B followed by the visible padding.
    const d = experimentData(config);
    expect(Array.from(first.a)).toEqual(Array.from(padForTrace(d.a, d.b, config.shape, config.tile).a));
  });

  it('a GPU trace: the arrays its run kept, not regenerated', () => {
    simulateRun(config);
    const trace = useApp.getState().trace!;
    const kept = { a: new Float32Array([1, 2, 3]), b: new Float32Array([4, 5]) };
    keepTracedInputs(trace, kept);
    expect(tracedData()!.a).toBe(kept.a);
    expect(tracedData()!.b).toBe(kept.b);
    // Another trace: not this one's arrays.
    useApp.setState({ trace: { ...trace } });
    expect(tracedData()!.a).not.toBe(kept.a);
  });
});

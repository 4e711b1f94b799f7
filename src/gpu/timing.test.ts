import { describe, expect, it } from 'vitest';
import { timestampStepNs } from './timing';

describe('timestampStepNs', () => {
  it('finds Dawn’s 2^16 ns step and Chrome’s 100 µs step', () => {
    expect(timestampStepNs([65536n * 1234567n, 65536n * 1234626n, 65536n * 99n])).toBe(65536);
    expect(timestampStepNs([100_000n * 17n, 100_000n * 5_000_003n])).toBe(100_000);
  });
  it('sees no step in nanosecond timestamps', () => {
    expect(timestampStepNs([1_234_567_891n, 1_238_433_012n, 1_240_000_003n])).toBeUndefined();
    expect(timestampStepNs([512n * 3n, 512n * 7n])).toBeUndefined(); // under 1 µs: not called quantised
  });
  it('ignores an empty or all-zero record', () => {
    expect(timestampStepNs([])).toBeUndefined();
    expect(timestampStepNs([0n, 0n])).toBeUndefined();
  });
});

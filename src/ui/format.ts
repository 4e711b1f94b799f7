/** Number formatting for the UI: fixed significant digits, thin spaces, units always written. */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 1) return `${ms.toPrecision(3)} ms`;
  return `${(ms * 1000).toPrecision(3)} µs`;
}

export function fmtGflops(g: number): string {
  if (!Number.isFinite(g)) return '—';
  if (g >= 1000) return `${(g / 1000).toPrecision(3)} TFLOP/s`;
  return `${g.toPrecision(3)} GFLOP/s`;
}

export function fmtError(e: number): string {
  if (e === 0) return '0';
  if (!Number.isFinite(e)) return String(e);
  return e.toExponential(2);
}

export function fmtBytes(b: number): string {
  if (b >= 2 ** 30) return `${(b / 2 ** 30).toFixed(1)} GiB`;
  if (b >= 2 ** 20) return `${(b / 2 ** 20).toFixed(1)} MiB`;
  if (b >= 2 ** 10) return `${(b / 2 ** 10).toFixed(1)} KiB`;
  return `${b} B`;
}

export const fmtInt = (n: number): string => n.toLocaleString('en-US');

/** A count of floating-point operations, e.g. "54 FLOP", "33.6 MFLOP", "137 GFLOP". */
export function fmtFlops(f: number): string {
  for (const [div, unit] of [[1e12, 'TFLOP'], [1e9, 'GFLOP'], [1e6, 'MFLOP'], [1e3, 'kFLOP']] as const) {
    if (f >= div) return `${(f / div).toPrecision(3)} ${unit}`;
  }
  return `${f} FLOP`;
}

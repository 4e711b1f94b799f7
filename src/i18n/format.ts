/**
 * How figures read, in every view and in the state's messages: three significant digits, the
 * unit chosen AFTER rounding (so 0.99996 ms reads "1.00 ms", never "1.00e+3 µs"), the unit always
 * written, and never "Infinity" or "NaN": a figure that is not a finite number reads "—". A time
 * the clock cannot resolve gives no rate: it reads "below the clock's resolution (… µs)".
 * Words (src/i18n), used by state/, ui/ and the headless bench at its edge; core/ keeps the
 * language-free rules (isBelowResolution, clockResolutionMs in core/clock.ts). Digits and
 * separators follow the language in use (Intl, numberFormat() from src/i18n); units stay as
 * written (SI and IEC symbols read the same in both languages).
 */
import { isBelowResolution } from '../core/clock';
import { language, numberFormat, t } from './index';

export { isBelowResolution };

const kFormats = new Map<string, Intl.NumberFormat>();
/** A cached Intl number format for the language in use (formatting is hot: tables, sweeps). */
function nf(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const k = `${language()}|${key}`;
  let f = kFormats.get(k);
  if (!f) kFormats.set(k, (f = numberFormat(options)));
  return f;
}
/** Three significant digits, as toPrecision(3) writes them (trailing zeros kept). */
const sig3 = (v: number) => nf('sig3', { minimumSignificantDigits: 3, maximumSignificantDigits: 3, useGrouping: false }).format(v);
const whole = (v: number) => nf('int', { maximumFractionDigits: 0 }).format(v);
const plainInt = (v: number) => nf('int-plain', { maximumFractionDigits: 0, useGrouping: false }).format(v);
const oneDecimal = (v: number) => nf('1dp', { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(v);

/** A unit: its size in the base unit, its name, and the smallest value written in it. */
type Unit = readonly [scale: number, name: string, from?: number];

const kNoFigure = '—';

/** x > 0 and finite, in the largest unit it reaches once rounded to three significant digits. */
function scaled(x: number, units: readonly Unit[]): string {
  let i = units.length - 1;
  while (i > 0 && x < (units[i]![2] ?? units[i]![0])) i--;
  let text = (x / units[i]![0]).toPrecision(3);
  // Rounding may carry into the next unit: 999.96 µs is 1.00 ms.
  if (Number(text) >= 1000 && i < units.length - 1) {
    i++;
    text = (x / units[i]![0]).toPrecision(3);
  }
  const v = x / units[i]![0];
  // Beyond the largest unit, or below the smallest: whole numbers, then powers of ten, never a bare exponent.
  if (v >= 1000) text = v < 1e9 ? whole(Math.round(v)) : v.toExponential(2).replace('e+', ' × 10^');
  else if (v < 1e-3) text = v.toExponential(2).replace('e-', ' × 10^-');
  else text = sig3(Number(text));
  return `${text} ${units[i]![1]}`;
}

const kTimeUnits: readonly Unit[] = [
  [1e-6, 'ns'],
  [1e-3, 'µs'],
  [1, 'ms'],
  [1e3, 's'],
];

/** A time in milliseconds: "12.3 µs", "1.00 ms", "123 ms", "1.23 s"; 0 is "0 ms". */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return kNoFigure;
  if (ms === 0) return '0 ms';
  return scaled(ms, kTimeUnits);
}

/** GFLOP/s is the app's unit; slower rates than 0.001 GFLOP/s read in MFLOP/s, faster than 1000 in TFLOP/s and up. */
const kRateUnits: readonly Unit[] = [
  [1e-6, 'kFLOP/s'],
  [1e-3, 'MFLOP/s'],
  [1, 'GFLOP/s', 1e-3],
  [1e3, 'TFLOP/s'],
  [1e6, 'PFLOP/s'],
  [1e9, 'EFLOP/s'],
];

/** A rate in GFLOP/s: "0.198 GFLOP/s", "42.3 TFLOP/s". */
export function fmtGflops(g: number): string {
  if (!Number.isFinite(g) || g < 0) return kNoFigure;
  if (g === 0) return '0 GFLOP/s';
  return scaled(g, kRateUnits);
}

/** Bandwidth in GB/s (10^9 bytes per second): "845 GB/s", "2.99 TB/s", "312 MB/s". */
const kBandwidthUnits: readonly Unit[] = [
  [1e-3, 'MB/s'],
  [1, 'GB/s'],
  [1e3, 'TB/s'],
];

export function fmtGbs(g: number): string {
  if (!Number.isFinite(g) || g < 0) return kNoFigure;
  if (g === 0) return '0 GB/s';
  return scaled(g, kBandwidthUnits);
}

/** A relative or absolute error: "0", "8.90e-8", "∞" when unbounded (NaN in C). */
export function fmtError(e: number): string {
  if (e === 0) return '0';
  if (Number.isNaN(e)) return kNoFigure;
  if (!Number.isFinite(e)) return '∞';
  return e.toExponential(2);
}

const kByteUnits: readonly Unit[] = [
  [1, 'B'],
  [2 ** 10, 'KiB'],
  [2 ** 20, 'MiB'],
  [2 ** 30, 'GiB'],
  [2 ** 40, 'TiB'],
];

/** Bytes: "512 B", "1.5 KiB", "676.0 MiB" (one decimal, moving up when it would read 1024.0). */
export function fmtBytes(b: number): string {
  if (!Number.isFinite(b) || b < 0) return kNoFigure;
  let i = kByteUnits.length - 1;
  while (i > 0 && b < kByteUnits[i]![0]) i--;
  if (i === 0) return `${plainInt(Math.round(b))} B`;
  let text = (b / kByteUnits[i]![0]).toFixed(1);
  if (Number(text) >= 1024 && i < kByteUnits.length - 1) text = (b / kByteUnits[++i]![0]).toFixed(1);
  return `${oneDecimal(Number(text))} ${kByteUnits[i]![1]}`;
}

export const fmtInt = (n: number): string => (Number.isFinite(n) ? nf('default', {}).format(n) : kNoFigure);

/** A percentage with no decimals: "12%" (the spread of a run). */
export const fmtPercent = (pct: number): string => (Number.isFinite(pct) ? `${plainInt(pct)}%` : kNoFigure);

/** A plain figure of a rule (95, 2.5): up to two decimals, no grouping, in the reader's digits. */
export const fmtNumber = (v: number): string => (Number.isFinite(v) ? nf('2dp-plain', { maximumFractionDigits: 2, useGrouping: false }).format(v) : kNoFigure);

/** A percentage with one decimal: "2.4%" (a median's confidence interval, judged against ±3%). */
export const fmtPercent1 = (pct: number): string => (Number.isFinite(pct) ? `${oneDecimal(Math.round(pct * 10) / 10)}%` : kNoFigure);

const kFlopUnits: readonly Unit[] = [
  [1, 'FLOP'],
  [1e3, 'kFLOP'],
  [1e6, 'MFLOP'],
  [1e9, 'GFLOP'],
  [1e12, 'TFLOP'],
  [1e15, 'PFLOP'],
];

/** A count of floating-point operations, e.g. "54 FLOP", "33.6 MFLOP", "137 GFLOP". */
export function fmtFlops(f: number): string {
  if (!Number.isFinite(f) || f < 0) return kNoFigure;
  if (f < 1000) return `${plainInt(Math.round(f))} FLOP`;
  return scaled(f, kFlopUnits);
}

/** "below the clock's resolution (100 µs)", or without the figure when the step is unknown. */
export function fmtBelowResolution(resolutionMs?: number): string {
  return resolutionMs !== undefined && Number.isFinite(resolutionMs) && resolutionMs > 0
    ? t('run:format.belowResolutionAt', { step: fmtMs(resolutionMs) })
    : t('run:format.belowResolution');
}

/** A measured time, or the words for one the clock cannot resolve. */
export function fmtMeasuredMs(ms: number, resolutionMs?: number): string {
  return isBelowResolution(ms, resolutionMs) ? fmtBelowResolution(resolutionMs) : fmtMs(ms);
}

/** The rate at a measured time, or, when the clock cannot resolve that time, why there is none. */
export function fmtRate(gflops: number, ms: number, resolutionMs?: number): string {
  return isBelowResolution(ms, resolutionMs) ? fmtBelowResolution(resolutionMs) : fmtGflops(gflops);
}

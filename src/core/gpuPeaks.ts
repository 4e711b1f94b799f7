/**
 * GPUs' FP32 peaks, from their makers' own figures (data sheets and product pages: boost clock,
 * FP32 without sparsity), for judging a shared figure against the GPU it names: no kernel runs
 * faster than its GPU's peak. A GPU not in the table is judged by the cap no GPU comes near
 * (core/trust kMaxGpuGflops, 1 PFLOP/s). Where one name covers several boards (an H100 as SXM,
 * PCIe or NVL), the fastest board's figure is kept: the table only ever refuses a rate no board of
 * that name reaches.
 *
 * A name matches when its words appear in the adapter's description one after another, as words
 * (`h200` in "NVIDIA H200", not in "H2000"), and the next word is not a faster variant's suffix
 * (`ti`, `super`, `xt`, …: "RTX 3080 Ti" is not the RTX 3080). The longest matching name wins.
 */
import { kMaxGpuGflops } from './trust';

export interface GpuPeak {
  /** The name's words, lower case (as the adapter's description spells them). */
  readonly name: readonly string[];
  /** FP32 peak, GFLOP/s. */
  readonly gflops: number;
}

const peak = (name: string, tflops: number): GpuPeak => ({ name: name.toLowerCase().split(' '), gflops: tflops * 1000 });

/** Makers' FP32 peaks (TFLOP/s, boost clock, dense). */
export const kGpuPeaks: readonly GpuPeak[] = [
  // NVIDIA data sheets.
  peak('H200', 67), // H200 SXM 67, H200 NVL 60
  peak('H100', 67), // H100 SXM 67, NVL 60, PCIe 51
  peak('B200', 80),
  peak('A100', 19.5),
  peak('V100', 15.7),
  peak('L40S', 91.6),
  peak('L4', 30.3),
  peak('T4', 8.1),
  peak('RTX 5090', 104.8),
  peak('RTX 4090', 82.6),
  peak('RTX 4080', 48.7),
  peak('RTX 3090', 35.6),
  peak('RTX 3080', 29.8),
  // AMD product pages.
  peak('MI300X', 163.4),
  peak('RX 7900 XTX', 61.4),
  // Apple's figures at each chip's launch.
  peak('M1', 2.6),
  peak('M1 Pro', 5.2),
  peak('M1 Max', 10.4),
  peak('M1 Ultra', 21),
];

/** Words after a name that make it a faster variant the table does not list. */
const kVariantSuffixes = new Set(['ti', 'super', 'xt', 'xtx', 'pro', 'max', 'ultra']);

/** The description's words: lower case, split at anything not a letter or digit. */
function words(description: string): string[] {
  const out: string[] = [];
  let w = '';
  for (const ch of description.toLowerCase()) {
    if (/[\p{L}\p{N}]/u.test(ch)) w += ch;
    else if (w) {
      out.push(w);
      w = '';
    }
  }
  if (w) out.push(w);
  return out;
}

/** The table's entry for an adapter's description, if it names a GPU the table knows. */
export function gpuPeakOf(description: string): GpuPeak | undefined {
  const ws = words(description);
  let best: GpuPeak | undefined;
  for (const p of kGpuPeaks) {
    for (let i = 0; i + p.name.length <= ws.length; i++) {
      if (!p.name.every((w, j) => ws[i + j] === w)) continue;
      const next = ws[i + p.name.length];
      if (next !== undefined && kVariantSuffixes.has(next)) continue;
      if (!best || p.name.length > best.name.length) best = p;
    }
  }
  return best;
}

/** The fastest rate an adapter named so could show (GFLOP/s): its peak where known, the cap otherwise. */
export function peakGflopsOf(description: string): { readonly gflops: number; readonly known: boolean } {
  const p = gpuPeakOf(description);
  return p ? { gflops: p.gflops, known: true } : { gflops: kMaxGpuGflops, known: false };
}

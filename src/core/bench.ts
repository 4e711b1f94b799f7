/** The benchmark sweep's configuration and results, as plain data (shared by the app, links and history). */
import { kMaxDimension } from './input';
import type { KernelId } from './kernels';

export const kDefaultSweepSizes = [64, 128, 256, 512, 1024, 2048, 4096, 1000, 1023, 1025] as const;

export interface SweepConfig {
  readonly sizes: readonly number[];
  readonly kernels: readonly KernelId[];
  readonly tile: 2 | 4 | 8 | 16 | 32;
  readonly warmups: number;
  /** Timed samples per point; 0 = automatic (about one second of kernel time, 3–30 samples). */
  readonly samples: number;
}

export interface BenchPoint {
  readonly kernel: KernelId;
  readonly tile: number | null;
  readonly size: number;
  /** Set when the point was not run, with the reason. */
  readonly skipped?: string;
  readonly error?: string;
  readonly clock?: 'gpu-timestamp' | 'wall-clock';
  readonly samples?: number;
  readonly dispatchesPerSample?: number;
  readonly medianMs?: number;
  readonly minMs?: number;
  readonly maxMs?: number;
  readonly gflops?: number;
  readonly verified?: boolean;
  readonly checked?: number;
  readonly maxRelError?: number | null;
  /** The tunable override constants the point ran with (e.g. GROUP = 8), when the kernel has any. */
  readonly constants?: Readonly<Record<string, number>>;
}

export interface DeviceReport {
  readonly vendor: string;
  readonly architecture: string;
  readonly description: string;
  readonly features: readonly string[];
  readonly limits: Readonly<Record<string, number>>;
  readonly browser: string;
  readonly timing: 'gpu-timestamp' | 'wall-clock';
}

/** Parse a list of sizes typed by a user or read from `?sizes=`: "64, 128 256" → [64, 128, 256]. */
export function parseSizes(raw: string): { sizes?: number[]; error?: string } {
  const parts = raw.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return { error: 'Enter at least one size, e.g. 64, 128, 256.' };
  if (parts.length > 64) return { error: `At most 64 sizes (got ${parts.length}).` };
  const sizes: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,8}$/.test(p)) return { error: `“${p.slice(0, 16)}” is not a whole number.` };
    const v = Number(p);
    if (v < 1 || v > kMaxDimension) return { error: `Sizes must be from 1 to ${kMaxDimension.toLocaleString('en-US')} (got ${v}).` };
    if (!sizes.includes(v)) sizes.push(v);
  }
  return { sizes };
}

/** Points to run, in order: each size (as given), each kernel. */
export function sweepPlan(c: SweepConfig): Array<{ size: number; kernel: KernelId }> {
  return c.sizes.flatMap((size) => c.kernels.map((kernel) => ({ size, kernel })));
}

/** Estimated time of a cubic kernel at `size`, from a measurement at `from`. */
export const estimateMs = (msAt: number, from: number, size: number): number => msAt * (size / from) ** 3;

/** The size from which the tiled kernel stays faster than naive (by median), or undefined. */
export function crossover(points: readonly BenchPoint[]): number | undefined {
  const bySize = new Map<number, { naive?: number; tiled?: number }>();
  for (const p of points) {
    if (p.medianMs === undefined || !p.verified || (p.kernel !== 'naive' && p.kernel !== 'tiled')) continue;
    const e = bySize.get(p.size) ?? {};
    e[p.kernel] = p.medianMs;
    bySize.set(p.size, e);
  }
  const sizes = [...bySize.keys()].sort((a, b) => a - b).filter((s) => bySize.get(s)!.naive !== undefined && bySize.get(s)!.tiled !== undefined);
  let from: number | undefined;
  for (const s of sizes) {
    const e = bySize.get(s)!;
    if (e.tiled! < e.naive!) from ??= s;
    else from = undefined;
  }
  return from;
}

/** CSV of the points, one line per point, for export. */
export function pointsToCsv(points: readonly BenchPoint[]): string {
  const cols = ['kernel', 'tile', 'constants', 'size', 'clock', 'samples', 'dispatchesPerSample', 'medianMs', 'minMs', 'maxMs', 'gflops', 'verified', 'checked', 'maxRelError', 'skipped', 'error'] as const;
  const cell = (v: unknown) => {
    if (v === undefined || v === null) return '';
    const s = String(v);
    // Quote, and defuse spreadsheet formulas.
    const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s;
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const value = (p: BenchPoint, c: (typeof cols)[number]) =>
    c === 'constants' ? Object.entries(p.constants ?? {}).map(([k, v]) => `${k}=${v}`).join(' ') : p[c];
  return [cols.join(','), ...points.map((p) => cols.map((c) => cell(value(p, c))).join(','))].join('\n') + '\n';
}

/**
 * What the benchmark view shows, as data (ui/bench/Bench.tsx puts it into words and elements): the kernel
 * presets of the sweep form and a choice's changes, the GPU's name from what the browser disclosed,
 * what a share link reveals and withholds, and the chart's lines (each kernel's points, this run's and
 * the shared run's). Pure: no React, no words.
 */
import type { BenchPoint, DeviceReport } from './bench';
import { kKernelIdList, kKernels, kLadderIds, kLessonKernelIds, type KernelId } from './kernels';
import { kWithholdable, type ShareChoice, type Withholdable } from './share';

/** The sweep form's kernel sets to start from: the lesson's pair, every rung of the ladder, auto's candidates (the tuner's kernels). */
export const kSweepPresets: ReadonlyArray<{ readonly id: 'pair' | 'ladder' | 'auto'; readonly kernels: readonly KernelId[] }> = [
  { id: 'pair', kernels: kLessonKernelIds },
  { id: 'ladder', kernels: kLadderIds },
  { id: 'auto', kernels: kKernelIdList.filter((k) => kKernels[k].tuned) },
];

/** Whether two kernel choices hold the same kernels, whatever their order. */
export const sameKernelSet = (a: readonly KernelId[], b: readonly KernelId[]): boolean => a.length === b.length && a.every((k) => b.includes(k));

/** These kernels in record order (the order the sweep runs them and the form lists them). */
export const inRecordOrder = (ids: readonly KernelId[]): KernelId[] => kKernelIdList.filter((k) => ids.includes(k));

/** The choice with `kernel` switched on or off, in record order. */
export const toggleKernel = (chosen: readonly KernelId[], kernel: KernelId, on: boolean): KernelId[] =>
  kKernelIdList.filter((x) => (x === kernel ? on : chosen.includes(x)));

/** The device fields a GPU's name is made of, in order. */
type NamePart = 'vendor' | 'architecture' | 'description';

/** What a GPU calls itself, from the parts the browser disclosed ('unknown' and empty ones left out; '' when none). */
export const deviceName = (d: DeviceReport, parts: readonly NamePart[] = ['vendor', 'architecture', 'description']): string =>
  parts
    .map((p) => d[p])
    .filter((x): x is string => !!x && x !== 'unknown')
    .join(' · ');

/** The withholdable fields a share link reveals and those it leaves out, by the sender's choice. */
export function shareReveals(choice: ShareChoice): { readonly included: Withholdable[]; readonly left: Withholdable[] } {
  return { included: kWithholdable.filter((f) => choice.include[f]), left: kWithholdable.filter((f) => !choice.include[f]) };
}

/** Points that were measured (a figure, not skipped or failed). */
export const measuredCount = (points: readonly BenchPoint[]): number => points.filter((p) => p.gflops !== undefined).length;

/** One line of the chart: a kernel's points of this run (shared: false) or of the shared run. */
export interface ChartLine {
  readonly kernel: KernelId;
  readonly shared: boolean;
  readonly points: readonly BenchPoint[];
}

/** The chart's lines, in record order, this run's before the shared run's for each kernel; a kernel with no measured point has no line. */
export function chartLines(mine: readonly BenchPoint[], theirs: readonly BenchPoint[] = []): ChartLine[] {
  const out: ChartLine[] = [];
  for (const kernel of kKernelIdList) {
    for (const [shared, all] of [[false, mine], [true, theirs]] as const) {
      const points = all.filter((p) => p.kernel === kernel);
      if (measuredCount(points) > 0) out.push({ kernel, shared, points });
    }
  }
  return out;
}

import { useTranslation } from 'react-i18next';
import type { BenchPoint } from '../../core/bench';
import { kKernels, type KernelId } from '../../core/kernels';
import { pointTrust } from '../../state/trust';
import { kernelLabel } from '../../i18n/kernels';
import { pointReasonText } from '../../i18n/bench';
import { numberFormat } from '../../i18n';
import { fmtRate } from '../common/format';
import { distrustMark } from '../common/timing';
import { PointsHead } from './PointsHead';

/** One run of a comparison: its name in the table and its points. */
export interface ComparedPoints {
  readonly name: string;
  readonly points: readonly BenchPoint[];
  /** The run's tile width (for the kernels it changes). */
  readonly tile: number;
  /** Measured on a software adapter (core/trust softwareAdapter): no ratio is claimed from its points. */
  readonly software?: boolean;
  /** Measured in this page (its cells are this page's speeds, marked by the same rule: data-speed="here"). */
  readonly here?: boolean;
}

/** The class of a cell holding a ratio (a number, emphasised). */
const kRatioClass = ['num', 'ratio'].join(' ');

/** A ratio with two decimals, in the language in use. */
const fixed2 = (x: number) => numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(x);

/** A point's marks as one ⚠ with its words as the title (the ratio cell says them in full). */
function ShortMark({ point, software }: { point: BenchPoint; software?: boolean }) {
  const v = pointTrust(point, { software });
  if (!v || v.trusted) return null;
  const words = v.reasons.map((reason) => distrustMark(v, reason)).join(' ');
  // One ⚠ per reason, each with the contract's test id (point-software …); the words in its title.
  return (
    <span className="trust-mark short" title={words} data-trust={v.reasons.join(' ')}>
      {v.reasons.map((reason) => (
        <span key={reason} data-testid={`point-${reason}`} aria-hidden="true">
          {' ⚠'}
        </span>
      ))}
      <span className="visually-hidden">{` ${words}`}</span>
    </span>
  );
}

/** The rows of a comparison: every kernel × size of any run, in the first run's order, then the others'. */
function rowKeys(runs: readonly ComparedPoints[]): Array<{ kernel: KernelId; size: number }> {
  const seen = new Set<string>();
  const out: Array<{ kernel: KernelId; size: number }> = [];
  for (const r of runs)
    for (const p of r.points) {
      const key = `${p.kernel}@${p.size}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ kernel: p.kernel, size: p.size });
    }
  return out;
}

/**
 * Runs side by side: for every kernel × size each run's rate (GFLOP/s, median, with its marks), and
 * each later run's ratio to the first (`compare-ratio`, one per point the two share, its value in
 * data-ratio). A ratio is claimed only between two trusted points (core/trust); otherwise the cell
 * says why there is none, and data-ratio is empty.
 */
export function CompareTable({ runs, caption, ratioHead, testId = 'compare-table' }: { runs: readonly ComparedPoints[]; caption: string; ratioHead: (run: ComparedPoints, ref: ComparedPoints) => string; testId?: string }) {
  const { t } = useTranslation('bench');
  const ref = runs[0];
  if (!ref) return null;
  const rows = rowKeys(runs);
  const find = (r: ComparedPoints, kernel: KernelId, size: number) => r.points.find((p) => p.kernel === kernel && p.size === size);
  /** Why a point of run `r` gives no ratio, or undefined when it can. */
  const why = (r: ComparedPoints, p: BenchPoint | undefined): string | undefined => {
    if (!p) return t('compare.notIn', { run: r.name });
    if (p.skipped !== undefined || p.error !== undefined) return t('compare.notRun', { run: r.name, reason: pointReasonText(p.error ?? p.skipped!) });
    const v = pointTrust(p, { software: r.software });
    if (!v) return t('compare.notRun', { run: r.name, reason: '' });
    if (!v.trusted) return t('compare.untrusted', { run: r.name, marks: v.reasons.map((reason) => distrustMark(v, reason)).join(' ') });
    return undefined;
  };
  return (
    <div className="table-wrap compare-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="bench-table compare-table" data-testid={testId}>
        <caption>{caption}</caption>
        <PointsHead columns={[...runs.map((r) => t('compare.rateOf', { run: r.name })), ...runs.slice(1).map((r) => ratioHead(r, ref))]} />
        <tbody>
          {rows.map(({ kernel, size }) => {
            const mine = runs.map((r) => find(r, kernel, size));
            const base = mine[0];
            return (
              <tr key={`${kernel}@${size}`} data-kernel={kernel} data-size={size}>
                <th scope="row">{kKernels[kernel].usesTile ? t('form.kernelTile', { label: kernelLabel(kernel), tile: ref.tile }) : kernelLabel(kernel)}</th>
                <td className="num">{size}</td>
                {mine.map((p, i) => (
                  <td key={`run-${i}`} className="num" data-speed={runs[i]!.here && p?.gflops !== undefined ? 'here' : undefined}>
                    {p === undefined ? '—' : p.gflops !== undefined && p.medianMs !== undefined ? fmtRate(p.gflops, p.medianMs) : p.error !== undefined ? '✗' : t('compare.skipped')}
                    {p && <ShortMark point={p} software={runs[i]!.software} />}
                  </td>
                ))}
                {mine.slice(1).map((p, j) => {
                  const run = runs[j + 1]!;
                  // A point the two runs do not share has no ratio cell to claim.
                  if (!p || !base) return <td key={`ratio-${j}`} className="small">{t('compare.noRatio', { why: why(p ? ref : run, p ? base : p)! })}</td>;
                  const reason = why(run, p) ?? why(ref, base);
                  const ratio = reason === undefined && base.gflops! > 0 ? p.gflops! / base.gflops! : undefined;
                  return (
                    <td key={`ratio-${j}`} className={ratio !== undefined ? kRatioClass : 'small'} data-testid="compare-ratio" data-ratio={ratio !== undefined ? String(ratio) : ''}>
                      {ratio !== undefined ? t('compare.ratio', { ratio: fixed2(ratio) }) : t('compare.noRatio', { why: reason ?? t('compare.zero') })}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

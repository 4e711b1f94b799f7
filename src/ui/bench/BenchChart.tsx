import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { kMaxPlausibleGflops, type BenchPoint } from '../../core/bench';
import { kKernels, type KernelId } from '../../core/kernels';
import { notDrawn, pointTrust } from '../../state/trust';
import { fmtGflops, isBelowResolution } from '../common/format';
import { kernelLabel } from '../../i18n/kernels';
import { numberFormat } from '../../i18n';
import { distrustMark } from '../common/timing';

export interface ChartSeries {
  readonly label: string;
  readonly points: readonly BenchPoint[];
  readonly kernel: KernelId;
  readonly shared: boolean;
  /** Measured on a software adapter (core/trust softwareAdapter): its points are marked, never drawn as a GPU's speed. */
  readonly software?: boolean;
}

/**
 * A figure the axis can hold: finite, not negative, at most the schema's physical bound (links are
 * checked; this guards the axis whatever it is given). A time below the clock's resolution has no
 * rate, and an untimeable or implausible one (core/trust) is no speed: none is drawn (the list
 * under the chart and the table say why).
 */
const plotted = (p: BenchPoint | undefined, software?: boolean): number | null =>
  p?.gflops !== undefined && Number.isFinite(p.gflops) && p.gflops >= 0 && !isBelowResolution(p.medianMs ?? 0) && !pointTrust(p, { software })?.reasons.some(notDrawn)
    ? Math.min(p.gflops, kMaxPlausibleGflops)
    : null;

/**
 * The chart's legend of marks: every point of a series that is not a speed, in words with the
 * automation contract's test ids — untimeable (not drawn) and noisy (drawn, not a speed to compare).
 */
function TrustLegend({ series }: { series: readonly ChartSeries[] }) {
  const { t } = useTranslation('bench');
  const items = series.flatMap((s) =>
    s.points.flatMap((p) => {
      const v = p.gflops !== undefined ? pointTrust(p, { software: s.software }) : undefined;
      if (!v || v.trusted) return [];
      return v.reasons.map((reason) => ({ key: `${s.label}-${p.size}-${reason}`, reason, text: t(`chart.${reason}`, { series: s.label, size: p.size, mark: distrustMark(v, reason) }) }));
    }),
  );
  if (items.length === 0) return null;
  return (
    // Folded under its count: the table marks the same points beside their figures, and a long list
    // would push the table off the shared view's first screen.
    <details className="small chart-marks" data-testid="chart-marks">
      <summary>{t('chart.marksCount', { count: items.length })}</summary>
      <ul>
        {items.map((i) => (
          <li key={i.key} data-testid={`point-${i.reason}`}>
            {i.text}
          </li>
        ))}
      </ul>
    </details>
  );
}

const color = (k: KernelId) => kKernels[k].chart.color;
/** A shared run's markers are hollow: filled with the chart's background. */
const kHollow = 'var(--panel)';
const kHollowCanvas = '#fff';

/**
 * The chart's legend, drawn by the page (uPlot's showed a coloured square, not the dash): per line a
 * short sample of it — its colour, dash and width, and its point marker (filled, or hollow for a
 * shared run) — and its name, as a toggle button that switches the line off and on (keyboard too;
 * a line switched off is struck through and its button unpressed, not told by colour alone).
 */
function Legend({ series, hidden, onToggle }: { series: readonly ChartSeries[]; hidden: ReadonlySet<string>; onToggle: (i: number) => void }) {
  const { t } = useTranslation('bench');
  return (
    <ul className="chart-legend" aria-label={t('chart.legend')} data-testid="chart-legend">
      {series.map((s, i) => {
        const dash = kKernels[s.kernel].chart.dash;
        return (
          <li key={s.label}>
            <button type="button" aria-pressed={!hidden.has(s.label)} data-testid="chart-legend-item" data-kernel={s.kernel} onClick={() => onToggle(i)}>
              <svg className="legend-line" width="48" height="14" viewBox="0 0 48 14" aria-hidden="true">
                <line x1="1" y1="7" x2="47" y2="7" stroke={color(s.kernel)} strokeWidth={s.shared ? 1.5 : 3} strokeDasharray={dash.length > 0 ? dash.join(' ') : undefined} />
                <circle cx="24" cy="7" r={s.shared ? 4 : 3.5} fill={s.shared ? kHollow : color(s.kernel)} stroke={color(s.kernel)} strokeWidth="2" />
              </svg>
              <span className="legend-name">{s.label}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Most lines named on the chart itself (beyond, the legend names them). */
const kNamedLines = 8;

/**
 * GFLOP/s (median) against size, one line per kernel, in the kernel's colour and dash (its record's
 * chart style); shared results thinner, with hollow markers.
 */
/**
 * The y axis's tick labels with as many decimals as their step needs, so neighbouring ticks never
 * read the same (uPlot's default showed 0.001 five times on a software adapter's tiny rates).
 */
function yTicks(vals: ReadonlyArray<number | null>): string[] {
  const finite = vals.filter((v): v is number => v != null && Number.isFinite(v));
  const step = finite.length > 1 ? Math.abs(finite[1]! - finite[0]!) : Math.abs(finite[0] ?? 1);
  const digits = step > 0 ? Math.min(6, Math.max(0, -Math.floor(Math.log10(step) + 1e-9))) : 0;
  const f = numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits });
  return vals.map((v) => (v == null ? '' : f.format(v)));
}

export function BenchChart({ series, height = 340 }: { series: readonly ChartSeries[]; height?: number }) {
  const { t } = useTranslation('bench');
  const host = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | undefined>(undefined);
  // Lines switched off, by label: kept when the chart is drawn again (a language switch, a new point).
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  // The same set for the drawing effect (read when the chart is drawn again, not a reason to draw it).
  const hiddenRef = useRef<ReadonlySet<string>>(hidden);
  const toggle = (i: number) => {
    const s = series[i];
    if (!s) return;
    const next = new Set(hidden);
    if (next.has(s.label)) next.delete(s.label);
    else next.add(s.label);
    plotRef.current?.setSeries(i + 1, { show: !next.has(s.label) });
    hiddenRef.current = next;
    setHidden(next);
  };
  // How many points a chart would draw: none (every figure untimeable, or a software adapter's) is said in words, not an empty frame.
  const drawable = useMemo(() => series.reduce((n, s) => n + s.points.filter((p) => p.kernel === s.kernel && plotted(p, s.software) !== null).length, 0), [series]);
  // t changes with the language: the chart is drawn again with its axes in the new one.
  useEffect(() => {
    const el = host.current;
    if (!el || series.length === 0) return;
    if (drawable === 0) {
      el.dataset.drawn = '0';
      return;
    }
    const xs = [...new Set(series.flatMap((s) => s.points.filter((p) => p.gflops !== undefined).map((p) => p.size)))].sort((a, b) => a - b);
    if (xs.length === 0) {
      el.dataset.drawn = '0';
      return;
    }
    const data: uPlot.AlignedData = [
      xs,
      ...series.map((s) => xs.map((x) => plotted(s.points.find((p) => p.size === x && p.kernel === s.kernel && p.gflops !== undefined), s.software))),
    ];
    // How many points are drawn (the automation contract: data-drawn), so a test can see that none of a software adapter's is.
    el.dataset.drawn = String(data.slice(1).reduce<number>((n, ys) => n + Array.from(ys as ArrayLike<number | null>).filter((y) => y != null).length, 0));
    // Up to kNamedLines lines, each is named at its last point, with room on the right for the longest
    // name, whole; more would pile up past the plot, so the legend below (which also switches lines off) names them.
    const named = series.length <= kNamedLines;
    const tag = (s: ChartSeries) => (s.shared ? t('chart.tagShared', { kernel: kernelLabel(s.kernel) }) : kernelLabel(s.kernel));
    const measure = document.createElement('canvas').getContext('2d');
    if (measure) measure.font = '13px system-ui, sans-serif'; // i18n-exempt: a CSS font
    const right = named ? Math.ceil(Math.max(60, ...series.map((s) => (measure ? measure.measureText(tag(s)).width : 8 * tag(s).length)))) + 20 : 24;
    const opts: uPlot.Options = {
      width: Math.max(320, el.clientWidth),
      padding: [16, right, 0, 0],
      height,
      scales: { x: { time: false, distr: 3, log: 2 }, y: { range: (_u, _min, max) => [0, Number.isFinite(max) && max > 0 ? Math.min(max, kMaxPlausibleGflops) * 1.1 : 1] } },
      axes: [
        { label: t('chart.xAxis'), stroke: 'currentColor', values: (_u, vals) => vals.map((v) => (v == null ? '' : String(Math.round(v)))), grid: { stroke: 'rgba(128,128,128,0.25)' }, ticks: { stroke: 'rgba(128,128,128,0.4)' } },
        { label: t('chart.yAxis'), stroke: 'currentColor', size: 70, values: (_u, vals) => yTicks(vals), grid: { stroke: 'rgba(128,128,128,0.25)' }, ticks: { stroke: 'rgba(128,128,128,0.4)' } },
      ],
      series: [
        { label: t('chart.size'), value: (_u: uPlot, v: number | null) => (v === null ? '—' : `${v}³`) },
        ...series.map((s) => ({
          label: s.label,
          show: !hiddenRef.current.has(s.label),
          stroke: color(s.kernel),
          width: s.shared ? 1.5 : 3,
          dash: kKernels[s.kernel].chart.dash.length > 0 ? [...kKernels[s.kernel].chart.dash] : undefined,
          spanGaps: true,
          points: { show: true, size: s.shared ? 9 : 8, fill: s.shared ? kHollowCanvas : color(s.kernel), stroke: color(s.kernel), width: 2 },
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : fmtGflops(v)),
        })),
      ],
      // The page draws the legend (Legend: with each line's dash and marker); the figures are in the table below.
      legend: { show: false },
      // Each line is also named at its last point, so the kernels are told apart without colour.
      hooks: {
        draw: [
          // A noisy point (core/trust: drawn, not a speed to compare) gets a dashed ring around its marker: a shape, not a colour.
          (u: uPlot) => {
            const ctx = u.ctx;
            ctx.save();
            ctx.lineWidth = 1.5 * devicePixelRatio;
            ctx.setLineDash([3 * devicePixelRatio, 2 * devicePixelRatio]);
            ctx.strokeStyle = getComputedStyle(el).color;
            series.forEach((s, i) => {
              if (u.series[i + 1]?.show === false) return;
              xs.forEach((x, j) => {
                const y = u.data[i + 1]![j];
                if (y == null) return;
                const p = s.points.find((q) => q.size === x && q.kernel === s.kernel);
                if (!p || !pointTrust(p, { software: s.software })?.reasons.includes('noisy')) return;
                ctx.beginPath();
                ctx.arc(u.valToPos(x, 'x', true), u.valToPos(y, 'y', true), 8 * devicePixelRatio, 0, 2 * Math.PI);
                ctx.stroke();
              });
            });
            ctx.restore();
          },
          (u: uPlot) => {
            if (!named) return;
            const ctx = u.ctx;
            ctx.save();
            ctx.font = `${Math.round(13 * devicePixelRatio)}px system-ui, sans-serif`; // i18n-exempt: a CSS font
            ctx.textBaseline = 'middle';
            ctx.textAlign = 'left';
            const labels = series.flatMap((s, i) => {
              // A line switched off in the legend loses its name too.
              if (u.series[i + 1]?.show === false) return [];
              const ys = u.data[i + 1]!;
              let last = ys.length - 1;
              while (last >= 0 && ys[last] == null) last--;
              if (last < 0) return [];
              return [{ s, x: u.valToPos(u.data[0][last]!, 'x', true), y: u.valToPos(ys[last] as number, 'y', true) }];
            });
            // Spread labels that would overlap, keeping their order by height.
            const gap = 18 * devicePixelRatio;
            labels.sort((a, b) => a.y - b.y);
            for (let i = 1; i < labels.length; i++) labels[i]!.y = Math.max(labels[i]!.y, labels[i - 1]!.y + gap);
            for (const l of labels) {
              ctx.fillStyle = color(l.s.kernel);
              ctx.fillText(tag(l.s), l.x + 10 * devicePixelRatio, l.y);
            }
            ctx.restore();
          },
        ],
      },
    };
    const plot = new uPlot(opts, data, el);
    plotRef.current = plot;
    const ro = new ResizeObserver(() => plot.setSize({ width: Math.max(320, el.clientWidth), height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
      plotRef.current = undefined;
    };
  }, [series, height, t, drawable]);
  return (
    <>
      <div ref={host} className="bench-chart" data-named={series.length <= kNamedLines ? '' : undefined}>
        {series.length > 0 && drawable === 0 && (
          <p className="small chart-nothing" data-testid="chart-nothing">
            {t('chart.nothing')}
          </p>
        )}
      </div>
      {/* No line drawn (every point a software adapter's, or none a speed): no legend of lines to switch. */}
      {drawable > 0 && <Legend series={series} hidden={hidden} onToggle={toggle} />}
      <TrustLegend series={series} />
    </>
  );
}

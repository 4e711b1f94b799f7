import { useTranslation } from 'react-i18next';
import type { BenchPoint, SweepConfig } from '../../core/bench';
import { kMaxCiHalfWidthPct } from '../../core/trust';
import { fmtNumber } from '../common/format';

/** A stop rule's figures for the words: level and budget as a reader says them (95, 2). */
export const stopRuleWords = (r: NonNullable<SweepConfig['stop']>) => ({
  level: fmtNumber(Math.round(r.level * 1000) / 10),
  pct: fmtNumber(r.halfWidthPct),
  max: r.maxSamples,
  min: r.minSamples,
  budget: fmtNumber(r.budgetMs / 1000),
});

/**
 * How a sweep's points were sampled, in words: the automatic rule it ran under (the link's own),
 * a fixed count (with intervals, or from a link made before them), or an older link's rule (it carries none).
 */
export function SamplingRule({ config, points, testId = 'sampling-rule' }: { config: Pick<SweepConfig, 'samples' | 'stop'>; points: readonly BenchPoint[]; testId?: string }) {
  const { t } = useTranslation('bench');
  // A link made before the intervals carries none: its points are judged by their spread (core/trust).
  const intervals = points.some((p) => p.ci95Ms !== undefined);
  const text =
    config.samples > 0
      ? intervals
        ? t('sampling.fixed', { n: config.samples, pct: fmtNumber(kMaxCiHalfWidthPct) })
        : t('sampling.fixedOlder', { n: config.samples })
      : config.stop
        ? t('sampling.auto', stopRuleWords(config.stop))
        : t('sampling.older');
  return (
    <p className="small sampling-rule" data-testid={testId}>
      {text}
    </p>
  );
}

import { useTranslation } from 'react-i18next';
import type { SweepConfig } from '../core/bench';
import { kMaxCiHalfWidthPct } from '../core/trust';
import { fmtNumber } from './format';

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
 * a fixed count, or an older link's rule (it carries none).
 */
export function SamplingRule({ config, testId = 'sampling-rule' }: { config: Pick<SweepConfig, 'samples' | 'stop'>; testId?: string }) {
  const { t } = useTranslation('bench');
  const text =
    config.samples > 0
      ? t('sampling.fixed', { n: config.samples, pct: fmtNumber(kMaxCiHalfWidthPct) })
      : config.stop
        ? t('sampling.auto', stopRuleWords(config.stop))
        : t('sampling.older');
  return (
    <p className="small sampling-rule" data-testid={testId}>
      {text}
    </p>
  );
}

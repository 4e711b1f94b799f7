import { useTranslation } from 'react-i18next';
import { kKernelIds, kKernels, labelContext } from '../core/kernels';
import { kernelLabel, kernelSummary } from '../i18n/kernels';

/** The WGSL that actually runs, for students to read beside the results. */
export function KernelSource() {
  const { t } = useTranslation('run');
  return (
    <section className="panel" aria-labelledby="source-heading">
      <h2 id="source-heading">{t('source.heading')}</h2>
      {kKernelIds.map((id) => (
        <details key={id}>
          <summary>{t('source.summary', { label: kernelLabel(id), id, summary: kernelSummary(id) })}</summary>
          <pre className="source" tabIndex={0} aria-label={t('source.aria', { label: kernelLabel(id), context: labelContext(kernelLabel(id)) })}>
            <code>{kKernels[id].source}</code>
          </pre>
        </details>
      ))}
    </section>
  );
}

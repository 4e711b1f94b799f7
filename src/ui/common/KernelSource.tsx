import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { kKernels, labelContext, type KernelId } from '../../core/kernels';
import { encodeUrl } from '../../core/url';
import { localizeRungComments } from '../../i18n/codeComments';
import { kernelLabel } from '../../i18n/kernels';
import { linkLanguage } from '../../state/lang';
import { useApp } from '../../state/store';
import { goToView } from '../../state/views';
import { useKernelSources } from './useKernelSources';
import { useRungComments } from './useRungComments';

/**
 * One kernel's whole WGSL, the file that runs (the ladder's rungs, the partitions' strip kernel); a
 * rung's comments in the language in use, line for line, as its code change shows them (the rungs'
 * comment table covers the ladder's files: rungComments.test.ts).
 */
export function KernelCode({ id }: { id: KernelId }) {
  const { t } = useTranslation('run');
  // Its hooks before the loads that suspend (React's `use`): none after one.
  const lang = useRungComments(kKernels[id].ladder);
  useKernelSources([id]);
  const source = kKernels[id].ladder ? localizeRungComments(kKernels[id].source, lang) : kKernels[id].source;
  return (
    <pre className="source" tabIndex={0} data-testid="kernel-code" data-kernel={id} aria-label={t('source.aria', { label: kernelLabel(id), context: labelContext(kernelLabel(id)) })}>
      <code>{source}</code>
    </pre>
  );
}

/**
 * The end of the lesson: a short pointer, in plain words, to the ladder view (where every kernel's
 * summary, code and change from the one before are), not the kernels' jargon.
 */
export function LessonNext() {
  const { t } = useTranslation();
  const config = useApp((s) => s.config);
  // "Just stepped through" only once a run has drawn the stepper (issue #34).
  const ran = useApp((s) => s.trace !== undefined);
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    // A plain click stays in the page (the state is kept); a modified click opens the link as usual.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    goToView('ladder');
    window.scrollTo(0, 0);
  };
  return (
    <section className="panel lesson-next" aria-labelledby="lesson-next-heading" data-testid="lesson-next">
      <h2 id="lesson-next-heading">{t('lessonNext.heading')}</h2>
      <p data-testid="lesson-next-body">{t(ran ? 'lessonNext.body' : 'lessonNext.bodyBefore')}</p>
      <p>
        <a href={`./${encodeUrl(config, { view: 'ladder', lang: linkLanguage() })}`} data-testid="lesson-next-ladder" onClick={open}>
          {t('lessonNext.link')}
        </a>
      </p>
    </section>
  );
}

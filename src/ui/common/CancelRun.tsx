import { useTranslation } from 'react-i18next';
import { isSaid } from '../../core/said';
import { cancelRun } from '../../state/runs';

/** Cancels the run in progress (the one run lock's signal): shown beside a run's button while it runs. */
export function CancelRun({ 'data-testid': testId }: { 'data-testid': string }) {
  const { t } = useTranslation();
  return (
    <button type="button" data-testid={testId} onClick={cancelRun}>
      {t('controls.cancel')}
    </button>
  );
}

/** Whether a run's message says it was cancelled (by this button): shown plainly, not as a failure. */
export const isCancelled = (m: unknown): boolean => isSaid(m) && (m.key === 'run:error.cancelled' || m.key === 'run:runs.cancelled');

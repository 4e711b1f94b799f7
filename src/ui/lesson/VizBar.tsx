import { useTranslation } from 'react-i18next';
import { useApp } from '../../state/store';
import { setBounds, setClassroom } from '../../state/viz';

/** Switches for the teaching views: PMPP's boundary tests, and the way into classroom mode. */
export function VizBar() {
  const bounds = useApp((s) => s.bounds);
  const classroom = useApp((s) => s.classroom);
  const status = useApp((s) => s.traceStatus);
  const { t } = useTranslation('viz');
  return (
    <section className="panel vizbar" aria-label={t('vizbar.label')}>
      <label className="switch">
        <input type="checkbox" data-testid="toggle-bounds" checked={bounds} onChange={(e) => setBounds(e.target.checked)} />
        {bounds ? t('vizbar.boundsOn') : t('vizbar.boundsOff')}
      </label>
      <button type="button" data-testid="classroom-toggle" aria-pressed={classroom} onClick={() => setClassroom(!classroom)} title={t('vizbar.enterHint')}>
        {t('vizbar.enter')}
      </button>
      {status === 'running' && (
        <span className="small" role="status">
          {t('map.recording')}
        </span>
      )}
    </section>
  );
}

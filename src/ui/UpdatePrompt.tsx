import { useTranslation } from 'react-i18next';
import './update-prompt.css';
import { dismissUpdate, reloadToUpdate, usePwa } from '../state/pwa';
import { useApp } from '../state/store';

/**
 * The notice that a newer version has been deployed (its service worker is installed and waiting):
 * reload to use it, or not now. Not shown in classroom mode, so a deployment never interrupts a
 * presentation; it appears when classroom mode ends.
 */
export function UpdatePrompt() {
  const { t } = useTranslation('pwa');
  const needRefresh = usePwa((s) => s.needRefresh);
  const classroom = useApp((s) => s.classroom);
  if (!needRefresh || classroom) return null;
  return (
    <div className="update-prompt" role="region" aria-label={t('update.label')} data-testid="update-prompt">
      <p role="status">{t('update.message')}</p>
      <div className="update-prompt-actions">
        <button type="button" className="primary" data-testid="update-reload" onClick={reloadToUpdate}>
          {t('update.reload')}
        </button>
        <button type="button" data-testid="update-dismiss" onClick={dismissUpdate}>
          {t('update.dismiss')}
        </button>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { kLanguageNames, kLanguages } from '../../i18n';
import { setLanguage } from '../../state/lang';

/**
 * The language switch of the header: one button per language, each named in its own language
 * (a reader who cannot read the current one still finds theirs), the current one pressed.
 */
export function LangSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div className="lang-switch" role="group" aria-label={t('lang.label')}>
      {kLanguages.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          data-testid={`lang-${l}`}
          aria-pressed={i18n.language === l}
          onClick={() => void setLanguage(l)}
        >
          {kLanguageNames[l]}
        </button>
      ))}
    </div>
  );
}

import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { glossaryWords, kGlossary } from '../../i18n/glossary';
import { kLanguageNames, language } from '../../i18n';

const kGlossaryId = 'glossary';
const kEnglish = 'en' as const;

/** Open the glossary and bring it into view (no change to the address: its fragment carries shared results). */
function openGlossary(e: MouseEvent<HTMLAnchorElement>) {
  const el = document.getElementById(kGlossaryId);
  if (!(el instanceof HTMLDetailsElement)) return;
  e.preventDefault();
  el.open = true;
  el.scrollIntoView({ block: 'start' });
  el.querySelector<HTMLElement>('summary')?.focus();
}

/** The link near the top of the lesson. */
export function GlossaryLink() {
  const { t } = useTranslation();
  return (
    <p className="small glossary-link">
      <a href={`#${kGlossaryId}`} data-testid="glossary-link" onClick={openGlossary}>
        {t('lesson.glossaryLink')}
      </a>
    </p>
  );
}

/**
 * The glossary (i18n/glossary.ts): CUDA ↔ WebGPU/WGSL ↔ the app's words, in the language in use.
 * In Chinese it also gives the English term (what the sources and the code say); docs/glossary.md
 * has both languages.
 */
export function Glossary() {
  const { t } = useTranslation();
  const other = language() !== kEnglish;
  return (
    <details className="panel glossary" id={kGlossaryId} data-testid="glossary">
      <summary>
        <h2>{t('glossary.heading')}</h2>
      </summary>
      <p className="small">{t('glossary.intro')}</p>
      <table className="glossary-table">
        <thead>
          <tr>
            <th scope="col">{t('glossary.colCuda')}</th>
            <th scope="col">{t('glossary.colWgsl')}</th>
            <th scope="col">{t('glossary.colTerm')}</th>
            {other && <th scope="col">{kLanguageNames.en}</th>}
            <th scope="col">{t('glossary.colMeaning')}</th>
          </tr>
        </thead>
        <tbody>
          {kGlossary.map((g) => {
            const w = glossaryWords(g.id);
            return (
              <tr key={g.id} data-term={g.id}>
                <td>
                  {g.cuda.map((c) => (
                    <code key={c}>{c}</code>
                  ))}
                </td>
                <td>
                  {g.wgsl.map((c) => (
                    <code key={c}>{c}</code>
                  ))}
                </td>
                <th scope="row">{w.term}</th>
                {other && <td lang="en">{glossaryWords(g.id, kEnglish).term}</td>}
                <td>{w.meaning}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}

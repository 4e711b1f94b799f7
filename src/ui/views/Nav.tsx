import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { encodeUrl } from '../../core/url';
import { kViewList, type View } from '../../core/views';
import { said } from '../../core/said';
import { say } from '../../i18n';
import { linkLanguage } from '../../state/lang';
import { useApp } from '../../state/store';
import { goToView } from '../../state/views';

/** The header navigation: real links (relative, so a static host's sub-path works), aria-current on the open view. */
export function Nav() {
  const { t } = useTranslation();
  const view = useApp((s) => s.view);
  const config = useApp((s) => s.config);
  const open = (e: MouseEvent<HTMLAnchorElement>, v: View) => {
    // A plain click stays in the page (the state is kept); a modified click opens the link as usual.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    goToView(v);
    window.scrollTo(0, 0);
  };
  return (
    <nav className="views-nav" aria-label={t('app.nav')}>
      <ul>
        {kViewList.map(({ id: v, label }) => (
          <li key={v}>
            <a
              href={`./${encodeUrl(config, { view: v, lang: linkLanguage() })}`}
              data-testid={`nav-${v}`}
              aria-current={view === v ? 'page' : undefined}
              onClick={(e) => open(e, v)}
            >
              {say(said(label))}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

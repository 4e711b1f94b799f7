import type { MouseEvent } from 'react';
import { encodeUrl, type View } from '../../core/url';
import { useApp } from '../../state/store';
import { goToView } from '../../state/views';
import { kAppText, kNavViews, kViewText } from './strings';

/** The header navigation: real links (relative, so a static host's sub-path works), aria-current on the open view. */
export function Nav() {
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
    <nav className="views-nav" aria-label={kAppText.nav}>
      <ul>
        {kNavViews.map((v) => (
          <li key={v}>
            <a
              href={`./${encodeUrl(config, { view: v })}`}
              data-testid={`nav-${v}`}
              aria-current={view === v ? 'page' : undefined}
              onClick={(e) => open(e, v)}
            >
              {kViewText[v].nav}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

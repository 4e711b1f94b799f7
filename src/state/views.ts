/**
 * Views with their own addresses: going to a view pushes a history entry (`?view=…`, written by the
 * URL mirror in urlSync.ts), Back and Forward return to the view of that entry, and a shared-results
 * fragment (`#r=…`) opens the shared results.
 */
import { decodeUrl, startView } from '../core/url';
import { viewOfFragment, type View } from '../core/views';
import { useApp } from './store';

/** Set while the view follows the address bar (Back/Forward), so the mirror does not push again. */
let following = false;

/** Whether the current view change comes from the address bar (read by the URL mirror). */
export function followingAddress(): boolean {
  return following;
}

/** Open a view (a new history entry; the shared-results fragment stays only on the shared view). */
export function goToView(view: View): void {
  if (useApp.getState().view === view) return;
  useApp.setState({ view });
}

/** The view of the address bar now (after Back/Forward or a new fragment). */
export function followAddress(): void {
  following = true;
  try {
    useApp.setState({ view: startView(decodeUrl(location.search), location.hash) });
  } finally {
    following = false;
  }
}

/** Start following Back/Forward and shared-results fragments (once). */
let started = false;
export function startViewSync(onShareHash: () => void): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('popstate', followAddress);
  window.addEventListener('hashchange', () => {
    const view = viewOfFragment(location.hash);
    if (view !== undefined) {
      following = true;
      useApp.setState({ view });
      following = false;
      // The shared results open at the top, wherever the page was scrolled.
      window.scrollTo(0, 0);
    }
    onShareHash();
  });
}

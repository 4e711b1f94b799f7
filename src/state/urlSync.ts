/**
 * The URL mirror: the configuration, the benchmark sizes and the dot-product view are written
 * back into the query as they change (history.replaceState), through the one codec in core/url.
 * Keys that only a link sets (`limits`, `maxSubmitMs`) are carried along as the page loaded them,
 * and a link's `lang` as the address bar has it now (state/lang.ts).
 */
import { encodeUrl, type UrlState } from '../core/url';
import { kDefaultSizesText } from './benchState';
import { kStartUrl, useApp, type AppState } from './store';
import { linkLanguage } from './lang';
import { followingAddress } from './views';
import { viewRecord } from '../core/views';

/** The query string for a state (and the link-only keys of the page's URL). */
export function queryFor(s: Pick<AppState, 'config' | 'sweepText' | 'view' | 'dotText'> & Partial<Pick<AppState, 'practiceEx'>>, start: Pick<UrlState, 'defaultLimitsOnly' | 'maxSubmitMs'> = kStartUrl): string {
  return encodeUrl(s.config, {
    defaultLimitsOnly: start.defaultLimitsOnly,
    ...(s.sweepText.sizes !== kDefaultSizesText ? { sizes: s.sweepText.sizes } : {}),
    view: s.view,
    dotn: s.dotText.n,
    ...(s.practiceEx !== undefined ? { ex: s.practiceEx } : {}),
    ...(start.maxSubmitMs !== undefined ? { maxSubmitMs: start.maxSubmitMs } : {}),
    lang: linkLanguage(),
  });
}

/** Whether a change touches anything the URL shows. */
export function urlChanged(s: AppState, prev: AppState): boolean {
  return s.config !== prev.config || s.sweepText.sizes !== prev.sweepText.sizes || s.view !== prev.view || s.dotText.n !== prev.dotText.n || s.practiceEx !== prev.practiceEx;
}

let stop: (() => void) | undefined;

/** Start mirroring the store into the address bar (once; later calls do nothing). */
export function startUrlSync(): void {
  if (stop || typeof history === 'undefined' || typeof location === 'undefined') return;
  stop = useApp.subscribe((s, prev) => {
    if (!urlChanged(s, prev)) return;
    // A new view is a new history entry (Back returns to the previous view); edits replace the entry.
    const newView = s.view !== prev.view && !followingAddress();
    const hash = viewRecord(s.view).fragment ? location.hash : '';
    const url = `${location.pathname}${queryFor(s)}${newView ? hash : location.hash}`;
    if (newView) history.pushState(null, '', url);
    else history.replaceState(history.state, '', url);
  });
}

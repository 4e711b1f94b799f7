import { expect, type Page } from '@playwright/test';
import { kDefaultView, kViewList, type View } from '../src/core/views';
import { BenchPage } from './pages/bench';
import { BoardPage } from './pages/board';
import { DotPage } from './pages/dot';
import { LadderPage } from './pages/ladder';
import { PracticePage } from './pages/practice';
import { TileMapPage } from './pages/tileMap';

export type { View };

/** What the tests know of each view of core/views.ts (the list, its order and addresses come from there). */
export interface ViewPage {
  /** A test id that only this view draws, opened from the navigation. */
  readonly landmark: string;
  /** Its page object. */
  readonly pageObject: new (page: Page) => object;
  /** Query keys the example address adds (`?view=<address>&…`), to open the view with something in it. */
  readonly example?: string;
  /** The example's landmark, when it differs (the shared results opened from a share link show its banner). */
  readonly exampleLandmark?: string;
  /** For a view opened by a fragment: its example address from the sample share link (default: the link itself). */
  readonly fromShare?: (share: string) => string;
}

/** A page object for the views with nothing of their own to drive yet: the page itself. */
class ViewOnly {
  constructor(readonly page: Page) {}
}

export const kViewPages = {
  lesson: { landmark: 'run-both', pageObject: TileMapPage },
  ladder: { landmark: 'ladder-run', pageObject: LadderPage },
  partitions: { landmark: 'run-strip', pageObject: ViewOnly },
  dot: { landmark: 'dot-run', pageObject: DotPage, example: 'dotn=1000' },
  bench: { landmark: 'bench-start', pageObject: BenchPage, example: 'sizes=64,128,256' },
  // Opened from the navigation with no results: it says there are none. Its example is a genuine share link.
  shared: { landmark: 'shared-none', pageObject: BenchPage, exampleLandmark: 'shared-banner' },
  // Opened from the navigation: the box to paste links in. Its example: the sample link twice in one fragment.
  compare: { landmark: 'compare-view', pageObject: ViewOnly, exampleLandmark: 'compare-table', fromShare: (share) => `${share}&r=${share.slice(share.indexOf('#r=') + 3)}` },
  practice: { landmark: 'practice-list', pageObject: PracticePage, example: 'ex=bounds' },
  // Opened from its address: the box to paste links in (a board link, `#b=…`, opens it too: e2e/board.spec.ts).
  board: { landmark: 'board-input', pageObject: BoardPage, fromShare: () => '?view=board' },
} as const satisfies Record<View, ViewPage>;

/** A view of the app: its address and a test id that only it draws. */
export interface ViewCase {
  readonly name: string;
  readonly url: string;
  readonly landmark: string;
}

/**
 * Every view at its example address, in navigation order (the views that open from a fragment at
 * the share link, made by the app: see sampleShareLink), then two more cases: a small problem of
 * the default view and a damaged share link.
 */
export function kViewUrls(share: string): ViewCase[] {
  const cases: ViewCase[] = kViewList.map((v) => {
    const p: ViewPage = kViewPages[v.id];
    const query = [...(v.id === kDefaultView ? [] : [`view=${v.address}`]), ...(p.example ? [p.example] : [])].join('&');
    const url = 'fragment' in v ? (p.fromShare?.(share) ?? share) : query ? `?${query}` : '';
    return { name: v.id, url, landmark: p.exampleLandmark ?? p.landmark };
  });
  return [
    ...cases,
    { name: `${kDefaultView}-pmpp`, url: '?m=3&k=3&n=3&tile=2', landmark: kViewPages[kDefaultView].landmark },
    { name: 'share-error', url: '?sizes=8,12&tile=4#r=r2.AAAA', landmark: 'share-error' },
  ];
}

let cached: string | undefined;

/** A genuine share link (query + fragment), made once per worker by the app: sizes 8 and 12, tile 4, 3 samples. */
export async function sampleShareLink(page: Page): Promise<string> {
  if (cached) return cached;
  await page.goto('./?sizes=8,12&tile=4');
  await page.getByTestId('bench-samples').fill('3');
  await page.getByTestId('bench-start').click();
  await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-status', 'done');
  const url = await page.getByTestId('share-link').inputValue();
  cached = url.slice(url.indexOf('?'));
  return cached;
}

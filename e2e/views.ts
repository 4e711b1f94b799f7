import { expect, type Page } from '@playwright/test';

/** A view of the app: its address and a test id that only it draws. */
export interface ViewCase {
  readonly name: string;
  readonly url: string;
  readonly landmark: string;
}

/** Every view with its address (the share link is made by the app, see sampleShareLink). */
export function kViewUrls(share: string): ViewCase[] {
  return [
    { name: 'lesson', url: '', landmark: 'run-both' },
    { name: 'lesson-pmpp', url: '?m=3&k=3&n=3&tile=2', landmark: 'run-both' },
    { name: 'ladder', url: '?view=ladder', landmark: 'ladder-run' },
    { name: 'bench', url: '?sizes=64,128,256', landmark: 'bench-start' },
    { name: 'shared', url: share, landmark: 'shared-banner' },
    { name: 'share-error', url: '?sizes=8,12&tile=4#r=r2.AAAA', landmark: 'share-error' },
    { name: 'dot', url: '?view=dot&dotn=1000', landmark: 'dot-run' },
    { name: 'partitions', url: '?view=partitions', landmark: 'run-strip' },
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

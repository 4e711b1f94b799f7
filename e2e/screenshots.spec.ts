import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { kViewUrls, sampleShareLink } from './views';

/**
 * Screenshots of every view at 1366×768 and 1920×1080, saved under test-results/screenshots/
 * (artifacts, not committed) for a person to look at. Each also checks that the view's own
 * landmark is drawn, so a blank page cannot pass. The README's picture is taken by the first test
 * below, after a verified run: under test-results/ on every `npm test` (tests leave the tree as they
 * found it), and into the committed docs/screenshots/lesson.png only when asked for:
 *   npm run screenshot:readme      (README_PICTURE=1 for this one test)
 */
const kReadmePicture = process.env.README_PICTURE === '1' ? 'docs/screenshots/lesson.png' : 'test-results/screenshots/readme-lesson.png';
const kViewports = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

// The README's first screen: the lesson after a run of the default example (cuda-samples 3×2 · 2×3
// blocks of 16), both results verified, the tile map and the formula drawn from the GPU's record.
// Refresh the committed picture with: npm run screenshot:readme
test('the README picture: the lesson after a run', async ({ app, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open('?samples=3');
  await app.run('run-both');
  await expect(app.result('naive')).toHaveAttribute('data-status', 'verified');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await app.tileMap.expectRecorded('gpu');
  await expect(page.getByTestId('run-summary')).toBeInViewport();
  await page.waitForTimeout(600); // the smooth scroll settles
  await page.screenshot({ path: kReadmePicture });
});

/** Each view is loaded once per language and photographed at both sizes (the window resized, as zh-tw.spec.ts does). */
const shoot = async (page: Page, name: string) => {
  for (const vp of kViewports) {
    await page.setViewportSize(vp);
    await page.screenshot({ path: `test-results/screenshots/${vp.width}x${vp.height}-${name}.png` });
  }
};

for (const lang of ['en', 'zh-CN'] as const) {
  test(`screenshots of every view at ${kViewports.map((vp) => `${vp.width}×${vp.height}`).join(' and ')}${lang === 'en' ? '' : ' in 简体中文 (?lang=zh-CN)'}`, async ({ app, page }) => {
    test.setTimeout(400_000);
    await page.setViewportSize(kViewports[0]);
    const share = await sampleShareLink(page);
    const prefix = lang === 'en' ? '' : 'zh-';
    for (const v of kViewUrls(share)) {
      const [query, hash] = v.url.split('#');
      const url = lang === 'en' ? v.url : `${query ?? ''}${query?.startsWith('?') ? '&' : '?'}lang=${lang}${hash ? `#${hash}` : ''}`;
      await page.setViewportSize(kViewports[0]);
      await page.goto(`./${url}`);
      await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', /ready|unavailable/);
      await expect(page.getByTestId(v.landmark).first()).toBeVisible();
      await shoot(page, `${prefix}${v.name}`);
      await expect(page.getByTestId(v.landmark).first(), `${v.name} at ${kViewports[1].width}×${kViewports[1].height}`).toBeVisible();
    }
    // The lesson after a run (English: the PMPP example, 简体中文: the default one): the result and the map scrolled into view.
    await page.setViewportSize(kViewports[0]);
    await app.open(lang === 'en' ? '?m=3&k=3&n=3&tile=2&samples=3' : '?samples=3&lang=zh-CN');
    await page.getByTestId('run-both').click();
    await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
    await expect(page.getByTestId('tile-map')).toHaveAttribute('data-trace-status', 'done');
    await expect(page.getByTestId('run-summary')).toBeInViewport();
    await page.waitForTimeout(600); // the smooth scroll settles
    await shoot(page, `${prefix}lesson-after-run`);
    // Classroom mode in 简体中文 is photographed by classroom.spec.ts (test-results/classroom-zh-CN-*.png), where its layout is checked.
  });
}

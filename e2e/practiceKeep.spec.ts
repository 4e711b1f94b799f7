import { test, expect } from './fixtures';
import { PracticePage } from './pages/practice';
import { kExercises } from '../src/core/practice/exercises';
import { codeFragment } from '../src/core/practice/link';

/**
 * Nothing of the learner's is lost (#44): a save the browser refuses is said, with the code offered
 * as a file; "Clear progress" can be undone; a `#code=` link opened in a tab already on the
 * exercise (only the fragment changes) loads its code and keeps the learner's among the versions;
 * another tab's save is noticed and both are offered.
 */
const skeletonOf = (id: string) => kExercises.find((e) => e.id === id)!.skeleton;

test.describe('practice: nothing lost', () => {
  test.setTimeout(120_000);

  test('storage full: the failed save is said on the page and the code is offered as a file', async ({ page }) => {
    await page.addInitScript(() => {
      const original = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (key.startsWith('tiles.practice.') && (window as unknown as { __full?: boolean }).__full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.call(this, key, value);
      };
    });
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=guard');
    await expect(page.getByTestId('practice-save-failed')).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { __full?: boolean }).__full = true));
    const mine = `${skeletonOf('guard')}\n// written while the storage is full\n`;
    await p.setCode(mine);
    const warning = page.getByTestId('practice-save-failed');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('could not be saved');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('practice-save-download').click()]);
    expect(download.suggestedFilename()).toBe('guard.wgsl');
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path, 'utf8')).toBe(mine);
    // Room again: the next save goes through and the warning goes.
    await page.evaluate(() => ((window as unknown as { __full?: boolean }).__full = false));
    await p.setCode(`${mine}// and saved\n`);
    await expect(warning).toHaveCount(0);
  });

  test('Clear progress can be undone: Undo (focused) brings back every passed exercise and best time; it goes after its seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('./?view=practice&ex=map');
    const best = { gflops: 1234.5, size: 2048, medianMs: 13.9, adapter: 'NVIDIA H100', date: '2026-11-27' };
    await page.evaluate((b) => {
      localStorage.setItem('tiles.practice.passed', JSON.stringify(['map', 'tiled']));
      localStorage.setItem('tiles.practice.best', JSON.stringify({ tiled: b }));
    }, best);
    await page.reload();
    const progress = page.getByTestId('practice-progress');
    await expect(progress).toHaveAttribute('data-count', '2');
    await expect(progress).toHaveAttribute('data-best', 'tiled');
    await page.getByTestId('practice-progress-clear').click();
    await expect(progress).toHaveAttribute('data-count', '0');
    const undo = page.getByTestId('practice-progress-undo');
    await expect(undo).toBeFocused();
    await expect(page.getByTestId('practice-progress-cleared')).toContainText('2 passed');
    await page.keyboard.press('Enter');
    await expect(progress).toHaveAttribute('data-count', '2');
    await expect(progress).toHaveAttribute('data-best', 'tiled');
    await expect(page.getByTestId('exercise-tiled')).toHaveAttribute('data-passed', 'true');
    await page.reload();
    await expect(progress).toHaveAttribute('data-count', '2');
    // Cleared again and left: the Undo goes after its seconds, and the clearing stands.
    await page.getByTestId('practice-progress-clear').click();
    await expect(page.getByTestId('practice-progress-undo')).toBeVisible();
    await page.clock.fastForward(16_000);
    await expect(page.getByTestId('practice-progress-undo')).toHaveCount(0);
    await page.reload();
    await expect(progress).toHaveAttribute('data-count', '0');
  });

  test('a #code= link opened in a tab already on the exercise (only the fragment changes) loads its code; the learner’s stays among the versions, any of which can be picked', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=guard');
    const mine = `${skeletonOf('guard')}\n// my own work\n`;
    await p.setCode(mine);
    const linked = `${skeletonOf('guard')}\n// from a friend\n`;
    const url = page.url();
    await page.evaluate((h) => (location.hash = h), codeFragment(linked));
    await expect.poll(() => p.code()).toBe(linked);
    expect(page.url().split('#')[0]).toBe(url.split('#')[0]);
    await expect(page.getByTestId('exercise-linked')).toBeVisible();
    const versions = page.getByTestId('exercise-versions');
    await expect(versions).toHaveAttribute('data-count', '1');
    // A second link, the same way: the first link's code is kept too (every distinct version is).
    await page.evaluate((h) => (location.hash = h), codeFragment(`${linked}// second\n`));
    await expect.poll(() => p.code()).toBe(`${linked}// second\n`);
    await page.getByTestId('exercise-versions').evaluate((el) => el.closest('details')!.setAttribute('open', ''));
    await expect(versions).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('exercise-version')).toHaveCount(2);
    // The first, not only the newest, can be picked.
    await page.getByTestId('exercise-version').first().getByRole('button').click();
    await expect.poll(() => p.code()).toBe(mine);
  });

  test('another tab’s save is noticed and both versions are offered; the one not taken is kept', async ({ page, context }) => {
    const a = new PracticePage(page);
    await page.goto('./?view=practice&ex=guard');
    const mine = `${skeletonOf('guard')}\n// tab A\n`;
    await a.setCode(mine);
    const other = await context.newPage();
    const b = new PracticePage(other);
    await other.goto('./?view=practice&ex=guard');
    await expect.poll(() => b.code()).toBe(mine);
    const theirs = `${skeletonOf('guard')}\n// tab B\n`;
    await b.setCode(theirs);
    const box = page.getByTestId('exercise-other-tab');
    await expect(box).toBeVisible();
    await page.getByTestId('exercise-other-tab-take').click();
    await expect.poll(() => a.code()).toBe(theirs);
    await expect(box).toHaveCount(0);
    await expect(page.getByTestId('exercise-versions')).toHaveAttribute('data-count', '1');
    await page.getByTestId('exercise-restore').click();
    await expect.poll(() => a.code()).toBe(mine);
  });
});

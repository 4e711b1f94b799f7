import { readdirSync, readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { readLink } from './links';

/**
 * The share link made on the GPU machine by `npm run e2e:gpu` (issue #39), opened here on SwiftShader:
 * it opens, says what made it (the GPU, the browser, the clock) and shows the sender's roofline and
 * probes as trusted GPU figures — a software reader does not turn a GPU's link into a software one.
 * The link comes from the newest report in bench/results/browser-gpu/ (committed with the run).
 */
const dir = 'bench/results/browser-gpu';
/**
 * The newest report (named by its start, 2026-11-27T130751.json) whose share link was made after the
 * roofline and both probes ran in the same page, so the link carries them (a run whose roofline step
 * failed restarted its page, and its link carries the sweep alone: 2026-11-29T005728).
 */
const link: string | undefined = (() => {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((f) => /^\d{4}-\d\d-\d\dT\d{6}\.json$/.test(f)).sort().reverse();
  } catch {
    return undefined;
  }
  for (const f of names) {
    const l = (JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as { steps?: { share?: { link?: string } } }).steps?.share?.link;
    if (!l) continue;
    const p = readLink(l) as { roofline?: unknown; probes?: unknown };
    if (p.roofline && p.probes) return l;
  }
  return undefined;
})();

test('the GPU machine’s share link opens here and names the GPU and the browser that made it', async ({ app, page }) => {
  test.skip(!link, `no share link in ${dir} (made by npm run e2e:gpu on the GPU machine)`);
  const payload = readLink(link!);
  await app.open(`?view=shared${link!.slice(link!.indexOf('#'))}`);
  const banner = page.getByTestId('shared-banner');
  await expect(banner).toBeVisible();
  await test.step('it says what made it: the GPU by its adapter’s words, the browser, the GPU’s clock', async () => {
    expect(payload.device.vendor).toBe('nvidia');
    await expect(banner).toContainText('nvidia');
    if (payload.device.description) await expect(banner).toContainText(payload.device.description);
    await expect(banner).toContainText('GPU timestamps');
    await expect(page.getByTestId('shared-device')).toContainText(payload.device.browser);
    expect(payload.device.browser).toMatch(/Chrome\/156/);
    // A GPU's link: not marked as a software sender here.
    await expect(page.getByTestId('shared-software')).toHaveCount(0);
  });
  await test.step('the roofline and both probes: shown, verified and trusted', async () => {
    await expect(page.getByTestId('shared-roofline')).toHaveAttribute('data-verified', 'true');
    await expect(page.getByTestId('shared-roofline')).toHaveAttribute('data-trusted', 'true');
    for (const id of ['coalescing', 'banks']) {
      await expect(page.getByTestId(`shared-probe-${id}`)).toHaveAttribute('data-trusted', 'true');
      await expect(page.getByTestId(`shared-probe-${id}`)).toHaveAttribute('data-ratio', /^\d/);
    }
  });
  await test.step('every point trusted and drawn', async () => {
    const rows = page.getByTestId('bench-table').locator('tbody tr');
    await expect(rows).toHaveCount(payload.points.length);
    for (const row of await rows.all()) await expect(row).toHaveAttribute('data-trust', 'trusted');
    await expect(page.getByTestId('bench-chart').locator('.bench-chart')).toHaveAttribute('data-drawn', String(payload.points.length));
  });
});

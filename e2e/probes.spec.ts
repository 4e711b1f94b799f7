import { test, expect } from './fixtures';

/**
 * The coalescing and bank-conflict probes under the ladder, on the test's adapter (SwiftShader: tiny
 * sizes, a few seconds): each runs its real shaders, every sum is checked against the CPU reference,
 * every time carries its unit, and the pictures of lanes against segments or banks are drawn. The
 * software adapter says its ratio says nothing about GPUs; no test judges speed.
 */
test('both probes run, verified and timed, with their pictures', async ({ app }) => {
  test.setTimeout(90_000);
  await app.open('?view=ladder');
  const page = app.page;
  const probes = [
    { id: 'coalescing', kinds: ['coalesced', 'strided'], pictures: { coalesced: '1', strided: '32' } },
    { id: 'banks', kinds: ['rows', 'columns', 'padded'], pictures: { rows: '1', columns: '32', padded: '1' } },
  ] as const;
  for (const p of probes) {
    await test.step(p.id, async () => {
      const section = page.getByTestId(`probe-${p.id}`);
      await expect(section).toHaveAttribute('data-status', 'idle');
      // The pictures are the model: drawn before anything runs, one per probe kernel.
      for (const [kind, cost] of Object.entries(p.pictures)) {
        const svg = section.locator(`svg.probe-picture[data-kind="${kind}"]`);
        await expect(svg).toBeVisible();
        await expect(svg, `${kind}: segments touched / worst bank's words`).toHaveAttribute('data-cost', cost);
        await expect(svg.locator('circle')).toHaveCount(32);
      }
      if (p.id === 'banks') {
        // The conflict is marked by a number and a shape, not colour alone.
        const conflict = section.locator('svg[data-kind="columns"] g[data-conflict]');
        await expect(conflict).toHaveCount(1);
        await expect(conflict).toContainText('×32');
      }

      await page.getByTestId(`probe-${p.id}-run`).click();
      await expect(section).toHaveAttribute('data-status', 'done');
      await expect(section).toHaveAttribute('data-verified', 'true');
      for (const kind of p.kinds) {
        const row = page.getByTestId(`probe-${p.id}-${kind}`);
        await expect(row).toHaveAttribute('data-verified', 'true');
        expect(Number(await row.getAttribute('data-median-ms')), kind).toBeGreaterThan(0);
        await expect(row).toContainText(/\d\s?(µs|ms|s)\b/);
        await expect(row).toContainText(/samples × \d+ dispatch/);
        await expect(row).toContainText('verified: all');
      }
      // A ratio, or why there is none; and on this software adapter, that it says nothing about GPUs.
      await expect(page.getByTestId(`probe-${p.id}-ratio`)).toContainText(/×|No ratio/);
      await expect(page.getByTestId(`probe-${p.id}-software`)).toContainText('says nothing about GPUs');
      // The reference GPU's figures stand beside them, labelled as the reference.
      await expect(page.getByTestId(`probe-${p.id}-reference`)).toContainText(/NVIDIA H100 reference .*not this GPU.*\d+\.\d\d×/);
    });
  }
});

import { ladderOfRecord } from './record';
import { test, expect } from './fixtures';

/**
 * The ladder explained: every rung of the record has why it pays, its diagram (drawn from its launch plan at the
 * current shape) and its code change from the previous rung, both collapsed until opened.
 */
test('every rung of the ladder has why it pays, its diagram and its code diff', async ({ app }) => {
  const rungs = await ladderOfRecord();
  expect(rungs.length, 'the record has rungs').toBeGreaterThan(0);
  test.setTimeout(60_000 + rungs.length * 20_000); // opening and drawing each rung's parts, on a shared CPU
  await app.open('?m=40&k=24&n=36&tile=8&view=ladder');
  const page = app.page;
  for (const [i, r] of rungs.entries()) {
    await test.step(r.id, async () => {
      // Planned for this adapter (idle) or not offered here (n/a): either way the GPU's limits are known.
      await expect(app.ladder.rung(r.id)).toHaveAttribute('data-status', /^(idle|n\/a)$/);
      const applicable = (await app.ladder.rung(r.id).getAttribute('data-status')) === 'idle';

      // Why it pays: its own paragraph and the traffic model of it and the rung below at this shape.
      const why = page.locator(`[data-testid="rung-why"][data-kernel="${r.id}"]`);
      await expect(why).toHaveCount(1);
      await why.locator('summary').click();
      await expect(why.locator('.rung-why p').first()).not.toBeEmpty();
      await expect(why).toContainText(/at 40×24×36: [\d,.]+ global loads per C element/);
      if (i > 0) await expect(why.getByTestId('rung-why-here')).toContainText('run the ladder at this shape');
      await why.locator('summary').click();

      const diagram = page.locator(`[data-testid="rung-diagram"][data-kernel="${r.id}"]`);
      await expect(diagram).toHaveCount(1);
      await expect(diagram).not.toHaveAttribute('open', /.*/); // collapsed by default
      await diagram.locator('summary').click();
      if (applicable) {
        for (const panel of ['problem', 'block']) await expect(diagram.locator(`figure[data-panel="${panel}"] svg`)).toBeVisible();
        await expect(diagram.locator('rect[data-role="owned"]')).toHaveCount(1);
        await expect(diagram.locator('rect[data-role="block"]').first()).toBeAttached();
        await expect(diagram.locator('figcaption').first()).toContainText('40×36');
      } else {
        await expect(diagram).toContainText('No launch plan');
      }
      await diagram.locator('summary').click();

      const diff = page.locator(`[data-testid="rung-diff"][data-kernel="${r.id}"]`);
      await expect(diff).toHaveCount(1);
      await diff.locator('summary').click();
      const lines = diff.locator('.diff-line');
      await expect(lines.first()).toBeVisible();
      if (i === 0) {
        await expect(diff.locator('[data-first="true"]')).toBeVisible();
      } else {
        // Changes are marked by a symbol, not colour alone.
        const changed = diff.locator('.diff-line[data-op="add"], .diff-line[data-op="del"]');
        expect(await changed.count(), r.id).toBeGreaterThan(0);
        const marks = await changed.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-op')}${e.querySelector('.diff-mark')?.textContent ?? ''}`));
        expect(new Set(marks), r.id).toEqual(new Set(marks.map((m) => (m.startsWith('add') ? 'add+' : 'del−'))));
      }
      await diff.locator('summary').click();
    });
  }
});

test('the reference cells are labelled and carry their unit', async ({ app }) => {
  await app.open('?m=40&k=24&n=36&view=ladder');
  const cell = app.ladder.rung('naive').locator('td').last();
  await expect(cell).toContainText('NVIDIA H100 reference');
  await expect(cell).toContainText('TFLOP/s');
  await expect(app.ladder.rung('naive').locator('td').nth(1)).toContainText('FLOP/byte');
});

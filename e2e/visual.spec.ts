import { test, expect } from './fixtures';
import { ceilDivForTest, expectedWorkgroup } from './model';

/** The tile map, formula, phase stepper, boundary lesson and classroom mode, on the real GPU run. */

for (const [m, k, n, tile] of [
  [3, 3, 3, 2],
  [48, 32, 48, 16],
  [37, 20, 70, 8],
  [5, 9, 65, 32],
] as const) {
  test(`tile map labels come from the GPU and match the tiling math: ${m}×${k}×${n}, tile ${tile}`, async ({ app }) => {
    await app.open(`?m=${m}&k=${k}&n=${n}&tile=${tile}`);
    await app.run('run-tiled');
    await app.tileMap.expectRecorded('gpu');
    await expect(app.page.getByTestId('tile-map-check')).toContainText('agrees with the tiling math for every tile');
    // Small enough to trace every invocation: the whole GPU trace must match the model.
    await expect(app.page.getByTestId('trace-check-all')).toContainText(/Every one of the [\d,]+ recorded loads .* matches the model/);
    const tilesY = ceilDivForTest(m, tile);
    const tilesX = ceilDivForTest(n, tile);
    for (let ty = 0; ty < tilesY; ty++) {
      for (let tx = 0; tx < tilesX; tx++) {
        const cell = app.tileMap.cell(ty, tx);
        await expect(cell).toHaveAttribute('data-workgroup', expectedWorkgroup(ty, tx));
        const rows = Math.min(tile, m - ty * tile);
        const cols = Math.min(tile, n - tx * tile);
        await expect(cell).toHaveAttribute('data-stores', String(rows * cols));
      }
    }
    await expect(app.tileMap.cell(tilesY, 0)).toHaveCount(0);
  });
}

test('the formula uses the seed notation: C33 = A31·B13 + A32·B23', async ({ app }) => {
  await app.open('?m=48&k=32&n=48&tile=16'); // cuda-samples: C is 3×3 blocks, K spans two
  await app.run('run-tiled');
  await app.tileMap.cell(2, 2).click();
  await expect(app.tileMap.formula).toHaveText('C33 = A31·B13 + A32·B23');
  await app.tileMap.cell(0, 1).click();
  await expect(app.tileMap.formula).toHaveText('C12 = A11·B12 + A12·B22');
});

test('PMPP 3×3, tile 2: the out-of-range lanes of block(0,0) phase 1 and block(1,1) phase 0', async ({ app }) => {
  await app.open('?m=3&k=3&n=3&tile=2');
  await app.run('run-tiled');
  const stepper = app.tileMap.stepper;
  await expect(stepper).toHaveAttribute('data-source', 'gpu');
  const lane = (w: 'a' | 'b', y: number, x: number) => app.tileMap.lane(w, y, x);

  await test.step('block (0,0), phase 1 (the second phase)', async () => {
    await app.tileMap.cell(0, 0).click();
    await app.tileMap.next(4);
    await expect(app.tileMap.label).toContainText('Phase 2 of 2 · step 1 of 4');
    // A columns 2, 3: column 3 does not exist (slot column 1). B rows 2, 3: row 3 does not exist (slot row 1).
    for (const [y, x, oob] of [[0, 0, false], [0, 1, true], [1, 0, false], [1, 1, true]] as const) {
      await expect(lane('a', y, x)).toHaveAttribute('data-oob', String(oob));
    }
    for (const [y, x, oob] of [[0, 0, false], [0, 1, false], [1, 0, true], [1, 1, true]] as const) {
      await expect(lane('b', y, x)).toHaveAttribute('data-oob', String(oob));
    }
    await expect(app.page.getByTestId('trace-check')).toContainText('matches the model');
    // Every invocation of block (0,0) stores a C element.
    await expect(app.tileMap.cSlot(1, 1)).toHaveAttribute('data-stores', 'true');
  });

  await test.step('block (1,1), phase 0', async () => {
    await app.tileMap.cell(1, 1).click();
    await app.tileMap.goTo(0);
    await expect(app.tileMap.label).toContainText('Phase 1 of 2 · step 1 of 4');
    // Rows 2, 3 of A: row 3 is outside (slot row 1). Columns 2, 3 of B: column 3 is outside (slot column 1).
    for (const [y, x, oob] of [[0, 0, false], [0, 1, false], [1, 0, true], [1, 1, true]] as const) {
      await expect(lane('a', y, x)).toHaveAttribute('data-oob', String(oob));
    }
    for (const [y, x, oob] of [[0, 0, false], [0, 1, true], [1, 0, false], [1, 1, true]] as const) {
      await expect(lane('b', y, x)).toHaveAttribute('data-oob', String(oob));
    }
    // Only C[2][2] exists in this tile: the other three invocations store nothing.
    await expect(app.tileMap.cSlot(0, 0)).toHaveAttribute('data-stores', 'true');
    for (const [y, x] of [[0, 1], [1, 0], [1, 1]] as const) await expect(app.tileMap.cSlot(y, x)).toHaveAttribute('data-stores', 'false');
  });

  await test.step('prev steps back', async () => {
    await app.tileMap.next();
    await expect(app.tileMap.label).toContainText('step 2 of 4: barrier');
    await app.tileMap.prev();
    await expect(app.tileMap.label).toContainText('step 1 of 4: load');
  });
});

test('without the boundary tests, reads run into the next row and C is marked wrong', async ({ app }) => {
  await app.open('?m=3&k=3&n=3&tile=2&pattern=integers');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await app.tileMap.setBounds(false);
  await expect(app.page.getByTestId('bounds-off-summary')).toContainText(/\d+ elements? of C (is|are) wrong/);
  // Block (0,0): A[0][3] is really A[1][0] — the next row's first element (index 3).
  await app.tileMap.cell(0, 0).click();
  await expect(app.tileMap.cell(0, 0)).not.toHaveAttribute('data-wrong', '0');
  await app.tileMap.goTo(4);
  await expect(app.tileMap.lane('a', 0, 1)).toHaveAttribute('data-index', '3');
  await expect(app.tileMap.lane('a', 0, 1)).toHaveAttribute('data-oob', 'true');
  await expect(app.page.locator('[data-testid^="c-slot-"][data-wrong="true"]').first()).toBeVisible();
  // The timed tiled kernel (with its tests) is untouched and still verified.
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await app.tileMap.setBounds(true);
  await expect(app.page.getByTestId('bounds-off-summary')).toHaveCount(0);
  await expect(app.tileMap.cell(0, 0)).toHaveAttribute('data-wrong', '0');
});

test('without the boundary tests at a multiple of the tile, nothing is wrong and the page says why and what to try', async ({ app }) => {
  await app.open('?m=4&k=4&n=4&tile=2&pattern=integers');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await app.tileMap.setBounds(false);
  const summary = app.page.getByTestId('bounds-off-summary');
  await expect(summary).toContainText('no element of C is wrong');
  await expect(summary).toHaveClass(/ok-text/);
  await expect(app.page.getByTestId('bounds-off-hint')).toContainText('say M = 5');
});

test('keyboard: on the page ←/→ step and W A S D move the tile; classroom mode adds Space and Esc', async ({ app }) => {
  await app.open('?m=48&k=32&n=48&tile=16');
  await app.run('run-tiled');
  await app.tileMap.cell(0, 0).click();
  await app.page.getByRole('grid', { name: /C tiles/ }).focus();
  await app.page.keyboard.press('d');
  await app.page.keyboard.press('s');
  await app.page.keyboard.press('s');
  await expect(app.tileMap.formula).toHaveText('C32 = A31·B12 + A32·B22');
  await expect(app.tileMap.cell(2, 1)).toHaveAttribute('aria-selected', 'true');
  // The lesson's hint claims only the keys that work on the page, and they do.
  await expect(app.page.getByTestId('key-hint')).toHaveAttribute('data-mode', 'lesson');
  await expect(app.page.getByTestId('key-hint')).not.toContainText('Space');
  await app.page.keyboard.press('ArrowRight');
  await expect(app.tileMap.label).toContainText('step 2 of 4');
  await app.page.keyboard.press('ArrowLeft');
  await expect(app.tileMap.label).toContainText('step 1 of 4');

  await app.page.getByTestId('classroom-toggle').click();
  await expect(app.page.locator('main')).toHaveAttribute('data-classroom', 'true');
  await app.tileMap.label.click();
  await app.page.keyboard.press('ArrowRight');
  await app.page.keyboard.press('ArrowRight');
  await expect(app.tileMap.label).toContainText('step 3 of 4');
  await app.page.keyboard.press('ArrowLeft');
  await expect(app.tileMap.label).toContainText('step 2 of 4');
  await app.page.keyboard.press(' ');
  await expect(app.page.getByTestId('phase-play')).toHaveAttribute('aria-pressed', 'true');
  await app.page.keyboard.press(' ');
  await expect(app.page.getByTestId('phase-play')).toHaveAttribute('aria-pressed', 'false');
  await app.page.keyboard.press('Escape');
  await expect(app.page.locator('main')).toHaveAttribute('data-classroom', 'false');
});

test('a large problem keeps the map legible and the stepper falls back to the model', async ({ app }) => {
  // 1024×8×1024, tile 16: 64×64 = 4096 tiles; too large to trace every invocation.
  await app.open('?m=1024&k=8&n=1024&tile=16');
  await app.run('run-tiled');
  await expect(app.tileMap.map).toHaveAttribute('data-tiles-x', '64');
  await expect(app.page.getByTestId('tile-map-check')).toContainText('agrees with the tiling math');
  await expect(app.page.getByTestId('tile-map-window')).toBeVisible();
  expect(await app.page.locator('[data-testid^="tile-cell-"]').count()).toBeLessThanOrEqual(144);
  await expect(app.tileMap.stepper).toHaveAttribute('data-source', 'model');
  await expect(app.tileMap.cell(63, 63)).toHaveAttribute('data-workgroup', '63,63');
});

test('one notation per grid: once an index reaches 10, every name in the map, the formula and the text takes a comma', async ({ app }) => {
  // 48×32×160, tile 16: 3 × 10 C tiles — the tenth column makes the whole grid use commas, C3,3 included.
  await app.open('?m=48&k=32&n=160&tile=16');
  await app.run('run-tiled');
  await app.tileMap.expectRecorded('gpu');
  await app.tileMap.select(2, 2);
  await expect(app.tileMap.formula).toHaveText('C3,3 = A3,1·B1,3 + A3,2·B2,3');
  await expect(app.tileMap.map.locator('.bgrid .tile').first()).toHaveText('B1,1');
  await expect(app.page.getByTestId('coord-key')).toContainText('block C3,3');
  await expect(app.page.getByTestId('coord-key')).toContainText('workgroup_id (x = 2, y = 2)');
  await expect(app.tileMap.stepper.locator('h2')).toContainText('C3,3');
});

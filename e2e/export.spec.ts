import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * Saving the tile map and the stepper's current phase for slides and handouts: SVG and PNG, named
 * by what they show, drawn from the run on the page, in the language chosen.
 */

async function save(page: Page, testId: string, how: 'click' | 'keyboard' = 'click'): Promise<{ name: string; bytes: Buffer }> {
  const button = page.getByTestId(testId);
  const downloaded = page.waitForEvent('download');
  if (how === 'keyboard') {
    await button.focus();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  const d: Download = await downloaded;
  const bytes = readFileSync(await d.path());
  // Kept for a look (test-results/exports/<language>/<name>).
  const dir = `test-results/exports/${await page.evaluate(() => document.documentElement.lang)}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/${d.suggestedFilename()}`, bytes);
  return { name: d.suggestedFilename(), bytes };
}

/** The browser's own XML parser: the root's name, or the parser's error. */
async function parseSvg(page: Page, svg: string): Promise<string> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const err = doc.querySelector('parsererror');
    return err ? `parsererror: ${err.textContent ?? ''}` : doc.documentElement.nodeName;
  }, svg);
}

/** Width and height of a PNG, from its IHDR chunk (after the 8-byte signature and the chunk header). */
function pngSize(b: Buffer): { w: number; h: number } {
  expect(b.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { w: b.readUInt32BE(16), h: b.readUInt32BE(20) };
}

const svgSize = (svg: string) => {
  const m = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg);
  return { w: Number(m?.[1]), h: Number(m?.[2]) };
};

test('the default example exports its map and its phase as SVG and PNG, named by what they show', async ({ app }) => {
  const { page } = app;
  await app.open('');
  await app.run('run-tiled');
  await app.tileMap.expectRecorded('gpu');
  // The default is cuda-samples matrixMul, 48×32×48 with tile 16; the last C tile is selected.
  await expect(app.tileMap.cell(2, 2)).toHaveAttribute('aria-selected', 'true');

  const mapSvg = await save(page, 'export-map-svg', 'keyboard');
  expect(mapSvg.name).toBe('tiles-map-48x32x48-t16-C3-3.svg');
  const svg = mapSvg.bytes.toString('utf8');
  expect(await parseSvg(page, svg)).toBe('svg');
  // Every tile label the map shows: A and B names and the workgroup of each C tile, as recorded.
  for (const label of await app.tileMap.map.locator('.bgrid .tile, .agrid .tile').allTextContents()) expect(svg).toContain(`>${label}<`);
  for (let ty = 0; ty < 3; ty++) {
    for (let tx = 0; tx < 3; tx++) {
      const wg = await app.tileMap.cell(ty, tx).getAttribute('data-workgroup');
      expect(svg).toContain(`>(${wg})<`);
      expect(svg).toContain(`>C${ty + 1}${tx + 1}<`);
    }
  }
  expect(svg).toContain(`${await app.tileMap.formula.textContent()}`);
  expect(svg).toContain('Which workgroup computes which C tile');
  expect(svg).toContain('Phase 1 of 2 · step 1 of 4');

  const mapPng = await save(page, 'export-map-png');
  expect(mapPng.name).toBe('tiles-map-48x32x48-t16-C3-3.png');
  expect(pngSize(mapPng.bytes)).toEqual({ w: 2 * svgSize(svg).w, h: 2 * svgSize(svg).h });

  // Move to phase 2 and another tile: the phase export follows the stepper.
  await app.tileMap.select(0, 1);
  for (let i = 0; i < 4; i++) await page.getByTestId('phase-next').click();
  await expect(app.tileMap.label).toContainText('Phase 2 of 2 · step 1 of 4');
  const phaseSvg = await save(page, 'export-phase-svg');
  expect(phaseSvg.name).toBe('tiles-phase-2-of-2-step-1-of-4-48x32x48-t16-C1-2.svg');
  const psvg = phaseSvg.bytes.toString('utf8');
  expect(await parseSvg(page, psvg)).toBe('svg');
  expect(psvg).toContain('Phase 2 of 2 · step 1 of 4: load the A and B tiles into workgroup memory');
  expect(psvg).toContain('C12 = A11·B12 + A12·B22');
  expect(psvg).toContain('tile A12');
  expect(psvg).toContain('tile B22');
  // The lanes' element labels as the stepper prints them.
  expect(psvg).toContain(`>${await app.tileMap.lane('a', 0, 0).getAttribute('title').then((t) => /loads (A\[\d+\]\[\d+\])/.exec(t ?? '')?.[1])}<`);

  // At the multiply step the figure carries the moment: the lane's row and column marked and its term line (issue #34).
  await app.tileMap.goTo(6);
  await expect(app.tileMap.label).toContainText('Phase 2 of 2 · step 3 of 4');
  const mult = await save(page, 'export-phase-svg');
  expect(mult.name).toMatch(/^[A-Za-z0-9._-]+$/);
  const msvg = mult.bytes.toString('utf8');
  expect(await parseSvg(page, msvg)).toBe('svg');
  expect(msvg.match(/data-highlight="row"/g)).toHaveLength(16);
  expect(msvg.match(/data-highlight="col"/g)).toHaveLength(16);
  const sum = (await page.getByTestId('mac-sum').textContent())!;
  expect(msvg).toContain(`= ${sum}`);
  const a0 = Number(await page.getByTestId('mac-term-0').getAttribute('data-a'));
  expect(msvg).toContain(`C[0][16] = `);
  expect(msvg).toContain(String(a0.toFixed(3)).replace('-', '\u2212'));
  await app.tileMap.goTo(4);

  const phasePng = await save(page, 'export-phase-png');
  expect(phasePng.name).toBe('tiles-phase-2-of-2-step-1-of-4-48x32x48-t16-C1-2.png');
  expect(pngSize(phasePng.bytes)).toEqual({ w: 2 * svgSize(psvg).w, h: 2 * svgSize(psvg).h });
});

test('?lang=zh-CN exports its figures in Chinese', async ({ app }) => {
  const { page } = app;
  await app.open('?lang=zh-CN');
  await app.run('run-tiled');
  await app.tileMap.expectRecorded('gpu');
  await expect(page.getByTestId('export-map-svg')).toHaveText(/分块图/);
  const map = (await save(page, 'export-map-svg')).bytes.toString('utf8');
  expect(await parseSvg(page, map)).toBe('svg');
  expect(map).toContain('哪个工作组计算哪个 C 块');
  expect(map).toContain('第 1 阶段（共 2）');
  expect(map).toContain('C33 = A31·B13 + A32·B23');
  expect(map).not.toContain('Which workgroup');
  const phase = (await save(page, 'export-phase-svg')).bytes.toString('utf8');
  expect(await parseSvg(page, phase)).toBe('svg');
  expect(phase).toContain('工作组 (2, 2) 内部');
  expect(phase).toContain('工作组内存');
  expect(phase).not.toContain('workgroup memory');
  const png = await save(page, 'export-phase-png');
  expect(png.name).toMatch(/^tiles-phase-1-of-2-step-1-of-4-48x32x48-t16-C3-3\.png$/);
  expect(pngSize(png.bytes).w).toBe(2 * svgSize(phase).w);
});

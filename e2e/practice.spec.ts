import { test, expect } from './fixtures';
import { PracticePage } from './pages/practice';
import { kExercises } from '../src/core/practice/exercises';
import { codeFragment } from '../src/core/practice/link';
import { applyCommentTable } from '../src/i18n/commentTable';
import { comments as zhCN } from '../src/i18n/locales/zh-CN/comments';
import { comments as zhTW } from '../src/i18n/locales/zh-TW/comments';

/** The exercises' comments in a language, as the page shows them (src/i18n/codeComments.ts finds these tables with import.meta.glob, which only Vite has). */
const kCommentTables = { 'zh-CN': zhCN, 'zh-TW': zhTW } as const;
const localizeComments = (code: string, lang: keyof typeof kCommentTables) => applyCommentTable(code, kCommentTables[lang]);

const solutionOf = (id: string) => kExercises.find((e) => e.id === id)!.solution;
const skeletonOf = (id: string) => kExercises.find((e) => e.id === id)!.skeleton;

test.describe('practice', () => {
  test.setTimeout(240_000);

  test('every exercise’s solution passes on this GPU, and its skeleton as given does not', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('practice-list').getByRole('button')).toHaveCount(kExercises.length);
    for (const ex of kExercises) {
      await test.step(ex.id, async () => {
        await p.open(ex.id);
        expect(await p.run(), `${ex.id}: the skeleton does not pass`).not.toBe('pass');
        await page.getByTestId('exercise-solution').click();
        expect(await p.run(), `${ex.id}: the solution passes`).toBe('pass');
        await expect(page.getByTestId('exercise-wrong-count')).toHaveAttribute('data-count', '0');
        const reads = Number(await page.getByTestId('exercise-reads').getAttribute('data-reads'));
        const budget = Number(await page.getByTestId('exercise-reads').getAttribute('data-budget'));
        expect(reads).toBeGreaterThan(0);
        expect(reads).toBeLessThanOrEqual(budget);
      });
    }
  });

  test('exercise 6 at 1366×768: the skeleton fails; without the B-load test, wrong elements are marked; the three tests pass', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=bounds');
    await expect(page.getByTestId('exercise-bounds')).toHaveAttribute('aria-current', 'step');
    await p.page.getByTestId('exercise-reset').click();
    expect(await p.run()).toBe('fail');
    await expect(page.getByTestId('exercise-verdict')).toContainText(/reads outside A/);
    // The learner writes the tests into the skeleton: first all but the B-load test.
    const withoutB = skeletonOf('bounds')
      .replace(
        / {4}As\[ty\]\[tx\] = loadA\(row, ph \* TILE \+ tx\);[^\n]*\n/,
        '    if (row < dims.M && ph * TILE + tx < dims.K) { As[ty][tx] = loadA(row, ph * TILE + tx); } else { As[ty][tx] = 0.0; }\n',
      )
      .replace(/ {2}storeC\(row, col, acc\);[^\n]*\n/, '  if (row < dims.M && col < dims.N) { storeC(row, col, acc); }\n');
    expect(withoutB).not.toBe(skeletonOf('bounds'));
    await p.setCode(withoutB);
    expect(await p.run()).toBe('fail');
    expect(Number(await page.getByTestId('exercise-wrong-count').getAttribute('data-count'))).toBeGreaterThan(0);
    await expect(page.getByTestId('exercise-wrong-cell').first()).toBeVisible();
    await expect(page.getByTestId('exercise-verdict')).toContainText(/reads outside B/);
    // Then the B-load test too.
    const all = withoutB.replace(
      / {4}Bs\[ty\]\[tx\] = loadB\(ph \* TILE \+ ty, col\);[^\n]*\n/,
      '    if (ph * TILE + ty < dims.K && col < dims.N) { Bs[ty][tx] = loadB(ph * TILE + ty, col); } else { Bs[ty][tx] = 0.0; }\n',
    );
    await p.setCode(all);
    expect(await p.run()).toBe('pass');
    await expect(page.getByTestId('exercise-wrong-cell')).toHaveCount(0);
    // Everything needed is on the screen without scrolling sideways.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(1366);
  });

  test('the tiled kernel without barriers fails on its barrier count; the naive kernel with row and column swapped has wrong elements', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=tiled');
    await p.setCode(solutionOf('tiled').replace(/workgroupBarrier\(\);/g, ''));
    expect(await p.run()).toBe('fail');
    await expect(page.getByTestId('exercise-verdict')).toContainText(/barriers/);
    await p.open('naive');
    await p.setCode(solutionOf('naive').replace('let row = gid.y;\n  let col = gid.x;', 'let row = gid.x;\n  let col = gid.y;'));
    expect(await p.run()).toBe('fail');
    expect(Number(await page.getByTestId('exercise-wrong-count').getAttribute('data-count'))).toBeGreaterThan(0);
  });

  test('a compile error lands on its line, and the Numba port’s early return does not compile', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=map');
    const code = solutionOf('map').replace('storeC(row, col, loadA(row, col) + loadB(row, col));', 'storeC(row, col, loadA(row, col) + nope);');
    const line = code.split('\n').findIndex((l) => l.includes('nope')) + 1;
    await p.setCode(code);
    expect(await p.run()).toBe('error');
    await expect(page.getByTestId('exercise-compile-error').first()).toHaveAttribute('data-line', String(line));
    await expect(page.locator('.cm-lintRange-error').first()).toBeVisible();
    await p.open('numba');
    await page.getByTestId('exercise-reset').click();
    expect(await p.run()).toBe('error');
    // Any barrier after the early return is non-uniform; which one a compiler names is its own choice
    // (Chromium 150 named the first, 156 the second), so the error must land on one of them.
    const barrierLines = skeletonOf('numba').split('\n').flatMap((l, i) => (l.includes('workgroupBarrier') ? [String(i + 1)] : []));
    expect(barrierLines.length).toBeGreaterThan(1);
    await expect(page.getByTestId('exercise-compile-error').first()).toHaveAttribute('data-line', new RegExp(`^(${barrierLines.join('|')})$`));
  });

  test('a kernel that never ends is stopped with a message, the code is kept, and the next run verifies', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=map');
    // A typical slip: k * 2u leaves k at 0, so the loop never ends (the compiler cannot tell).
    const forever = solutionOf('map').replace('  storeC(', '  var x = 0.0;\n  for (var k = 0u; k < dims.N; k = k * 2u) {\n    x += 1.0;\n  }\n  storeC(');
    await p.setCode(forever);
    expect(await p.run()).toBe('error');
    await expect(page.getByTestId('exercise-verdict')).toContainText(/never ends/);
    expect(await p.code()).toContain('k = k * 2u');
    await page.getByTestId('exercise-solution').click();
    expect(await p.run()).toBe('pass');
  });

  test('a link’s code is shown and not run until Run; the share control links to the editor’s code; text survives a reload', async ({ page }) => {
    const p = new PracticePage(page);
    const linked = solutionOf('guard').replace('// past the last element', '// from a link');
    await page.goto(`./?view=practice&ex=guard${codeFragment(linked)}`);
    await expect(page.getByTestId('exercise-linked')).toBeVisible();
    await expect(p.editor).toContainText('// from a link');
    await expect(page.getByTestId('exercise-verdict')).toHaveCount(0);
    await page.waitForTimeout(500);
    await expect(page.getByTestId('exercise-verdict')).toHaveCount(0);
    const href = await page.getByTestId('exercise-share').getAttribute('href');
    expect(href).toContain('ex=guard');
    expect(href).toContain(codeFragment(linked));
    expect(await p.run()).toBe('pass');
    await expect(page.getByTestId('exercise-linked')).toHaveCount(0);
    // Edits are kept per exercise across a reload.
    await p.setCode(`${linked}\n// mine\n`);
    await page.reload();
    await expect(p.editor).toContainText('// mine');
  });
});

for (const [lang, name, note] of [['zh-CN', '简体中文', '我的笔记：完成了'], ['zh-TW', '繁體中文', '我的筆記：完成了']] as const) test(`in ${name} the starting code’s comments are Chinese, line for line; edited with them, the solution compiles and passes; back in English the untouched code is English again`, async ({ page }) => {
  test.setTimeout(120_000);
  const p = new PracticePage(page);
  await page.goto(`./?view=practice&ex=map&lang=${lang}`);
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
  const zh = localizeComments(skeletonOf('map'), lang);
  expect(zh).not.toBe(skeletonOf('map'));
  await expect.poll(() => p.code()).toBe(zh);
  // The learner's own text, Chinese comments and all, is WGSL the GPU's compiler takes.
  await p.setCode(localizeComments(solutionOf('map'), lang) + `\n// ${note}\n`);
  expect(await p.run()).toBe('pass');
  await page.getByTestId('exercise-reset').click();
  await page.getByTestId('lang-en').click();
  await expect.poll(() => p.code()).toBe(skeletonOf('map'));
});

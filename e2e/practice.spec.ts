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
  test.setTimeout(420_000);

  test('every exercise’s solution passes on this GPU, and its skeleton as given does not', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('practice-list').getByRole('button')).toHaveCount(kExercises.length);
    for (const ex of kExercises) {
      await test.step(ex.id, async () => {
        await p.open(ex.id);
        expect(await p.run(), `${ex.id}: the skeleton does not pass`).not.toBe('pass');
        // The ladder's skeletons with right values fail on what the exercise teaches, as the trace shows it: single buffering, an unpadded tile.
        const why = ({ double: 'overlap', padded: 'banks' } as Record<string, string>)[ex.id];
        if (why) {
          await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'structure');
          await expect(page.locator(`[data-testid="exercise-structure"][data-check="${why}"][data-ok="false"]`).first()).toBeVisible();
        }
        await page.getByTestId('exercise-solution').click();
        expect(await p.run(), `${ex.id}: the solution passes`).toBe('pass');
        await expect(page.getByTestId('exercise-wrong-count')).toHaveAttribute('data-count', '0');
        expect(Number(await page.getByTestId('exercise-reads').getAttribute('data-reads'))).toBeGreaterThan(0);
        // What the pass covers, in words and as data; every structure check the trace made passed.
        const coverage = page.getByTestId('exercise-coverage');
        await expect(coverage).toHaveAttribute('data-max-k', /^\d+$/);
        // Its sentence on the trace says what was traced: every workgroup, a row of them on a shape too large, or some shapes not at all.
        const [shapes, traced, whole] = await Promise.all(['data-shapes', 'data-traced', 'data-traced-whole'].map((a) => coverage.getAttribute(a)));
        const total = shapes!.split(' ').length;
        await expect(coverage).toContainText(Number(traced) < total ? 'the others are checked by their values' : Number(whole) < total ? 'one row of workgroups' : 'every workgroup of every shape');
        await expect(page.locator('[data-testid="exercise-structure"][data-ok="false"]')).toHaveCount(0);
      });
    }
  });

  test('progress: the list marks the exercises this browser passed, keeps them over a reload, and Clear forgets them', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=map');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('practice-progress')).toHaveAttribute('data-count', '0');
    // A failed run marks nothing.
    expect(await p.run()).not.toBe('pass');
    await expect(page.getByTestId('practice-progress')).toHaveAttribute('data-count', '0');
    await page.getByTestId('exercise-solution').click();
    expect(await p.run()).toBe('pass');
    await expect(page.getByTestId('practice-progress')).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('practice-progress')).toHaveAttribute('data-passed', 'map');
    await expect(page.getByTestId('exercise-map')).toHaveAttribute('data-passed', 'true');
    await expect(page.getByTestId('exercise-map')).toContainText('✓');
    await expect(page.getByTestId('exercise-guard')).toHaveAttribute('data-passed', 'false');
    await page.reload();
    await expect(page.getByTestId('practice-progress')).toHaveAttribute('data-count', '1');
    await page.getByTestId('practice-progress-clear').click();
    await expect(page.getByTestId('practice-progress')).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('exercise-map')).toHaveAttribute('data-passed', 'false');
    await page.reload();
    await expect(page.getByTestId('practice-progress')).toHaveAttribute('data-count', '0');
  });

  test('the ladder’s exercises are judged by what the kernel did: a register tile read naively shares no tile; a 1-D tile is judged by its real addresses', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=regtile');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    // Right values, a 2×2 block each, but every operand from global memory: 8·K reads, the budget is K.
    await p.setCode(`@compute @workgroup_size(TILE, TILE)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  for (var i = 0u; i < 2u; i++) {
    for (var j = 0u; j < 2u; j++) {
      let row = wg.y * 8u + lid.y * 2u + i;
      let col = wg.x * 8u + lid.x * 2u + j;
      var acc = 0.0;
      for (var k = 0u; k < dims.K; k++) { acc += loadA(row, k) * loadB(k, col); }
      storeC(row, col, acc);
    }
  }
}
`);
    expect(await p.run()).toBe('fail');
    // Right values, but the workgroup read each element of A and B many times: no tile shares them.
    await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'structure');
    await expect(page.getByTestId('exercise-wrong-count')).toHaveAttribute('data-count', '0');
    await expect(page.locator('[data-testid="exercise-structure"][data-check="reuse"][data-ok="false"]').first()).toContainText(/read from global memory \d+ times/);
    // A 1-D tile 33 words a row is conflict-free: it passes, whatever its declaration; 32 a row is not.
    await p.open('padded');
    const oneD = (pitch: number) =>
      solutionOf('padded').replace('array<array<f32, TILE + 1u>, TILE>', 'array<f32, 1056>').replace('tile[lid.y + j][tx] =', `tile[(lid.y + j) * ${pitch}u + tx] =`).replace('tile[tx][lid.y + j]', `tile[tx * ${pitch}u + lid.y + j]`);
    await p.setCode(oneD(33));
    expect(await p.run()).toBe('pass');
    await p.setCode(oneD(32));
    expect(await p.run()).toBe('fail');
    await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'structure');
    await expect(page.locator('[data-testid="exercise-structure"][data-check="banks"][data-ok="false"]').first()).toContainText(/32-way/);
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

  test('the tiled kernel without barriers, or with storageBarrier, fails on a race, named from the trace (the latter says which barrier it takes); the naive kernel with row and column swapped has wrong elements', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=tiled');
    await p.setCode(solutionOf('tiled').replace(/workgroupBarrier\(\);/g, ''));
    expect(await p.run()).toBe('fail');
    await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'race');
    const race = page.getByTestId('exercise-race').first();
    await expect(race).toHaveAttribute('data-word', /^(As|Bs)\[\d+\]\[\d+\]$/);
    await expect(race).toHaveAttribute('data-epoch', '0');
    expect(await race.getAttribute('data-writer')).not.toBe(await race.getAttribute('data-reader'));
    await expect(race).toContainText(/with no barrier between them/);
    await expect(page.getByTestId('exercise-barrier-hint')).toHaveCount(0);
    // storageBarrier in their place: still a race, and the verdict says which barrier workgroup memory takes.
    await p.setCode(solutionOf('tiled').replace(/workgroupBarrier\(\);/g, 'storageBarrier();'));
    expect(await p.run()).toBe('fail');
    await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'race');
    await expect(page.getByTestId('exercise-barrier-hint')).toContainText('workgroupBarrier()');
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
    // The address bar keeps the code while the page shows the linked code.
    expect(new URL(page.url()).hash).toBe(codeFragment(linked));
    await page.getByTestId('exercise-share').click();
    const href = await page.getByTestId('exercise-share-url').inputValue();
    expect(href).toContain('ex=guard');
    expect(href).toContain(codeFragment(linked));
    await expect(page.getByTestId('exercise-share-copy')).toBeVisible();
    // A name (optional, kept in this browser) travels in the link as text, at most 40 characters (issue #48).
    await page.getByTestId('exercise-share-name').fill('李雷 <b>x</b>');
    const named = new URL(await page.getByTestId('exercise-share-url').inputValue());
    expect(new URLSearchParams(named.hash.slice(1)).get('name')).toBe('李雷 <b>x</b>');
    expect(new URLSearchParams(named.hash.slice(1)).get('code')).toBe(new URLSearchParams(codeFragment(linked).slice(1)).get('code'));
    expect(await page.evaluate(() => localStorage.getItem('tiles.practice.name'))).toBe('李雷 <b>x</b>');
    await expect(page.getByTestId('exercise-share-name')).toHaveAttribute('maxlength', '40');
    expect(await p.run()).toBe('pass');
    // Edits are kept per exercise across a reload (an edit drops the link's fragment: the page no longer shows the linked code).
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

/**
 * Practice you can trust (#32): kernels a student could write that are wrong in general, or that
 * reach for the app's own buffers, never pass; the feedback names what happened; nothing is lost.
 */
test.describe('practice: a verdict that is never wrong', () => {
  test.setTimeout(420_000);
  const naive = () => solutionOf('naive');

  test('wrong-in-general naive kernels fail on the random shapes: an i32 accumulator, a loop capped at 7, no output past M = 6', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=naive');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    const wrong = {
      'int-accumulator': naive().replace('var acc = 0.0;', 'var acc = 0;').replace('acc += loadA(row, k) * loadB(k, col);', 'acc += i32(loadA(row, k) * loadB(k, col));').replace('storeC(row, col, acc);', 'storeC(row, col, f32(acc));'),
      'k-capped': naive().replace('k < dims.K;', 'k < min(dims.K, 7u);'),
      'no-output-past-6': naive().replace('storeC(row, col, acc);', 'if (dims.M > 6u) { return; }\n  storeC(row, col, acc);'),
    };
    for (const [name, code] of Object.entries(wrong)) {
      await test.step(name, async () => {
        expect(code, name).not.toBe(naive());
        await p.setCode(code);
        expect(await p.run(), name).toBe('fail');
        const failure = await page.getByTestId('exercise-headline').getAttribute('data-failure');
        expect(['wrong', 'unwritten'], name).toContain(failure);
        // The teaching shapes (small integers) pass; a random shape fails.
        await expect(page.locator('[data-testid^="exercise-shape-"][data-random="true"][data-status="fail"]').first()).toBeVisible();
        if (name === 'no-output-past-6') await expect(page.getByTestId('exercise-wrong-count')).not.toHaveAttribute('data-unwritten', '0');
        else await expect(page.getByTestId('exercise-slip').first()).toHaveAttribute('data-slip', name);
      });
    }
    // The solution itself passes on new random shapes every run.
    await page.getByTestId('exercise-solution').click();
    expect(await p.run()).toBe('pass');
    await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'none');
    const seed = await page.getByTestId('exercise-verdict').getAttribute('data-seed');
    expect(await p.run()).toBe('pass');
    expect(await page.getByTestId('exercise-verdict').getAttribute('data-seed')).not.toBe(seed);
  });

  test('code naming the app’s own buffers, counters or flags, or a buffer of its own, is refused by name; a naive kernel does not pass the tiled exercise; a serial sum does not pass the tree', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=tiled');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('exercise-prelude')).toBeAttached();
    const body = 'let row = gid.y;\n  let col = gid.x;';
    const naiveIn = (extra: string) => naive().replace(body, `${body}\n  ${extra}`);
    const tampering = {
      tiles_A: naiveIn('let x = tiles_A[0];'),
      tiles_count: naiveIn('atomicStore(&tiles_count[0], 0u);'),
      tiles_flags: naiveIn('atomicStore(&tiles_flags[1], 0u);'),
      '@group': `@group(0) @binding(0) var<storage, read> mine: array<f32>;\n${naive()}`,
    };
    for (const [name, code] of Object.entries(tampering)) {
      await test.step(name, async () => {
        await p.setCode(code);
        expect(await p.run(), name).toBe('error');
        await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'compile');
        await expect(page.getByTestId('exercise-verdict')).toHaveAttribute('data-kind', 'refused');
        await expect(page.getByTestId('exercise-refusal').first()).toContainText(name);
      });
    }
    // A learner declaration of a builtin the checker relies on, and a third workgroup dimension: refused by name and line.
    for (const [why, code] of [
      ['shadow', `${naive()}\nfn atomicAdd(p: ptr<storage, atomic<u32>, read_write>, v: u32) -> u32 { return 0u; }\n`],
      ['workgroup-size', naive().replace('@workgroup_size(TILE, TILE)', '@workgroup_size(TILE, TILE, 2)')],
    ] as const) {
      await p.setCode(code);
      expect(await p.run(), why).toBe('error');
      await expect(page.getByTestId('exercise-refusal').first()).toHaveAttribute('data-why', why);
    }
    // The naive kernel, honest, in the tiled exercise: right values, but every element read by every invocation that needs it.
    await p.setCode(naive());
    expect(await p.run()).toBe('fail');
    await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'structure');
    await expect(page.getByTestId('exercise-verdict')).toContainText(/read from global memory \d+ times by workgroup/);
    // The dot product summed serially by invocation 0, with a barrier in every step (enough barriers): not a tree.
    await p.open('dot');
    const serial = solutionOf('dot').replace(
      /for \(var s = WG \/ 2u; s > 0u; s \/= 2u\) \{[\s\S]*?\n {2}\}\n/,
      'for (var s = 1u; s < WG; s++) {\n    if (lid.x == 0u) {\n      partial[0] += partial[s];\n    }\n    workgroupBarrier();\n  }\n',
    );
    expect(serial).not.toBe(solutionOf('dot'));
    await p.setCode(serial);
    expect(await p.run()).toBe('fail');
    await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'structure');
    await expect(page.locator('[data-testid="exercise-structure"][data-check="tree"][data-ok="false"]').first()).toContainText(/Not a tree/);
  });

  test('a swapped As index reports wrong values, not never-written, with expected and actual values on its cells, and names the slip', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=tiled');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    await p.setCode(solutionOf('tiled').replace('As[ty][tx] = loadA', 'As[tx][ty] = loadA'));
    expect(await p.run()).toBe('fail');
    await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'wrong');
    const count = page.getByTestId('exercise-wrong-count');
    await expect(count).toHaveAttribute('data-unwritten', '0');
    expect(Number(await count.getAttribute('data-wrong-value'))).toBeGreaterThan(0);
    const cell = page.getByTestId('exercise-wrong-cell').first();
    await expect(cell).toHaveAttribute('data-kind', 'wrong');
    const expected = Number(await cell.getAttribute('data-expected'));
    const actual = Number(await cell.getAttribute('data-actual'));
    expect(Number.isFinite(expected) && Number.isFinite(actual)).toBe(true);
    expect(actual).not.toBe(expected);
    await expect(cell).toHaveAttribute('aria-label', /expected .* got /);
    // Focused from the keyboard, the cell's values are shown beside the map, not only to a screen reader.
    await cell.focus();
    await expect(page.getByTestId('exercise-cell-readout').first()).toContainText(/expected .* got /);
    await expect(page.getByTestId('exercise-slip').first()).toHaveAttribute('data-slip', 'as-transposed');
    // Every shape says its shape as data.
    await expect(page.getByTestId('exercise-shape-0')).toHaveAttribute('data-shape', /^\d+x\d+x\d+$/);
    // A missing store: never written, said as such.
    await p.setCode(solutionOf('tiled').replace('storeC(row, col, acc);', ''));
    expect(await p.run()).toBe('fail');
    await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'unwritten');
    await expect(page.getByTestId('exercise-wrong-cell').first()).toHaveAttribute('data-kind', 'unwritten');
    await expect(page.getByTestId('exercise-wrong-cell').first()).toHaveAttribute('data-actual', 'NaN');
  });

  test('three nested loops of 4,000 and a loop hidden after a comment and U+2028 end with a verdict; the page keeps painting; the solution passes next', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=map');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    await page.evaluate(() => {
      const w = window as unknown as { __longest: number };
      w.__longest = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    const nested = solutionOf('map').replace(
      '  storeC(',
      '  var x = 0.0;\n  for (var a = 0u; a < 4000u; a++) {\n    for (var b = 0u; b < 4000u; b++) {\n      for (var c = 0u; c < 4000u; c++) {\n        x += 1.0;\n      }\n    }\n  }\n  storeC(',
    );
    // After U+2028 (a line break to WGSL) the loop is code: 2^32 iterations before y wraps to 0.
    const hidden = solutionOf('map').replace('  storeC(row, col, loadA(row, col) + loadB(row, col));', '  var y = 0u; // looks like a comment\u2028loop { y += 1u; if (y == 0u) { break; } }\n  storeC(row, col, loadA(row, col) + loadB(row, col) + f32(y) * 0.0);');
    expect(hidden).toContain('\u2028loop');
    for (const [name, code] of [
      ['nested', nested],
      ['U+2028', hidden],
    ] as const) {
      await test.step(name, async () => {
        await p.setCode(code);
        const t0 = Date.now();
        expect(await p.run()).toBe('error');
        expect(Date.now() - t0, `${name}: a verdict within 30 s`).toBeLessThan(30_000);
        await expect(page.getByTestId('exercise-headline')).toHaveAttribute('data-failure', 'stopped');
      });
    }
    const longest = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
    expect(longest, 'no main-thread task reaches 1 s').toBeLessThan(1000);
    await page.getByTestId('exercise-solution').click();
    expect(await p.run()).toBe('pass');
  });

  test('compile errors get a plain-words hint on the line that causes them', async ({ page }) => {
    const p = new PracticePage(page);
    await page.goto('./?view=practice&ex=naive');
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
    const intAcc = naive().replace('var acc = 0.0;', 'var acc = 0;');
    await p.setCode(intAcc);
    expect(await p.run()).toBe('error');
    const hint = page.getByTestId('exercise-compile-hint').first();
    await expect(hint).toHaveAttribute('data-hint', 'int-float');
    await expect(hint).toHaveAttribute('data-line', String(intAcc.split('\n').findIndex((l) => l.includes('var acc = 0;')) + 1));
    await p.setCode(naive().replace('fn main(', 'fn go('));
    expect(await p.run()).toBe('error');
    await expect(page.getByTestId('exercise-compile-hint').first()).toHaveAttribute('data-hint', 'entry-point');
    await p.open('numba');
    await page.getByTestId('exercise-reset').click();
    expect(await p.run()).toBe('error');
    const u = page.getByTestId('exercise-compile-hint').first();
    await expect(u).toHaveAttribute('data-hint', 'uniform-barrier');
    await expect(u).toHaveAttribute('data-line', String(skeletonOf('numba').split('\n').findIndex((l) => /^\s*return;/.test(l)) + 1));
  });
});

test.describe('practice: nothing is lost', () => {
  test('a #code= link, then editing, leaves the earlier saved code one click away; so does Show the solution', async ({ page }) => {
    const p = new PracticePage(page);
    const mine = `${skeletonOf('guard')}\n// my own work\n`;
    await page.goto('./?view=practice&ex=guard');
    await p.setCode(mine);
    const linked = `${solutionOf('guard')}\n// from a friend\n`;
    // A new document (a link opened from elsewhere), not a jump within this one.
    await page.goto('about:blank');
    await page.goto(`./?view=practice&ex=guard${codeFragment(linked)}`);
    await expect(p.editor).toContainText('// from a friend');
    await expect(page.getByTestId('exercise-restore')).toBeVisible();
    // Editing the linked code makes it the learner's; the earlier code is still kept.
    await p.setCode(`${linked}// edited\n`);
    expect(new URL(page.url()).hash).toBe('');
    await page.reload();
    await expect(p.editor).toContainText('// edited');
    await page.getByTestId('exercise-restore').click();
    await expect.poll(() => p.code()).toBe(mine);
    // The solution replaces it; one click brings it back again.
    await page.getByTestId('exercise-solution').click();
    await expect(p.editor).not.toContainText('// my own work');
    await page.getByTestId('exercise-restore').click();
    await expect.poll(() => p.code()).toBe(mine);
    // So does Reset.
    await page.getByTestId('exercise-reset').click();
    await page.getByTestId('exercise-restore').click();
    await expect.poll(() => p.code()).toBe(mine);
  });

  test('an unknown ex= is refused with a message, and no code is stored for it', async ({ page }) => {
    const p = new PracticePage(page);
    for (const ex of ['nope', '__proto__']) {
      await page.goto(`./?view=practice&ex=${ex}${codeFragment('// not mine')}`);
      await expect(page.getByTestId('exercise-bad-link')).toHaveAttribute('data-why', 'unknown-exercise');
      await expect(page.getByTestId('exercise-bad-link')).toContainText(ex);
      await expect(p.editor).not.toContainText('// not mine');
      const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tiles.practice.')));
      expect(stored, ex).toEqual([]);
    }
  });

  test('a link too long to open is refused at once; share refuses code the reader would refuse', async ({ page }) => {
    const p = new PracticePage(page);
    const huge = '#code=' + 'A'.repeat(1_300_000);
    await page.goto(`./?view=practice&ex=map${huge}`);
    await expect(page.getByTestId('exercise-bad-link')).toHaveAttribute('data-why', 'too-long');
    await expect(p.editor).toBeVisible();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { i18n, say } from '../../i18n';
import { mapFileName, mapSvg, phaseFileName, phaseSvg, safeFileName, xmlEscape, type MapFigure, type PhaseFigure } from './figureSvg';
import { notationOf } from '../../core/notation';
import { tileGrid } from '../../core/tiling';
import { expectedTileRecord, simulateTiled, stepLabel } from '../../core/trace';

/**
 * A strict XML well-formedness check (no DOM in this test environment): one root, every tag
 * closed in order, attributes quoted and unique, no raw '<' or '&' in text or attribute values,
 * only the five predefined entities and numeric ones. Throws on the first fault.
 */
function parseXml(doc: string): { root: string; elements: number } {
  let s = doc.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  let root = '';
  let elements = 0;
  const checkText = (text: string, where: string) => {
    if (text.includes('<')) throw new Error(`raw < in ${where}`);
    for (const m of text.matchAll(/&([^;\s]*);?/g)) {
      if (!/^(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+)$/.test(m[1]!) || !m[0].endsWith(';')) throw new Error(`bad entity ${m[0]} in ${where}`);
    }
  };
  while (s.length > 0) {
    const lt = s.indexOf('<');
    if (lt < 0) {
      if (s.trim()) throw new Error('text after the root');
      break;
    }
    const before = s.slice(0, lt);
    if (stack.length === 0 && before.trim()) throw new Error('text outside the root');
    checkText(before, 'text');
    s = s.slice(lt);
    const close = /^<\/([A-Za-z_][\w:.-]*)\s*>/.exec(s);
    if (close) {
      if (stack.pop() !== close[1]) throw new Error(`</${close[1]}> closes the wrong element`);
      s = s.slice(close[0].length);
      continue;
    }
    const open = /^<([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(s);
    if (!open) throw new Error(`malformed tag at: ${s.slice(0, 60)}`);
    if (stack.length === 0) {
      if (root) throw new Error('two roots');
      root = open[1]!;
    }
    const names = new Set<string>();
    for (const a of open[2]!.matchAll(/([A-Za-z_][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
      if (names.has(a[1]!)) throw new Error(`attribute ${a[1]} twice`);
      names.add(a[1]!);
      checkText(a[3] ?? a[4] ?? '', `attribute ${a[1]}`);
    }
    elements++;
    if (!open[3]) stack.push(open[1]!);
    s = s.slice(open[0].length);
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (!root) throw new Error('no root');
  return { root, elements };
}

/** The map figure of a shape, from the record the GPU would write (the tiling model's), selection and step as given. */
function figureOf(shape: { m: number; k: number; n: number }, tile: number, selected: { ty: number; tx: number }, step: number): MapFigure {
  const g = tileGrid(shape, tile);
  const tiles = new Uint32Array(g.tilesX * g.tilesY * 4);
  for (let ty = 0; ty < g.tilesY; ty++) for (let tx = 0; tx < g.tilesX; tx++) tiles.set(expectedTileRecord(shape, tile, ty, tx), (ty * g.tilesX + tx) * 4);
  const notation = notationOf(shape, tile);
  return {
    shape,
    tile,
    tilesX: g.tilesX,
    phases: g.phases,
    tiles,
    wrongPerTile: new Uint32Array(g.tilesX * g.tilesY),
    selected,
    phase: Math.floor(step / 4),
    rows: [0, g.tilesY],
    cols: [0, g.tilesX],
    phaseWindow: [0, g.phases],
    name: notation.name,
    formula: say(notation.formula(selected.ty, selected.tx)),
    phaseLabel: say(stepLabel(step, g.phases)),
    source: 'gpu',
    bounds: true,
  };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the exported tile map', () => {
  const shape = { m: 48, k: 32, n: 48 };

  it('names every A, B and C tile of the cuda-samples example and the workgroup of each C tile, and parses as XML', () => {
    const svg = mapSvg(figureOf(shape, 16, { ty: 2, tx: 2 }, 4), 'en');
    expect(parseXml(svg).root).toBe('svg');
    // 3×3 C tiles, A 3×2, B 2×3: every name appears, and no tile that does not exist.
    for (const r of [1, 2, 3]) for (const c of [1, 2, 3]) expect(svg).toContain(`>C${r}${c}<`);
    for (const r of [1, 2, 3]) for (const p of [1, 2]) expect(svg).toContain(`>A${r}${p}<`);
    for (const p of [1, 2]) for (const c of [1, 2, 3]) expect(svg).toContain(`>B${p}${c}<`);
    expect(svg).not.toContain('>A13<');
    expect(svg).not.toContain('>C44<');
    for (const y of [0, 1, 2]) for (const x of [0, 1, 2]) expect(svg).toContain(`>(${x},${y})<`);
    expect(svg).toContain('C33 = A31·B13 + A32·B23');
    expect(svg).toContain('Phase 2 of 2 · step 1 of 4');
    expect(svg).toContain('Which workgroup computes which C tile');
    // Self-contained: no stylesheet, no external reference, generic fonts only.
    expect(svg).not.toMatch(/<style|href=|url\(|<image|<script/);
    expect([...svg.matchAll(/font-family="([^"]*)"/g)].map((m) => m[1]).every((f) => f === 'sans-serif' || f === 'monospace')).toBe(true);
  });

  it('writes its words in the language asked for, whatever the page uses', () => {
    const zh = mapSvg(figureOf(shape, 16, { ty: 0, tx: 1 }, 0), 'zh-CN');
    expect(parseXml(zh).root).toBe('svg');
    expect(zh).toContain('哪个工作组计算哪个 C 块');
    expect(zh).toContain('xml:lang="zh-CN"');
    expect(zh).toContain('C12 = A11·B12 + A12·B22');
    expect(zh).not.toContain('Which workgroup');
  });

  it('uses the grid’s comma notation and escapes what it prints', () => {
    const svg = mapSvg(figureOf({ m: 160, k: 16, n: 16 }, 16, { ty: 9, tx: 0 }, 0), 'en');
    expect(parseXml(svg).elements).toBeGreaterThan(10);
    expect(svg).toContain('>C10,1<');
    expect(xmlEscape('a<b & "c"')).toBe('a&lt;b &amp; &quot;c&quot;');
  });

  it('marks the tiles with wrong elements and says the boundary tests are off', () => {
    const f = figureOf({ m: 3, k: 3, n: 3 }, 2, { ty: 1, tx: 1 }, 0);
    const wrong = new Uint32Array(4);
    wrong[3] = 2;
    const svg = mapSvg({ ...f, bounds: false, wrongPerTile: wrong }, 'en');
    expect(parseXml(svg).root).toBe('svg');
    expect(svg).toMatch(/>\(?1,1\)? ✗2</); // the short form where the full one does not fit a partial tile (issue #45)
    expect(svg).toContain('Boundary tests off');
  });

  it('names its files by what they show', () => {
    expect(mapFileName(shape, 16, { ty: 2, tx: 2 }, 'svg')).toBe('tiles-map-48x32x48-t16-C3-3.svg');
    expect(phaseFileName(shape, 16, { ty: 2, tx: 2 }, 1, 2, 0, 4, 'png')).toBe('tiles-phase-2-of-2-step-1-of-4-48x32x48-t16-C3-3.png');
  });
});

describe('the exported phase', () => {
  it('draws the lanes it is given, with the phase label and captions, and parses as XML', () => {
    const shape = { m: 3, k: 3, n: 3 };
    const sim = simulateTiled(new Float32Array([1, 2, 3, 4, 5, 6, 7, 8, 9]), new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), shape, 2, 1, true, true);
    expect(sim.c[8]).toBe(9);
    const lanes = (letter: string) => [0, 1, 2, 3].map((i) => ({ src: `${letter}[${i >> 1}][${i & 1}]`, value: String(i), oob: i === 3, noStore: false, wrong: false }));
    const f: PhaseFigure = {
      shape,
      tile: 2,
      workgroup: { x: 1, y: 1 },
      block: 'C22',
      formula: 'C22 = A21·B12 + A22·B22',
      phaseLabel: say(stepLabel(0, 2)),
      source: 'gpu',
      bounds: true,
      grids: [
        { caption: 'As (workgroup memory): tile A21', lanes: lanes('A') },
        { caption: 'Bs (workgroup memory): tile B12', lanes: lanes('B') },
        { caption: 'Running sums (registers) before phase 1', lanes: lanes('C').map((l, i) => ({ ...l, noStore: i > 0, oob: false })) },
      ],
    };
    const svg = phaseSvg(f, 'en');
    expect(parseXml(svg).root).toBe('svg');
    expect(svg).toContain('Phase 1 of 2 · step 1 of 4: load the A and B tiles into workgroup memory');
    expect(svg).toContain('C22 = A21·B12 + A22·B22');
    expect(svg).toContain('>A[1][1]<');
    expect(svg).toContain('>B[0][1]<');
    expect(svg).toContain('As (workgroup memory): tile A21');
    expect(svg).toContain('Inside workgroup (1, 1): C22');
    const zh = phaseSvg(f, 'zh-CN');
    expect(parseXml(zh).root).toBe('svg');
    expect(zh).toContain('工作组 (1, 1) 内部');
    expect(svg).not.toContain('data-highlight');

    // At the multiply step: the lane's row of As and column of Bs marked, and its term line printed (issue #34).
    const hl = (l: PhaseFigure['grids'][number]['lanes'][number], i: number, which: 'row' | 'col') =>
      (which === 'row' ? i >> 1 === 0 : (i & 1) === 0) ? { ...l, highlight: which } : l;
    const multiply = phaseSvg(
      {
        ...f,
        grids: [
          { ...f.grids[0]!, lanes: f.grids[0]!.lanes.map((l, i) => hl(l, i, 'row')) },
          { ...f.grids[1]!, lanes: f.grids[1]!.lanes.map((l, i) => hl(l, i, 'col')) },
          f.grids[2]!,
        ],
        terms: { heading: 'Lane (0, 0): row 0 of As × column 0 of Bs', formula: 'C[2][2] += As[0][0]·Bs[0][0] + As[0][1]·Bs[1][0]', lines: ['C[2][2] = 0 + 7·1 + 0·(−2)'], sum: '= 7' },
      },
      'en',
    );
    expect(parseXml(multiply).root).toBe('svg');
    expect(multiply).toContain('C[2][2] = 0 + 7·1 + 0·(−2) = 7');
    expect(multiply).toContain('Lane (0, 0): row 0 of As × column 0 of Bs');
    expect(multiply.match(/data-highlight="row"/g)).toHaveLength(2);
    expect(multiply.match(/data-highlight="col"/g)).toHaveLength(2);
  });

  it('names its files with [A-Za-z0-9._-] only', () => {
    for (const name of [mapFileName({ m: 160, k: 16, n: 16 }, 16, { ty: 9, tx: 0 }, 'png'), phaseFileName({ m: 3, k: 3, n: 3 }, 2, { ty: 1, tx: 1 }, 0, 2, 2, 4, 'svg'), safeFileName('a b,c/d.svg')]) {
      expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
    }
  });
});

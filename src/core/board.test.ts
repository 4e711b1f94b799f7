import { describe, expect, it } from 'vitest';
import { boardFileText, boardOfFragment, classMistakes, csvField, decodeBoard, encodeBoard, kMaxBoardLinks, mistakeOf, ranks, readBoardText, toCsv, type BoardCheck, type BoardPractice } from './board';
import { exercise } from './practice/exercises';
import { codeFragment, encodeCode, kMaxLinkedCode } from './practice/link';
import type { ShapeVerdict } from './practice/exercises';

const base = 'https://tiles.example/app/';
const link = (ex: string, code: string, name?: string, timed?: string) => `${base}?view=practice&ex=${ex}${codeFragment(code, timed, name)}`;
const naive = exercise('naive').solution;
const tiled = exercise('tiled').solution;

describe('reading pasted links', () => {
  it('finds links in any text, merges the same code, keeps names as text', () => {
    const text = [
      `Ana: ${link('naive', naive, 'Ana')}`,
      `(${link('naive', naive + '\n\n  ', '李雷')}),`, // the same code once normalised, wrapped in prose
      `<${link('tiled', tiled, '陳小明')}>`,
      'not a link at all',
      `${link('naive', naive.replace('acc', 'sum'), 'Олег')}`,
    ].join('\n');
    const set = readBoardText(text);
    const practice = set.items.filter((i): i is BoardPractice => i.kind === 'practice');
    expect(practice.map((p) => [p.ex, p.count])).toEqual([
      ['naive', 2],
      ['tiled', 1],
      ['naive', 1],
    ]);
    expect(practice[0]!.senders.map((s) => s.name)).toEqual(['Ana', '李雷']);
    expect(practice[1]!.senders[0]!.name).toBe('陳小明');
    expect(practice[2]!.senders[0]!.name).toBe('Олег');
    expect(set.leftOut).toBe(0);
  });

  it('refuses each bad link with its reason and keeps the rest', () => {
    const good = link('naive', naive);
    const damaged = good.replace('#code=', '#code=!!'); // not base64url
    const badUtf8 = `${base}?view=practice&ex=naive#code=_w`;
    const unknown = `${base}?view=practice&ex=nosuch#code=${encodeCode('x')}`;
    const tooLong = `${base}?view=practice&ex=naive#code=${encodeCode('x'.repeat(kMaxLinkedCode + 10))}`;
    const foreign = 'https://example.com/page?x=1';
    const set = readBoardText([good, damaged, badUtf8, unknown, tooLong, foreign, 'mailto:a@b.c'].join(' '));
    expect(set.items.map((i) => (i.kind === 'bad' ? i.why : i.kind))).toEqual(['practice', 'damaged', 'damaged', 'unknown-exercise', 'too-long', 'not-tiles']);
  });

  it('reads a benchmark link and links without an address', () => {
    const set = readBoardText(`#code=${encodeCode(naive)} ?view=practice&ex=naive#code=${encodeCode(naive)} ${base}?sizes=8#r=r2.AAAA`);
    expect(set.items.map((i) => [i.kind, i.count])).toEqual([
      ['bad', 1], // a code without its exercise
      ['practice', 1],
      ['bench', 1],
    ]);
  });

  it('reads at most kMaxBoardLinks links and counts the rest', () => {
    const many = Array.from({ length: kMaxBoardLinks + 5 }, () => link('naive', naive)).join('\n');
    const set = readBoardText(many);
    expect(set.items).toHaveLength(1);
    expect(set.items[0]!.count).toBe(kMaxBoardLinks);
    expect(set.leftOut).toBe(5);
    // Adding to a full board reads nothing more.
    expect(readBoardText(link('tiled', tiled), set).leftOut).toBe(6);
  });

  it('cleans names: no control or bidi characters, at most 40 characters', () => {
    const set = readBoardText(link('naive', naive, `  <b>x</b>\u202e${'長'.repeat(60)}\n`));
    const name = (set.items[0] as BoardPractice).senders[0]!.name!;
    expect(name.startsWith('<b>x</b>')).toBe(true);
    expect(name).not.toMatch(/[\u202e\n]/u);
    expect(Array.from(name)).toHaveLength(40);
  });
});

describe('the board link', () => {
  it('round-trips a set (names, counts, refusals) and refuses a damaged one', async () => {
    const set = readBoardText([link('naive', naive, 'Ana'), link('naive', naive, 'Ben'), link('tiled', tiled), 'https://example.com/'].join('\n'));
    const enc = await encodeBoard(set);
    expect(enc.ok).toBe(true);
    if (!enc.ok) return;
    const dec = await decodeBoard(enc.value);
    expect(dec).toEqual({ ok: true, set });
    // One character changed in transit: the checksum or the packing refuses it.
    const i = enc.value.length - 5;
    const bad = enc.value.slice(0, i) + (enc.value[i] === 'A' ? 'B' : 'A') + enc.value.slice(i + 1);
    expect(await decodeBoard(bad)).toMatchObject({ ok: false });
    expect(await decodeBoard('r2.AAAA')).toEqual({ ok: false, why: 'foreign' });
    expect(await decodeBoard('b9.AAAA')).toEqual({ ok: false, why: 'newer' });
    expect(boardOfFragment(`#b=${enc.value}`)).toBe(enc.value);
  });

  it('says a set too long for a link is one, and its file reads back the same', async () => {
    // 200 codes, each with a comment of random text, do not fit a link.
    const text = Array.from({ length: kMaxBoardLinks }, (_, k) => link('naive', `${naive}\n// ${k} ${Array.from({ length: 12 }, () => crypto.randomUUID()).join('')}`, `s${k}`)).join('\n');
    const set = readBoardText(text);
    const enc = await encodeBoard(set);
    expect(enc.ok).toBe(false);
    expect(readBoardText(boardFileText(set, base))).toEqual(set);
  });
});

const check = (mistake?: string): BoardCheck => ({ status: mistake ? 'fail' : 'pass', failure: mistake ? 'wrong' : 'none', shapes: 5, random: 3, ...(mistake ? { mistake } : {}) });

describe('mistakes and ranks', () => {
  it('counts each mistake over the copies of its exercise', () => {
    const set = readBoardText([link('naive', naive), link('naive', naive), link('naive', 'a'), link('naive', 'b'), link('naive', 'b'), link('tiled', 'c')].join('\n'));
    const entries = set.items.filter((i): i is BoardPractice => i.kind === 'practice');
    const checks = new Map<string, BoardCheck>([
      [entries[0]!.key, check()],
      [entries[1]!.key, check('slip:bs-transposed')],
      [entries[2]!.key, check('slip:bs-transposed')],
      [entries[3]!.key, check('race:As')],
    ]);
    expect(classMistakes(entries, checks)).toEqual([
      { ex: 'naive', mistake: 'slip:bs-transposed', count: 3, of: 5, example: entries[1]!.key },
      { ex: 'tiled', mistake: 'race:As', count: 1, of: 1, example: entries[3]!.key },
    ]);
  });

  it('names the slip, the race or the structure a failure shows', () => {
    const v = (p: Partial<ShapeVerdict>) => ({ races: [], structure: [], ...p }) as unknown as ShapeVerdict;
    expect(mistakeOf('none', [])).toBeUndefined();
    expect(mistakeOf('wrong', [v({ slip: { kind: 'as-transposed' } as ShapeVerdict['slip'] })])).toBe('slip:as-transposed');
    expect(mistakeOf('wrong', [v({})])).toBe('failure:wrong');
    expect(mistakeOf('race', [v({ races: [{ variable: 'Bs' }] as unknown as ShapeVerdict['races'] })])).toBe('race:Bs');
    expect(mistakeOf('structure', [v({ structure: [{ check: 'reuse', ok: true }, { check: 'banks', ok: false }] as unknown as ShapeVerdict['structure'] })])).toBe('structure:banks');
  });

  it('ranks the trusted figures only, fastest first, ties sharing a rank', () => {
    const r = ranks(
      new Map([
        ['a', 10],
        ['b', undefined],
        ['c', 30],
        ['d', 10],
      ]),
    );
    expect([...r]).toEqual([
      ['c', 1],
      ['a', 2],
      ['d', 2],
    ]);
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and disarms formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(1.5)).toBe('1.5');
    expect(csvField(undefined)).toBe('');
    expect(toCsv([['a', 1], ['李雷', undefined]])).toBe('a,1\r\n李雷,\r\n');
  });
});

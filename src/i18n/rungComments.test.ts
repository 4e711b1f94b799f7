/**
 * The ladder's code change (ui/ladder/RungDiff) in Chinese: every comment line it shows, for every
 * rung, in that language, line for line, the code and the diff's lines and counts untouched — as the
 * lesson's listing shows its kernel (codeComments.test.ts). The tables: locales/<lang>/rungComments.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { kKernels, kLadderIds, previousRung, type KernelId } from '../core/kernels';
import { kLanguages } from '../core/languages';
import { diffCounts, diffHunks, lineDiff, splitLines, type DiffLine } from '../core/lineDiff';
import { kCodeLikeComments, loadRungComments, localizeDiff, localizeRungComments, rungCommentsLoaded } from './codeComments';
import { rungComments as zhCN } from './locales/zh-CN/rungComments';
import { rungComments as zhTW } from './locales/zh-TW/rungComments';

/** The diff's context, as RungDiff shows it. */
const kContext = 3;
/** The code of a line without its comment (WGSL has no strings: the first // starts it). */
const code = (l: string) => (l.includes('//') ? l.slice(0, l.indexOf('//')) : l).trimEnd();
const comment = (l: string) => (l.includes('//') ? l.slice(l.indexOf('//') + 2).trim() : undefined);
const kHanOrFullWidth = /[\u3000-\u9fff\uff00-\uffef]/;
/** A comment that needs no words: empty, code itself, or only figures ("0 … 255", "128"). */
const wordless = (c: string) => c === '' || kCodeLikeComments.includes(c) || !/[A-Za-z]/.test(c);

/** The lines a rung's code change shows, in English and in `lang`: its hunks, or the first rung's whole file. */
function shown(id: KernelId, lang: (typeof kLanguages)[number]): { en: DiffLine[]; zh: DiffLine[] } {
  const prev = previousRung(id);
  const src = kKernels[id].source;
  if (!prev) {
    const kept = (text: string): DiffLine => ({ op: 'same', text });
    return { en: splitLines(src).map(kept), zh: splitLines(localizeRungComments(src, lang)).map(kept) };
  }
  const lines = lineDiff(kKernels[prev].source, src);
  const flat = (ls: readonly DiffLine[]) => diffHunks(ls, kContext).hunks.flatMap((h) => h.lines);
  return { en: flat(lines), zh: flat(localizeDiff(lines, kKernels[prev].source, src, lang)) };
}

for (const lang of kLanguages.filter((l) => l !== 'en')) {
  describe(`the ladder’s code change in ${lang}: every comment it shows translated, line for line, the code untouched`, () => {
    beforeAll(() => loadRungComments(lang));
    it('has its table once loaded', () => {
      expect(rungCommentsLoaded(lang)).toBe(true);
    });
    for (const id of kLadderIds) {
      it(`${id}${previousRung(id) ? ` (from ${previousRung(id)})` : ' (its whole file)'}`, () => {
        const { en, zh } = shown(id, lang);
        expect(zh.length).toBe(en.length);
        expect(zh.map((l) => [l.op, l.oldLine, l.newLine, code(l.text)])).toEqual(en.map((l) => [l.op, l.oldLine, l.newLine, code(l.text)]));
        const english = zh.map((l) => comment(l.text)).filter((c): c is string => c !== undefined && !wordless(c) && !kHanOrFullWidth.test(c));
        expect(english).toEqual([]);
        // A comment keeps its place: a trailing one stays after its code, a full-line one at its indentation.
        zh.forEach((l, i) => expect(l.text.indexOf('//') >= 0).toBe(en[i]!.text.indexOf('//') >= 0));
      });
    }
  });
}

describe('a rung’s whole file (the ladder’s “whole kernel” fold) in Chinese', () => {
  for (const lang of kLanguages.filter((l) => l !== 'en'))
    it(`every comment of every rung in ${lang}, line for line, the code untouched`, async () => {
      await loadRungComments(lang);
      for (const id of kLadderIds) {
        const en = splitLines(kKernels[id].source);
        const zh = splitLines(localizeRungComments(kKernels[id].source, lang));
        expect(zh.map(code), id).toEqual(en.map(code));
        const english = zh.map(comment).filter((c): c is string => c !== undefined && !wordless(c) && !kHanOrFullWidth.test(c));
        expect(english, id).toEqual([]);
      }
    });
});

describe('the rung tables', () => {
  /** Every paragraph (full-line comments between empty ones) and every comment after code of the rungs' files, by its key. */
  const keys = new Set<string>();
  for (const id of kLadderIds) {
    let para: string[] = [];
    const end = () => {
      if (para.length) keys.add(para.join(' '));
      para = [];
    };
    for (const l of splitLines(kKernels[id].source)) {
      const c = comment(l);
      if (c !== undefined && code(l) === '') {
        if (c === '') end();
        else para.push(c);
      } else {
        end();
        if (c !== undefined) keys.add(c);
      }
    }
    end();
  }
  it('hold no entry that no rung’s file has (a comment changed in the WGSL is translated anew, not left behind)', () => {
    expect(Object.keys(zhCN).filter((k) => !keys.has(k))).toEqual([]);
  });
  it('hold the same entries in both scripts, each with as many lines', () => {
    expect(Object.keys(zhTW).sort()).toEqual(Object.keys(zhCN).sort());
    expect(Object.entries(zhTW).filter(([k, v]) => v.length !== zhCN[k]?.length)).toEqual([]);
  });
});

describe('localizeDiff', () => {
  it('leaves English as it is, and keeps the counts of the English diff', async () => {
    const id = kLadderIds[1]!;
    const prev = previousRung(id)!;
    const lines = lineDiff(kKernels[prev].source, kKernels[id].source);
    expect(localizeDiff(lines, kKernels[prev].source, kKernels[id].source, 'en')).toEqual(lines);
    await loadRungComments('zh-CN');
    expect(diffCounts(localizeDiff(lines, kKernels[prev].source, kKernels[id].source, 'zh-CN'))).toEqual(diffCounts(lines));
  });
});

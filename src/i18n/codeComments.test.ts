import { describe, expect, it } from 'vitest';
import { kExercises } from '../core/practice/exercises';
import { kLanguages } from '../core/languages';
import { kCodeLikeComments, kCommentTables, localizeComments, localizeKernelComments } from './codeComments';
import { tiledSourceFile } from '../core/kernels';

/** The code without its comments (WGSL has no strings: the first // on a line starts the comment). */
const code = (src: string) => src.split('\n').map((l) => (l.includes('//') ? l.slice(0, l.indexOf('//')) : l).trimEnd());
const comments = (src: string) => src.split('\n').filter((l) => l.includes('//')).map((l) => l.slice(l.indexOf('//') + 2).trim());

describe('the comment tables', () => {
  it('exist for every language but English, and only for languages of the registry', () => {
    expect(Object.keys(kCommentTables).sort()).toEqual(kLanguages.filter((l) => l !== 'en').sort());
  });
});

for (const lang of kLanguages.filter((l) => l !== 'en')) describe(`localizeComments: the exercises’ comments in ${lang}, line for line, the code untouched`, () => {
  for (const ex of kExercises) {
    for (const [what, src] of [['skeleton', ex.skeleton], ['solution', ex.solution]] as const) {
      it(`${ex.id} ${what}`, () => {
        const zh = localizeComments(src, lang);
        // Line for line: a compiler message's line number means the same line in both languages.
        expect(zh.split('\n')).toHaveLength(src.split('\n').length);
        expect(code(zh)).toEqual(code(src));
        // Every comment is in Chinese, but those that are code themselves (the Numba lines they port).
        const english = comments(zh).filter((c) => c !== '' && !/[\u3000-\u9fff\uff00-\uffef]/.test(c) && !kCodeLikeComments.includes(c));
        expect(english).toEqual([]);
      });
    }
  }
});

describe('localizeComments', () => {
  it('leaves English, and comments it does not know, as they are', () => {
    const ex = kExercises[0]!;
    expect(localizeComments(ex.skeleton, 'en')).toBe(ex.skeleton);
    const mine = '  let x = 1u; // my own note\n  // and another\n';
    expect(localizeComments(mine, 'zh-CN')).toBe(mine);
  });
  it('translates the shared header and an introduction as two parts of one block, at their indentation', () => {
    const tiled = kExercises.find((e) => e.id === 'tiled')!;
    const zh = localizeComments(tiled.skeleton, 'zh-CN').split('\n');
    expect(zh[0]).toMatch(/^\/\/ 应用提供/);
    expect(zh[2]).toMatch(/^\/\/ C = A · B，分块版/);
    const todo = zh.find((l) => l.includes('TODO'))!;
    const orig = tiled.skeleton.split('\n').find((l) => l.includes('TODO'))!;
    expect(todo.indexOf('//')).toBe(orig.indexOf('//'));
  });
});

describe('localizeKernelComments: the lesson’s kernel files in Chinese, line for line, the code untouched (issue #34)', () => {
  for (const tile of [2, 4, 8, 16, 32] as const) for (const lang of kLanguages.filter((l) => l !== 'en')) {
    it(`tiled${tile}.wgsl in ${lang}`, () => {
      const src = tiledSourceFile(tile).source;
      const zh = localizeKernelComments(src, lang);
      expect(zh.split('\n')).toHaveLength(src.split('\n').length);
      expect(code(zh)).toEqual(code(src));
      const english = comments(zh).filter((c) => c !== '' && !/[\u3000-\u9fff\uff00-\uffef]/.test(c));
      expect(english).toEqual([]);
      expect(localizeKernelComments(src, 'en')).toBe(src);
    });
  }
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { kLanguages } from '.';
import { kResources } from './resources';
import { glossaryMarkdown, glossaryWords, kGlossary } from './glossary';

const kDoc = join(__dirname, '..', '..', 'docs', 'glossary.md');

describe('the glossary', () => {
  it('has one entry per term of the catalogue, each once, with words and a meaning in every language', () => {
    const ids = kGlossary.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Object.keys(en.common.glossary.term).sort());
    expect(Object.keys(en.common.glossary.meaning).sort()).toEqual(Object.keys(en.common.glossary.term).sort());
    for (const id of ids) {
      expect(glossaryWords(id, 'en').term).toBe(en.common.glossary.term[id]);
      for (const lng of kLanguages.filter((l) => l.startsWith('zh'))) {
        expect(glossaryWords(id, lng).meaning).toBe(kResources[lng].common.glossary.meaning[id]);
        expect(glossaryWords(id, lng).term).toMatch(/\p{Script=Han}/u);
      }
    }
  });

  it('pairs the CUDA spellings of the issue with their WGSL spellings', () => {
    const pair = (cuda: string) => kGlossary.find((g) => g.cuda.some((c) => c.includes(cuda)))?.wgsl.join(' ');
    expect(pair('__shared__')).toContain('var<workgroup>');
    expect(pair('__syncthreads()')).toContain('workgroupBarrier()');
    expect(pair('blockIdx')).toContain('workgroup_id');
    expect(pair('threadIdx')).toContain('local_invocation_id');
    expect(pair('blockDim')).toContain('@workgroup_size');
    expect(pair('gridDim')).toContain('num_workgroups');
    expect(pair('<<<grid')).toContain('dispatchWorkgroups');
    expect(pair('warpSize')).toContain('subgroup');
    expect(pair('__global__')).toContain('@compute');
  });

  it('uses the course terms in Chinese (i18n.md)', () => {
    const zh = (id: Parameters<typeof glossaryWords>[0]) => glossaryWords(id, 'zh-CN').term;
    expect(zh('block')).toBe('线程块 / 工作组');
    expect(zh('shared')).toBe('共享内存 / 工作组内存');
    expect(zh('global')).toBe('全局内存');
    expect(zh('barrier')).toBe('屏障 / 同步');
    expect(zh('boundary')).toBe('边界检查');
    expect(zh('reduction')).toBe('归约');
    expect(zh('warp')).toBe('线程束 / 子组');
  });

  it('is written to docs/glossary.md as generated (UPDATE_GLOSSARY=1 writes it)', () => {
    const want = glossaryMarkdown();
    if (process.env.UPDATE_GLOSSARY) writeFileSync(kDoc, want);
    let have = '';
    try {
      have = readFileSync(kDoc, 'utf8');
    } catch {
      // missing: the comparison below fails with the whole text
    }
    expect(have, 'docs/glossary.md differs from the glossary data: run UPDATE_GLOSSARY=1 npx vitest run src/i18n/glossary.test.ts').toBe(want);
    expect(want).toContain('| `__syncthreads()` | `workgroupBarrier()` | barrier / synchronise | 屏障 / 同步 |');
  });
});

/**
 * The glossary: the same idea under its CUDA spelling, its WebGPU/WGSL spelling and the words this
 * app uses, in every language of core/languages.ts (issue #13; the key for students who learned CUDA first). The
 * one place its data lives: the terms' code spellings here, their words and meanings in the
 * 'common' catalogue (glossary.term.*, glossary.meaning.*). The lesson view shows it (ui/lesson/Glossary)
 * and docs/glossary.md is generated from it (glossaryMarkdown; glossary.test.ts fails when the file
 * differs: `UPDATE_GLOSSARY=1 npx vitest run src/i18n/glossary.test.ts` writes it again).
 */
import { kLanguages, t, type Language } from './index';
import type { en } from './locales/en';

export type GlossaryId = keyof (typeof en)['common']['glossary']['term'];

export interface GlossaryEntry {
  readonly id: GlossaryId;
  /** How CUDA (cuda-samples matrixMul, PMPP, the CUDA tutorial) writes it: code, shown as code. */
  readonly cuda: readonly string[];
  /** How WebGPU (the host API) or WGSL (the kernels in shaders/) writes it: code, shown as code. */
  readonly wgsl: readonly string[];
}

/* The spellings below are CUDA and WGSL code, the same in every language. */
export const kGlossary: readonly GlossaryEntry[] = [
  { id: 'kernel', cuda: ['__global__ void matrixMul(…)'], wgsl: ['@compute fn main(…)'] }, // i18n-exempt: code
  { id: 'launch', cuda: ['matrixMul<<<grid, threads>>>(…)'], wgsl: ['pass.dispatchWorkgroups(x, y)'] }, // i18n-exempt: code
  { id: 'grid', cuda: ['gridDim'], wgsl: ['@builtin(num_workgroups)'] },
  { id: 'block', cuda: ['blockIdx'], wgsl: ['@builtin(workgroup_id)'] },
  { id: 'blockSize', cuda: ['blockDim', 'dim3 threads(BLOCK_SIZE, BLOCK_SIZE)'], wgsl: ['@workgroup_size(TILE, TILE)'] }, // i18n-exempt: code
  { id: 'thread', cuda: ['threadIdx'], wgsl: ['@builtin(local_invocation_id)'] },
  { id: 'globalIndex', cuda: ['blockIdx.x * blockDim.x + threadIdx.x'], wgsl: ['@builtin(global_invocation_id)'] },
  { id: 'shared', cuda: ['__shared__ float As[BLOCK_SIZE][BLOCK_SIZE]'], wgsl: ['var<workgroup> As: array<f32, TILE * TILE>'] }, // i18n-exempt: code
  { id: 'global', cuda: ['float *d_A'], wgsl: ['var<storage, read> A: array<f32>'] }, // i18n-exempt: code
  { id: 'registers', cuda: ['float Csub = 0'], wgsl: ['var acc0 = 0.0'] }, // i18n-exempt: code
  { id: 'barrier', cuda: ['__syncthreads()'], wgsl: ['workgroupBarrier()'] },
  { id: 'warp', cuda: ['warpSize', '__shfl_sync(…)'], wgsl: ['@builtin(subgroup_size)', 'subgroupShuffle(…)'] },
  { id: 'tile', cuda: ['BLOCK_SIZE', 'TILE_WIDTH'], wgsl: ['override TILE: u32'] }, // i18n-exempt: code
  { id: 'phase', cuda: ['for (int ph = 0; ph < Width / TILE_WIDTH; ++ph)'], wgsl: ['for (var ph = 0u; ph < phases; ph++)'] }, // i18n-exempt: code
  { id: 'boundary', cuda: ['if (Row < Width && Col < Width)'], wgsl: ['if (row < dims.M && aCol < dims.K)'] }, // i18n-exempt: code
  { id: 'reduction', cuda: ['partial_sum[index] += partial_sum[index + i]'], wgsl: ['cache[t] += cache[t + s]'] },
  { id: 'rowMajor', cuda: ['A[row * K + col]'], wgsl: ['A[row * dims.K + col]'] },
  { id: 'buffer', cuda: ['cudaMalloc(…)'], wgsl: ['device.createBuffer(…)'] },
  { id: 'copy', cuda: ['cudaMemcpy(…)'], wgsl: ['queue.writeBuffer(…)', 'buffer.mapAsync(…)'] },
  { id: 'wait', cuda: ['cudaDeviceSynchronize()'], wgsl: ['queue.onSubmittedWorkDone()'] },
  { id: 'timing', cuda: ['cudaEventElapsedTime(…)'], wgsl: ['timestamp-query', 'timestampWrites'] },
  { id: 'intensity', cuda: [], wgsl: [] },
];

/** A term's words and meaning in a language (the catalogue's; `lng` picks the language, default the one in use). */
export function glossaryWords(id: GlossaryId, lng?: Language): { term: string; meaning: string } {
  const o = lng ? { lng } : {};
  return { term: t(`common:glossary.term.${id}`, o), meaning: t(`common:glossary.meaning.${id}`, o) };
}

const cell = (s: string) => s.replace(/\|/g, '\\|');
const codes = (xs: readonly string[]) => (xs.length ? xs.map((x) => `\`${cell(x)}\``).join('<br>') : '—');

/** docs/glossary.md: one table, every term in every language (core/languages.ts), generated from kGlossary and the catalogues. */
export function glossaryMarkdown(): string {
  const w = (lng: Language, k: 'title' | 'intro' | 'colCuda' | 'colWgsl' | 'colTerm' | 'colMeaning') => t(`common:glossary.${k}`, { lng });
  const each = <T,>(f: (lng: Language) => T): T[] => kLanguages.map(f);
  const lines = [
    // i18n-exempt: a note for the file's editors, not for the app's readers
    '<!-- Generated from src/i18n/glossary.ts and the common catalogues: UPDATE_GLOSSARY=1 npx vitest run src/i18n/glossary.test.ts -->',
    `# ${each((l) => w(l, 'title')).join(' · ')}`,
    '',
    ...each((l) => w(l, 'intro')).flatMap((p) => [p, '']),
    `| ${w('en', 'colCuda')} | ${w('en', 'colWgsl')} | ${each((l) => w(l, 'colTerm')).join(' | ')} | ${each((l) => w(l, 'colMeaning')).join(' | ')} |`,
    `| --- | --- | ${each(() => '---').join(' | ')} | ${each(() => '---').join(' | ')} |`,
    ...kGlossary.map((g) => {
      const words = each((l) => glossaryWords(g.id, l));
      return `| ${codes(g.cuda)} | ${codes(g.wgsl)} | ${words.map((x) => cell(x.term)).join(' | ')} | ${words.map((x) => cell(x.meaning)).join(' | ')} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

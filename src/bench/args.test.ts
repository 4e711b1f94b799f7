import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kBenchOptions, parseBenchArgs } from './args';

describe('the headless bench’s command line', () => {
  it('reads values, flags and repeated options', () => {
    const a = parseBenchArgs(['--sizes', '1024,2048', '--kernels', 'naive,tiled', '--wall', '--source', 'reg16x8=a.wgsl', '--source', 'tiled=b.wgsl', '--dawn-flags', 'enable-dawn-features=x,y']);
    expect(a.sizes).toBe('1024,2048');
    expect(a.kernels).toBe('naive,tiled');
    expect(a.wall).toBe(true);
    expect(a.auto).toBeUndefined();
    expect(a.source).toEqual(['reg16x8=a.wgsl', 'tiled=b.wgsl']);
    expect(a['dawn-flags']).toBe('enable-dawn-features=x,y');
    expect(parseBenchArgs(['--shapes=2039x3001x1531']).shapes).toBe('2039x3001x1531');
  });

  it('refuses an unknown option, a value for a flag, a missing value and a stray word, naming what is wrong', () => {
    expect(() => parseBenchArgs(['--sizez', '1024'])).toThrow(/sizez/);
    expect(() => parseBenchArgs(['--wall=yes'])).toThrow(/wall/);
    expect(() => parseBenchArgs(['--sizes'])).toThrow(/sizes/);
    expect(() => parseBenchArgs(['--auto', '1024'])).toThrow(/1024/);
  });

  it('declares every option main.ts’s header documents, and no other', () => {
    const header = readFileSync(new URL('./main.ts', import.meta.url), 'utf8').split('*/')[0]!;
    const documented = new Set([...header.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!));
    expect(new Set(Object.keys(kBenchOptions))).toEqual(documented);
  });
});

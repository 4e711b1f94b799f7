import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLiterals, isPending, readsAsProse } from './extract';

const kRoot = join(__dirname, '..', '..');
/** Source files whose words people read: everything under src/ but tests, the catalogues, the headless bench (a command-line tool for engineers, in English) and the GPU test harness (a page for the test suite). */
function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.ts$|\.d\.ts$/.test(e.name)) out.push(relative(kRoot, p));
    }
  };
  walk(join(kRoot, 'src'));
  return out.filter((f) => !f.startsWith(join('src', 'i18n')) && !f.startsWith(join('src', 'bench')) && !f.startsWith(join('src', 'harness'))).sort();
}

describe('the extraction check', () => {
  it('finds words written in JSX and prose in literals, and leaves code alone', () => {
    const found = findLiterals(
      'x.tsx',
      [
        "import a from './not prose here';",
        "const s = 'Run both kernels';",
        "const c = <p className=\"small lead\">Hello</p>;",
        "const ok = t('the key here');",
        "if (x === 'some words') {}",
        "const font = '600 20px system ui'; // i18n-exempt: a CSS font",
        'const tpl = `${n} runs of the kernel`;',
      ].join('\n'),
    );
    expect(found.map((f) => [f.line, f.text])).toEqual([
      [2, 'Run both kernels'],
      [3, 'Hello'],
      [7, '… runs of the kernel'],
    ]);
    expect(readsAsProse('naive')).toBe(false);
    expect(readsAsProse('ladder-reg4x4')).toBe(false);
    expect(readsAsProse('The tile width')).toBe(true);
  });

  it('has every source file translated (none is marked i18n-pending)', () => {
    const pending = sourceFiles().filter((f) => isPending(readFileSync(join(kRoot, f), 'utf8')));
    expect(pending).toEqual([]);
  });

  it('finds no words for people outside the catalogues', () => {
    const findings = sourceFiles().flatMap((f) => {
      const src = readFileSync(join(kRoot, f), 'utf8');
      return isPending(src) ? [] : findLiterals(f, src).map((x) => `${x.file}:${x.line} ${x.text}`);
    });
    expect(findings).toEqual([]);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kLanguages } from '../core/languages';
import { kIcons, webManifest } from './manifest';
import { pwaWords } from './words';

/** The PNG's width and height, read from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const b = readFileSync(path);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(b.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

const m = webManifest(await pwaWords());

describe('web app manifest', () => {

  it('names the app in English, and in every other language of core/languages.ts in its translations', () => {
    expect(m.name).toMatch(/^Tiles/);
    expect(m.short_name.length).toBeLessThanOrEqual(12);
    expect(m.description.length).toBeGreaterThan(20);
    expect(m.lang).toBe('en');
    expect(Object.keys(m.translations).sort()).toEqual(kLanguages.filter((l) => l !== 'en').sort());
    for (const l of kLanguages.filter((x) => x.startsWith('zh'))) {
      expect(m.translations[l as keyof typeof m.translations].name).toMatch(/[\u4e00-\u9fff]/);
      expect(m.translations[l as keyof typeof m.translations].description).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('uses relative URLs only, so the build installs from any folder', () => {
    expect(m.start_url).toBe('./');
    expect(m.scope).toBe('./');
    for (const icon of m.icons) expect(icon.src).not.toMatch(/^\/|^[a-z]+:/);
  });

  it('has icons at 192 and 512 px and a maskable one, each a PNG of its stated size in public/', () => {
    const sizes = m.icons.filter((i) => i.purpose === 'any').map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of kIcons) {
      const path = new URL(`../../public/${icon.src}`, import.meta.url);
      expect(existsSync(path), icon.src).toBe(true);
      const { width, height } = pngSize(path.pathname);
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  it('has theme and background colours', () => {
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
  });
});

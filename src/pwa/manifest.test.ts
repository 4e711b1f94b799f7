import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kIcons, webManifest } from './manifest';

/** The PNG's width and height, read from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const b = readFileSync(path);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(b.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

describe('web app manifest', () => {
  const m = webManifest();

  it('names the app, in English and 简体中文', () => {
    expect(m.name).toMatch(/^Tiles/);
    expect(m.short_name.length).toBeLessThanOrEqual(12);
    expect(m.description.length).toBeGreaterThan(20);
    expect(m.lang).toBe('en');
    expect(m.translations['zh-CN'].name).toMatch(/[\u4e00-\u9fff]/);
    expect(m.translations['zh-CN'].description).toMatch(/[\u4e00-\u9fff]/);
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

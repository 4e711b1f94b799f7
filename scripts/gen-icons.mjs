#!/usr/bin/env node
/* global document, getComputedStyle -- page.evaluate callbacks run in the browser */
/**
 * Makes the committed PNGs of public/ from HTML drawn in Chromium (through Playwright) and
 * screenshotted at their exact pixel size:
 *
 *   public/pwa-192.png           192×192   manifest icon ("any"): the favicon's 2×2 tiles, rounded square
 *   public/pwa-512.png           512×512   the same, larger
 *   public/pwa-maskable-512.png  512×512   maskable icon: full-bleed navy, the tiles inside the 80% safe circle
 *   public/apple-touch-icon.png  180×180   iOS home screen (opaque, square: iOS rounds it)
 *   public/og-image.png          1200×630  the link preview (Open Graph / Twitter card), English and 简体中文
 *
 * Run:  node scripts/gen-icons.mjs
 *
 * The preview image has Chinese text, so Chromium needs a CJK font. With one installed
 * (`apt-get install fonts-noto-cjk`), nothing else is needed; otherwise point CJK_FONT_DIR at a
 * folder holding one, e.g. unpacked from the Debian package without installing it:
 *   apt-get download fonts-noto-cjk && dpkg -x fonts-noto-cjk_*.deb /tmp/cjk
 *   CJK_FONT_DIR=/tmp/cjk/usr/share/fonts node scripts/gen-icons.mjs
 * The script refuses to write the preview when the Chinese line would be drawn without a CJK font.
 * Chromium: /usr/bin/chromium or $CHROMIUM_PATH (as for the end-to-end tests).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const pub = join(root, 'public');
const navy = '#0b1d33';
const amber = '#ffb000';
const cyan = '#5cc8ff';

/** The favicon's drawing (public/favicon.svg): 2×2 tiles, amber on one diagonal and cyan on the other. */
function tilesSvg({ size, rounded, inset }) {
  // inset: the fraction of the side left around the 2×2 tiles (the favicon: 4/32 = 0.125).
  const s = 32;
  const pad = inset * s;
  const gap = 2;
  const cell = (s - 2 * pad - gap) / 2;
  const a = pad;
  const b = pad + cell + gap;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${s} ${s}" width="${size}" height="${size}">
  <rect width="${s}" height="${s}" rx="${rounded ? 4 : 0}" fill="${navy}"/>
  <g fill="${amber}"><rect x="${a}" y="${a}" width="${cell}" height="${cell}"/><rect x="${b}" y="${b}" width="${cell}" height="${cell}"/></g>
  <g fill="${cyan}"><rect x="${b}" y="${a}" width="${cell}" height="${cell}"/><rect x="${a}" y="${b}" width="${cell}" height="${cell}"/></g>
</svg>`;
}

const page = (body, w, h) => `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;width:${w}px;height:${h}px;overflow:hidden;background:transparent}
svg{display:block}
</style></head><body>${body}</body></html>`;

/** The preview card: what the app is, in English and 简体中文, beside a tiled C matrix. */
function ogCard() {
  const w = 1200;
  const h = 630;
  // A 6×6 C matrix in 3×3 tiles of 2×2, one tile highlighted with its row strip of A and column strip of B.
  const n = 6;
  const c = 44;
  const ox = 830;
  const oy = 190;
  let grid = '';
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const tile = (Math.floor(i / 2) + Math.floor(j / 2)) % 2 === 0;
      const hot = Math.floor(i / 2) === 1 && Math.floor(j / 2) === 2;
      grid += `<rect x="${ox + j * c + Math.floor(j / 2) * 6}" y="${oy + i * c + Math.floor(i / 2) * 6}" width="${c - 4}" height="${c - 4}" rx="4" fill="${hot ? amber : tile ? '#1d3b5e' : '#16304d'}"/>`;
    }
  const strip = (x, y, cw, ch, fill) => `<rect x="${x}" y="${y}" width="${cw}" height="${ch}" rx="4" fill="${fill}" opacity="0.9"/>`;
  const art = `<svg width="${w}" height="${h}" style="position:absolute;left:0;top:0">
    ${grid}
    ${strip(ox - 70, oy + 2 * c + 6, 40, 2 * c - 4, cyan)}
    ${strip(ox + 4 * c + 12, oy - 70, 2 * c - 4, 40, cyan)}
  </svg>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
html,body{margin:0;width:${w}px;height:${h}px;overflow:hidden}
body{background:${navy};color:#eef2f6;font-family:"DejaVu Sans","Liberation Sans",sans-serif;position:relative}
.logo{position:absolute;left:72px;top:72px}
.text{position:absolute;left:72px;top:196px;width:620px}
h1{margin:0;font-size:96px;line-height:1;font-weight:700;letter-spacing:-1px}
.en{margin:24px 0 0;font-size:36px;line-height:1.25;font-weight:700}
.zh{margin:18px 0 0;font-size:38px;line-height:1.3;font-weight:700;font-family:"Noto Sans CJK SC","Noto Sans SC","WenQuanYi Micro Hei","WenQuanYi Zen Hei",sans-serif}
.sub{position:absolute;left:72px;bottom:64px;font-size:26px;color:#b8c2cc}
.sub b{color:${amber};font-weight:700}
</style></head><body>
${art}
<div class="logo">${tilesSvg({ size: 96, rounded: true, inset: 0.125 })}</div>
<div class="text"><h1>Tiles</h1>
<p class="en">Tiled matrix multiplication on your GPU</p>
<p class="zh" lang="zh-CN" id="zh">在你的 GPU 上学习分块矩阵乘法</p></div>
<p class="sub"><b>WebGPU</b> · run · verify · time &nbsp;/&nbsp; <span lang="zh-CN" style="font-family:'Noto Sans CJK SC','Noto Sans SC','WenQuanYi Micro Hei',sans-serif">运行 · 验证 · 计时</span></p>
</body></html>`;
}

/** A fontconfig file that adds CJK_FONT_DIR to the system's fonts (Chromium finds fonts through fontconfig on Linux). */
function fontEnv(dir) {
  const extra = process.env.CJK_FONT_DIR;
  if (!extra) return {};
  const conf = join(dir, 'fonts.conf');
  writeFileSync(conf, `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${extra}</dir><cachedir>${join(dir, 'cache')}</cachedir></fontconfig>`);
  return { FONTCONFIG_FILE: conf };
}

const tmp = mkdtempSync(join(tmpdir(), 'tiles-icons-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--font-render-hinting=none', '--disable-lcd-text'],
  env: { ...process.env, ...fontEnv(tmp) },
});
try {
  const shots = [
    { file: 'pwa-192.png', size: 192, html: tilesSvg({ size: 192, rounded: true, inset: 0.125 }), transparent: true },
    { file: 'pwa-512.png', size: 512, html: tilesSvg({ size: 512, rounded: true, inset: 0.125 }), transparent: true },
    // Maskable: the launcher may crop to a circle of 80% of the side; the tiles sit inside it.
    { file: 'pwa-maskable-512.png', size: 512, html: tilesSvg({ size: 512, rounded: false, inset: 0.25 }), transparent: false },
    { file: 'apple-touch-icon.png', size: 180, html: tilesSvg({ size: 180, rounded: false, inset: 0.16 }), transparent: false },
  ];
  for (const s of shots) {
    const p = await browser.newPage({ viewport: { width: s.size, height: s.size }, deviceScaleFactor: 1 });
    const f = join(tmp, `${s.file}.html`);
    writeFileSync(f, page(s.html, s.size, s.size));
    await p.goto(pathToFileURL(f).href);
    await p.screenshot({ path: join(pub, s.file), omitBackground: s.transparent });
    await p.close();
    console.log(`public/${s.file}  ${s.size}×${s.size}`);
  }

  const p = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  const f = join(tmp, 'og.html');
  writeFileSync(f, ogCard());
  await p.goto(pathToFileURL(f).href);
  await p.evaluate(() => document.fonts.ready);
  // The Chinese line must be drawn in a CJK font, not as empty boxes: '分' drawn in the page's
  // Chinese font stack must differ from a private-use character (no font has it: a missing-glyph box).
  const zhFont = await p.evaluate(() => {
    const stack = getComputedStyle(document.getElementById('zh')).fontFamily;
    const draw = (ch) => {
      const c = document.createElement('canvas');
      c.width = c.height = 64;
      const g = c.getContext('2d');
      g.font = `48px ${stack}`;
      g.fillText(ch, 4, 52);
      return g.getImageData(0, 0, 64, 64).data.join(',');
    };
    return draw('\u5206') !== draw('\ue000') && draw('\u5206') !== draw(' ') ? stack : undefined;
  });
  if (!zhFont) throw new Error('No CJK font found: install fonts-noto-cjk or set CJK_FONT_DIR (see the comment at the top of this script). public/og-image.png was not written.');
  await p.screenshot({ path: join(pub, 'og-image.png') });
  console.log(`public/og-image.png  1200×630 (Chinese in ${zhFont})`);
} finally {
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
}

// Make sure a Chromium for the end-to-end tests exists. Playwright cannot download its own
// browsers here, so the tests use Debian's package (/usr/bin/chromium) or $CHROMIUM_PATH.
// As root on Debian/Ubuntu it installs the package; otherwise it says what to do.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** A font with Chinese glyphs, so the Chinese screenshots (简体中文, 繁體中文) show characters, not boxes (best effort: the tests read text, not pixels). */
function ensureChineseFont() {
  try {
    if (execSync('fc-list :lang=zh family', { encoding: 'utf8' }).trim() !== '') return;
  } catch {
    // no fontconfig: try the package below
  }
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return;
  try {
    console.log('No font with Chinese glyphs: installing fonts-wqy-microhei (small) for the Chinese screenshots…');
    execSync('DEBIAN_FRONTEND=noninteractive apt-get install -y -q fonts-wqy-microhei || (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q fonts-wqy-microhei)', { stdio: 'inherit' });
  } catch {
    console.log('Could not install a Chinese font; the Chinese screenshots will show boxes (the tests do not depend on it).');
  }
}

if (existsSync(path)) {
  ensureChineseFont();
  process.exit(0);
}

if (!process.env.CHROMIUM_PATH && isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium is missing: installing Debian\'s chromium package for the end-to-end tests…');
  execSync('apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-wqy-microhei', { stdio: 'inherit' });
  if (existsSync(path)) process.exit(0);
}
console.error(
  `No Chromium at ${path}. Install one (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
    'or point CHROMIUM_PATH at a Chromium/Chrome binary with WebGPU support.',
);
process.exit(1);

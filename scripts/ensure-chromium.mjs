// Make sure a Chromium for the end-to-end tests exists. Playwright cannot download its own
// browsers here, so the tests use Debian's package (/usr/bin/chromium) or $CHROMIUM_PATH.
// As root on Debian/Ubuntu it installs the package; otherwise it says what to do.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!process.env.CHROMIUM_PATH && isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium is missing: installing Debian\'s chromium package for the end-to-end tests…');
  execSync('apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium', { stdio: 'inherit' });
  if (existsSync(path)) process.exit(0);
}
console.error(
  `No Chromium at ${path}. Install one (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
    'or point CHROMIUM_PATH at a Chromium/Chrome binary with WebGPU support.',
);
process.exit(1);

// Install the dependencies when node_modules is missing or does not match package-lock.json, so
// `npm run dev`, `npm run lint` and `npm test` work on a fresh clone with nothing but Node and npm (run as their
// `pre` scripts). It compares npm's own record of what it installed (node_modules/.package-lock.json)
// with the lock file: every package the lock file requires on this platform must be installed at
// its version. When they match it does nothing (so .ci/run, which runs `npm ci` first, installs once).
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const read = (p) => JSON.parse(readFileSync(p, 'utf8'));

/** Why node_modules needs installing, or undefined when it matches the lock file. */
function stale() {
  if (!existsSync('node_modules/.package-lock.json')) return 'node_modules is missing';
  const lock = read('package-lock.json').packages ?? {};
  const installed = read('node_modules/.package-lock.json').packages ?? {};
  for (const [path, entry] of Object.entries(lock)) {
    if (path === '' || !path.startsWith('node_modules/') || entry.link) continue;
    const have = installed[path];
    // Optional packages (other platforms' binaries) may be absent; a present one must match.
    if (!have) {
      if (entry.optional) continue;
      return `${path} is not installed`;
    }
    if (have.version !== entry.version) return `${path} is ${have.version}, the lock file says ${entry.version}`;
  }
  return undefined;
}

const why = stale();
if (why) {
  console.log(`Installing the dependencies (${why}): npm ci`);
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}

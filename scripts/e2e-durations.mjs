// Prints the slowest end-to-end tests from Playwright's JSON report (playwright-report/e2e.json),
// and the total per spec file: `node scripts/e2e-durations.mjs [N]`.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync('playwright-report/e2e.json', 'utf8'));
const rows = [];
const walk = (suite, file) => {
  for (const s of suite.suites ?? []) walk(s, s.file ?? file);
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      rows.push({ file: spec.file ?? file, title: spec.title, project: t.projectName, ms, status: t.results?.at(-1)?.status });
    }
  }
};
for (const s of report.suites ?? []) walk(s, s.file);
const n = Number(process.argv[2] ?? 25);
const fmt = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(`${rows.length} tests, ${fmt(rows.reduce((a, r) => a + r.ms, 0))} of test time in all`);
for (const r of [...rows].sort((a, b) => b.ms - a.ms).slice(0, n)) console.log(`${fmt(r.ms).padStart(8)}  ${r.status}  ${r.file} › ${r.title}`);
const perFile = new Map();
for (const r of rows) perFile.set(r.file, (perFile.get(r.file) ?? 0) + r.ms);
console.log('\nper file:');
for (const [f, ms] of [...perFile].sort((a, b) => b[1] - a[1])) console.log(`${fmt(ms).padStart(8)}  ${f}`);

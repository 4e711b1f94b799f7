// Turn the JSON lines of the headless benchmark (and scripts/cublas.py) into a Markdown table.
// Usage: node scripts/bench-table.mjs bench/results/*.jsonl
import { readFileSync } from 'node:fs';

const rows = process.argv
  .slice(2)
  .flatMap((f) => readFileSync(f, 'utf8').split('\n'))
  .filter((l) => l.startsWith('{'))
  .map((l) => JSON.parse(l));
const cublas = new Map(rows.filter((r) => r.kernel === 'cublas-sgemm').map((r) => [r.m, r.gflops]));
const engine = (r) => (r.engine.startsWith('deno') ? 'wgpu (Deno 2.9.6)' : r.engine.startsWith('node') ? 'Dawn (Node, webgpu 0.6.2)' : 'cuBLAS');
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toPrecision(3));
console.log('| engine | kernel | M=K=N | median ms | min–max ms | samples × dispatches | TFLOP/s | % of cuBLAS | verified (checked entries, max rel. err) |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  if (r.skipped || r.error) {
    console.log(`| ${engine(r)} | ${r.kernel}${r.tile ? ` ${r.tile}` : ''} | ${r.m} | — | — | — | — | — | ${r.skipped ?? r.error} |`);
    continue;
  }
  const kernel = r.kernel === 'cublas-sgemm' ? 'cuBLAS SGEMM' : r.kernel === 'tiled' ? `tiled, tile ${r.tile}` : 'naive';
  const pct = cublas.get(r.m) ? `${((r.gflops / cublas.get(r.m)) * 100).toFixed(1)}%` : '';
  const ver = r.kernel === 'cublas-sgemm' ? `(vs f64: ${r.maxErrVsF64.toExponential(1)})` : `${r.verified ? '✓' : '✗'} (${r.checked.toLocaleString('en-US')}, ${r.maxRelError.toExponential(1)})`;
  const spx = r.dispatchesPerSample ? `${r.samples} × ${r.dispatchesPerSample}` : `${r.samples}`;
  console.log(`| ${engine(r)} | ${kernel} | ${r.m} | ${fmt(r.medianMs)} | ${fmt(r.minMs)}–${fmt(r.maxMs)} | ${spx} | ${(r.gflops / 1000).toFixed(2)} | ${pct} | ${ver} |`);
}

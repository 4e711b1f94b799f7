// Size × kernel table (TFLOP/s and % of cuBLAS) per engine from benchmark JSON lines.
// Usage: node scripts/bench-matrix.mjs dir-with-deno.jsonl-dawn.jsonl-cublas.jsonl
import { readFileSync, existsSync } from 'node:fs';

const dir = process.argv[2] ?? '.';
const read = (f) => (existsSync(`${dir}/${f}`) ? readFileSync(`${dir}/${f}`, 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)) : []);
const cublas = new Map(read('cublas.jsonl').map((r) => [r.m, r.gflops]));
const engines = [
  ['wgpu (Deno 2.9.6)', read('deno.jsonl')],
  ['Dawn (Node + webgpu 0.6.2)', read('dawn.jsonl')],
];
const tuned = (r) => Object.entries(r.constants ?? {}).filter(([k]) => ['BK', 'GROUP'].includes(k)).map(([k, v]) => `${k}=${v}`).join(',');
const name = (r) => (r.kernel === 'tiled' ? `tiled ${r.tile}` : tuned(r) ? `${r.kernel} ${tuned(r)}` : r.kernel);
for (const [engine, rows] of engines) {
  if (rows.length === 0) continue;
  const kernels = [...new Set(rows.map(name))];
  const sizes = [...new Set(rows.map((r) => r.m))].sort((a, b) => a - b);
  console.log(`\n**${engine}** — TFLOP/s at the median (% of cuBLAS FP32 at the same size); ✗ = failed verification\n`);
  console.log(`| M = K = N | ${kernels.join(' | ')} | cuBLAS |`);
  console.log(`| --- | ${kernels.map(() => '---').join(' | ')} | --- |`);
  for (const s of sizes) {
    const cells = kernels.map((k) => {
      const r = rows.find((x) => x.m === s && name(x) === k);
      if (!r) return '';
      if (r.error || r.skipped) return r.error ? 'error' : 'skipped';
      const pct = cublas.get(s) ? ` (${((r.gflops / cublas.get(s)) * 100).toFixed(0)}%)` : '';
      return `${(r.gflops / 1000).toFixed(2)}${pct}${r.verified ? '' : ' ✗'}`;
    });
    console.log(`| ${s} | ${cells.join(' | ')} | ${cublas.get(s) ? (cublas.get(s) / 1000).toFixed(2) : ''} |`);
  }
  // Where tiled overtakes naive for good.
  let from;
  for (const s of sizes) {
    const n = rows.find((x) => x.m === s && x.kernel === 'naive');
    const t = rows.find((x) => x.m === s && x.kernel === 'tiled');
    if (!n || !t || !n.verified || !t.verified) continue;
    if (t.medianMs < n.medianMs) from ??= s;
    else from = undefined;
  }
  console.log(`\nTiled (tile 16) stays faster than naive from size ${from ?? '— (never for good)'} upward on this engine.`);
}

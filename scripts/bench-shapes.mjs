// Shape × kernel tables (TFLOP/s and % of cuBLAS) per engine from benchmark JSON lines, with
// auto, the best verified rung, and the ratios the round-3 notes report (best ÷ cuBLAS,
// tiled ÷ naive, auto ÷ best). Square and M×K×N shapes alike.
// Usage: node scripts/bench-shapes.mjs DIR   (DIR holds deno.jsonl, dawn.jsonl, cublas.jsonl)
import { existsSync, readFileSync } from 'node:fs';

const dir = process.argv[2] ?? '.';
const read = (f) =>
  existsSync(`${dir}/${f}`)
    ? readFileSync(`${dir}/${f}`, 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l))
    : [];
const key = (r) => `${r.m}x${r.k}x${r.n}`;
const label = (s) => {
  const [m, k, n] = s.split('x');
  return m === k && k === n ? `${m}³` : `${m}×${k}×${n}`;
};
const cublas = new Map(read('cublas.jsonl').map((r) => [key(r), r.gflops]));
const tuned = (r) => Object.entries(r.constants ?? {}).filter(([k]) => ['BK', 'GROUP'].includes(k)).map(([k, v]) => `${k}=${v}`).join(',');
const name = (r) => (r.kernel === 'tiled' ? `tiled ${r.tile}` : tuned(r) ? `${r.kernel} ${tuned(r)}` : r.kernel);
const tf = (g) => (g / 1000).toFixed(1);
const pct = (g, s) => (cublas.get(s) ? ` (${Math.round((g / cublas.get(s)) * 100)}%)` : '');
const ok = (r) => r && !r.error && !r.skipped && r.verified && r.gflops > 0;

for (const [engine, all] of [
  ['wgpu (Deno 2.9.6, Firefox’s engine)', read('deno.jsonl')],
  ['Dawn (Node + webgpu 0.6.2, Chrome’s engine)', read('dawn.jsonl')],
]) {
  if (all.length === 0) continue;
  const rows = all.filter((r) => !r.auto);
  const autos = all.filter((r) => r.auto);
  const kernels = [...new Set(rows.filter((r) => !r.skipped).map(name))];
  const shapes = [...new Set(all.map(key))].sort((a, b) => {
    const sq = (s) => new Set(s.split('x')).size === 1;
    return sq(a) !== sq(b) ? (sq(a) ? -1 : 1) : Number(a.split('x')[0]) - Number(b.split('x')[0]);
  });
  const fails = rows.filter((r) => r.error || (r.verified === false)).length;
  console.log(`\n**${engine}** — TFLOP/s at the median (% of cuBLAS FP32 at the same shape); ✗ = failed verification; ${fails} failed\n`);
  console.log(`| shape | ${kernels.join(' | ')} | auto (its choice) | best | cuBLAS |`);
  console.log(`| --- | ${kernels.map(() => '---').join(' | ')} | --- | --- | --- |`);
  const summary = [];
  for (const s of shapes) {
    const here = rows.filter((r) => key(r) === s);
    const cells = kernels.map((k) => {
      const r = here.find((x) => name(x) === k);
      if (!r) return '';
      if (r.error) return 'error';
      if (r.skipped) return 'n/a';
      return `${tf(r.gflops)}${pct(r.gflops, s)}${r.verified ? '' : ' ✗'}`;
    });
    const best = here.filter(ok).sort((a, b) => b.gflops - a.gflops)[0];
    const a = autos.find((r) => key(r) === s);
    const autoCell = ok(a) ? `${tf(a.gflops)} (${name(a)})` : a ? 'error' : '';
    console.log(`| ${label(s)} | ${cells.join(' | ')} | ${autoCell} | ${best ? `**${tf(best.gflops)}${pct(best.gflops, s)}** ${name(best)}` : ''} | ${cublas.get(s) ? tf(cublas.get(s)) : ''} |`);
    const naive = here.find((r) => r.kernel === 'naive');
    const tiled = here.find((r) => r.kernel === 'tiled' && r.tile === 16);
    summary.push(
      `${label(s)}: best ÷ cuBLAS ${best && cublas.get(s) ? (best.gflops / cublas.get(s)).toFixed(2) : '—'}` +
        `, tiled ÷ naive ${ok(naive) && ok(tiled) ? (tiled.gflops / naive.gflops).toFixed(1) + '×' : '—'}` +
        `, auto ÷ best ${ok(a) && best ? (a.gflops / Math.max(best.gflops, a.gflops)).toFixed(2) : '—'}` +
        (ok(a) ? ` (auto tuned ${a.auto.candidates} configurations in ${(a.auto.tuneMs / 1000).toFixed(1)} s)` : ''),
    );
  }
  console.log('');
  for (const l of summary) console.log(`- ${l}`);
}

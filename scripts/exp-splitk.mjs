#!/usr/bin/env -S deno run -A
/**
 * Experiment (round 3b, issue 14): split-K for shapes whose block grid under-fills the GPU.
 * Not part of the app: the block rungs of scripts/gen-blocks.mjs with K split across S layers of
 * workgroups (wg.z), each writing its partial C slice to a scratch buffer, then a small kernel
 * that sums the S slices into C. Timed with GPU timestamps around both passes (settled first),
 * verified against an f64 CPU product on sampled entries (C starts as NaN).
 *
 *   deno run -A scripts/exp-splitk.mjs 1024 2039x3001x1531          (wgpu)
 *   NODE_PATH=… node scripts/exp-splitk.mjs 1024                    (Dawn, the webgpu package)
 * One JSON line per shape × kernel × S (S = 1: the rung as it is, one pass).
 * --kernels blk64x64v,blk128x64v,b128x128k8t16x8v (rungs or experiment ids, vec4 ones)   --splits 1,2,4   --settle ms
 * --one-pass: record every dispatch of a sample in one compute pass (as the app's timing does);
 *   by default each product is its own pass (or two), as in round 3b's figures — on wgpu that
 *   harness ran the unsplit kernels 1.3–5.6× slower than the app's bench (docs/benchmarks.md).
 */
/* global GPUBufferUsage, GPUMapMode, Deno */
import { blockKernel, experiments, kBlockRungs, splitKernel } from './gen-blocks.mjs';

/** Sums the S partial slices of P into C (vec4 per invocation). */
export const kSumWgsl = `// Split-K, second pass: C = P[0] + … + P[S-1] (each slice M×N, N a multiple of 4).
struct Dims { M: u32, K: u32, N: u32, _pad: u32 }
@group(0) @binding(0) var<storage, read> P: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> C: array<vec4<f32>>;
@group(0) @binding(2) var<uniform> dims: Dims;
override S: u32 = 2u;
@compute @workgroup_size(256, 1, 1)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let n4 = dims.M * dims.N / 4u;
  let i = g.x;
  if (i >= n4) { return; }
  var s = P[i];
  for (var z = 1u; z < S; z++) { s += P[z * n4 + i]; }
  C[i] = s;
}
`;

/** Self-contained (evaluated as source in a browser for the SwiftShader check): runs the configurations, returns JSON lines. */
export async function runExperiment(gpu, jobs, opt) {
  const out = [];
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  const L = adapter.limits;
  const ts = adapter.features.has('timestamp-query') && !opt.wall;
  const device = await adapter.requestDevice({
    requiredFeatures: ts ? ['timestamp-query'] : [],
    requiredLimits: {
      maxComputeWorkgroupStorageSize: L.maxComputeWorkgroupStorageSize,
      maxStorageBufferBindingSize: L.maxStorageBufferBindingSize,
      maxBufferSize: L.maxBufferSize,
      maxComputeInvocationsPerWorkgroup: L.maxComputeInvocationsPerWorkgroup,
    },
  });
  let seed = 12345;
  const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  const now = () => performance.now();
  const U = GPUBufferUsage;
  for (const job of jobs) {
    const { m, k, n } = job.shape;
    const k4 = Math.ceil(k / 4) * 4;
    const n4 = Math.ceil(n / 4) * 4;
    const a = new Float32Array(m * k4);
    const b = new Float32Array(k4 * n4);
    for (let i = 0; i < m; i++) for (let j = 0; j < k; j++) a[i * k4 + j] = rnd();
    for (let i = 0; i < k; i++) for (let j = 0; j < n; j++) b[i * n4 + j] = rnd();
    const buf = (size, usage, data) => {
      const x = device.createBuffer({ size: Math.max(16, size), usage });
      if (data) device.queue.writeBuffer(x, 0, data);
      return x;
    };
    const bA = buf(a.byteLength, U.STORAGE | U.COPY_DST, a);
    const bB = buf(b.byteLength, U.STORAGE | U.COPY_DST, b);
    const bDims = buf(16, U.UNIFORM | U.COPY_DST, new Uint32Array([m, k4, n4, 0]));
    for (const cfg of job.configs) {
      const S = cfg.S;
      const ks = Math.ceil(Math.ceil(k4 / S) / cfg.BK) * cfg.BK;
      const bC = buf(m * n4 * 4, U.STORAGE | U.COPY_SRC | U.COPY_DST, new Float32Array(m * n4).fill(NaN));
      const bP = S > 1 ? buf(S * m * n4 * 4, U.STORAGE) : null;
      device.pushErrorScope('validation');
      const mod = device.createShaderModule({ code: cfg.wgsl });
      const p1 = device.createComputePipeline({ layout: 'auto', compute: { module: mod, entryPoint: 'main', constants: S > 1 ? { GROUP: cfg.GROUP, KS: ks } : { GROUP: cfg.GROUP } } });
      const g1 = device.createBindGroup({ layout: p1.getBindGroupLayout(0), entries: [bA, bB, S > 1 ? bP : bC, bDims].map((buffer, binding) => ({ binding, resource: { buffer } })) });
      let p2 = null;
      let g2 = null;
      if (S > 1) {
        p2 = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code: job.sumWgsl }), entryPoint: 'main', constants: { S } } });
        g2 = device.createBindGroup({ layout: p2.getBindGroupLayout(0), entries: [bP, bC, bDims].map((buffer, binding) => ({ binding, resource: { buffer } })) });
      }
      const err = await device.popErrorScope();
      const line = { engine: opt.engine, kernel: cfg.id, S, KS: S > 1 ? ks : k4, m, k, n, workgroups: cfg.grid[0] * cfg.grid[1] * S };
      if (err) { out.push(JSON.stringify({ ...line, error: err.message })); continue; }
      const qs = ts ? device.createQuerySet({ type: 'timestamp', count: 2 }) : null;
      const qRes = ts ? buf(16, U.QUERY_RESOLVE | U.COPY_SRC) : null;
      const qRead = ts ? device.createBuffer({ size: 16, usage: U.MAP_READ | U.COPY_DST }) : null;
      /** One submission of `reps` products (each: the split pass, then the sum pass). */
      const sample = async (reps) => {
        const enc = device.createCommandEncoder();
        if (opt.onePass) {
          // Every dispatch of the sample in one compute pass (as the app's timing records them);
          // WebGPU orders a dispatch's storage writes before the next dispatch's reads.
          const pass = enc.beginComputePass(ts ? { timestampWrites: { querySet: qs, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } } : {});
          for (let r = 0; r < reps; r++) {
            pass.setPipeline(p1);
            pass.setBindGroup(0, g1);
            pass.dispatchWorkgroups(cfg.grid[0], cfg.grid[1], S);
            if (S > 1) {
              pass.setPipeline(p2);
              pass.setBindGroup(0, g2);
              pass.dispatchWorkgroups(Math.ceil((m * n4) / 4 / 256));
            }
          }
          pass.end();
        }
        for (let r = 0; r < (opt.onePass ? 0 : reps); r++) {
          const first = r === 0;
          const last = r === reps - 1;
          const tw1 = ts && (first || (last && S === 1)) ? { querySet: qs, ...(first ? { beginningOfPassWriteIndex: 0 } : {}), ...(last && S === 1 ? { endOfPassWriteIndex: 1 } : {}) } : undefined;
          const pass = enc.beginComputePass(tw1 ? { timestampWrites: tw1 } : {});
          pass.setPipeline(p1);
          pass.setBindGroup(0, g1);
          pass.dispatchWorkgroups(cfg.grid[0], cfg.grid[1], S);
          pass.end();
          if (S > 1) {
            const pass2 = enc.beginComputePass(ts && last ? { timestampWrites: { querySet: qs, endOfPassWriteIndex: 1 } } : {});
            pass2.setPipeline(p2);
            pass2.setBindGroup(0, g2);
            pass2.dispatchWorkgroups(Math.ceil((m * n4) / 4 / 256));
            pass2.end();
          }
        }
        if (ts) {
          enc.resolveQuerySet(qs, 0, 2, qRes, 0);
          enc.copyBufferToBuffer(qRes, 0, qRead, 0, 16);
        }
        const t0 = now();
        device.queue.submit([enc.finish()]);
        await device.queue.onSubmittedWorkDone();
        const wall = now() - t0;
        if (!ts) return wall / reps;
        await qRead.mapAsync(GPUMapMode.READ);
        const q = new BigUint64Array(qRead.getMappedRange().slice(0));
        qRead.unmap();
        return Number(q[1] - q[0]) / 1e6 / reps;
      };
      // Settle (keep the GPU busy about opt.settleMs), then reps per sample for about opt.sampleMs.
      let per = await sample(1);
      const t0 = now();
      while (now() - t0 < opt.settleMs) per = Math.min(per, await sample(Math.max(1, Math.ceil(opt.sampleMs / Math.max(per, 1e-3)))));
      const reps = Math.max(1, Math.ceil(opt.sampleMs / Math.max(per, 1e-3)));
      const times = [];
      for (let i = 0; i < opt.samples; i++) times.push(await sample(reps));
      times.sort((x, y) => x - y);
      const med = times[Math.floor(times.length / 2)];
      // Verify: read C back, compare sampled entries (every corner, the edges' middles, random ones) with an f64 product.
      const rb = device.createBuffer({ size: Math.max(16, m * n4 * 4), usage: U.MAP_READ | U.COPY_DST });
      const enc = device.createCommandEncoder();
      enc.copyBufferToBuffer(bC, 0, rb, 0, m * n4 * 4);
      device.queue.submit([enc.finish()]);
      await rb.mapAsync(GPUMapMode.READ);
      const c = new Float32Array(rb.getMappedRange().slice(0));
      rb.unmap();
      const pts = [[0, 0], [0, n - 1], [m - 1, 0], [m - 1, n - 1], [m >> 1, 0], [m >> 1, n - 1], [0, n >> 1], [m - 1, n >> 1]];
      for (let i = 0; i < opt.checks; i++) pts.push([Math.floor(((rnd() + 1) / 2) * m) % m, Math.floor(((rnd() + 1) / 2) * n) % n]);
      let bad = 0;
      let maxRel = 0;
      for (const [i, j] of pts) {
        let s = 0;
        let sa = 0;
        for (let t = 0; t < k; t++) {
          const p = a[i * k4 + t] * b[t * n4 + j];
          s += p;
          sa += Math.abs(p);
        }
        const e = Math.abs(c[i * n4 + j] - s);
        const tol = 1e-6 * Math.sqrt(k) * sa + 1e-6;
        if (!(e <= tol)) bad++;
        maxRel = Math.max(maxRel, e / (sa || 1));
      }
      out.push(JSON.stringify({ ...line, passes: opt.onePass ? 'one per sample' : 'one per dispatch', clock: ts ? 'gpu-timestamps' : 'wall', samples: times.length, reps, medianMs: med, minMs: times[0], maxMs: times[times.length - 1], tflops: (2 * m * k * n) / (med * 1e9), verified: bad === 0, checked: pts.length, failed: bad, maxRelErr: maxRel }));
      for (const x of [bC, bP, qRes, qRead, rb]) x?.destroy();
      qs?.destroy();
    }
    for (const x of [bA, bB, bDims]) x.destroy();
  }
  device.destroy();
  return out;
}

/** The configurations at a shape: each rung unsplit, and split S = 2, 3, 4 where K allows. */
export function jobsFor(shapes, kernels, splits) {
  // The registered rungs, or any kernel of the experiment set by its id (vec4 C only: the sum pass reads vec4s).
  const rungs = [...kBlockRungs, ...experiments()].filter((d) => kernels.includes(d.id) && d.vec4 === true);
  return shapes.map((shape) => ({
    shape,
    sumWgsl: kSumWgsl,
    configs: rungs.flatMap((d) => {
      const grid = [Math.ceil(shape.n / d.BN), Math.ceil(shape.m / d.BM)];
      return splits.filter((S) => S === 1 || Math.ceil(shape.k / S) >= 2 * d.BK).map((S) => ({
        id: d.id, BK: d.BK, GROUP: 8, S, grid, wgsl: S === 1 ? blockKernel(d) : splitKernel(d),
      }));
    }),
  }));
}

const isMain = typeof Deno !== 'undefined' ? import.meta.main : (await import('node:url')).fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2);
  const opt = (name, d) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : d; };
  const shapes = args.filter((x) => /^\d+(x\d+x\d+)?$/.test(x)).map((x) => { const p = x.split('x').map(Number); return p.length === 1 ? { m: p[0], k: p[0], n: p[0] } : { m: p[0], k: p[1], n: p[2] }; });
  const kernels = opt('kernels', 'blk64x64v,blk128x64v').split(',');
  const splits = opt('splits', '1,2,3,4').split(',').map(Number);
  let gpu = globalThis.navigator?.gpu;
  let engine = 'deno (wgpu)';
  if (!gpu) {
    const { createRequire } = await import('node:module');
    const webgpu = createRequire(import.meta.url)('webgpu');
    Object.assign(globalThis, webgpu.globals);
    gpu = webgpu.create([]);
    engine = 'node (dawn)';
  }
  const lines = await runExperiment(gpu, jobsFor(shapes, kernels, splits), { engine, settleMs: Number(opt('settle', 600)), sampleMs: 5, samples: 15, checks: 2000, onePass: args.includes('--one-pass') });
  for (const l of lines) console.log(l);
  if (typeof process !== 'undefined' && process.exit) process.exit(0);
}

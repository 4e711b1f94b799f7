// One-off check of shaders/tensor.wgsl through dawn.node on the GPU machine: correctness against
// the f16-rounded f64 reference (sampled) and a wall-clock timing. Usage: node tc.mjs M K N reps
import fs from 'node:fs';
import { createRequire } from 'node:module';
const webgpu = createRequire('/tmp/dawn/node_modules/')('webgpu');
const [M, K, N, reps] = process.argv.slice(2).map(Number);
Object.assign(globalThis, webgpu.globals);
const gpu = webgpu.create(['enable-dawn-features=allow_unsafe_apis,vulkan_enable_f16_on_nvidia,use_vulkan_memory_model']);
const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
const feats = ['shader-f16', 'chromium-experimental-subgroup-matrix', 'timestamp-query'].filter((f) => adapter.features.has(f));
console.log('features', feats.join(','), JSON.stringify(adapter.info.subgroupMatrixConfigurations ?? null));
const device = await adapter.requestDevice({ requiredFeatures: feats, requiredLimits: { maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize, maxBufferSize: adapter.limits.maxBufferSize } });
const src = fs.readFileSync(new URL('../shaders/tensor.wgsl', import.meta.url), 'utf8');
const mod = device.createShaderModule({ code: src });
const info = await mod.getCompilationInfo();
for (const m of info.messages) console.log('wgsl', m.type, m.lineNum, m.message);
let seed = 1; const rnd = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32 - 0.5; };
const a = new Float32Array(M * K).map(rnd), b = new Float32Array(K * N).map(rnd);
const buf = (data, usage) => { const g = device.createBuffer({ size: Math.max(16, data.byteLength), usage }); device.queue.writeBuffer(g, 0, data); return g; };
const S = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
const A = buf(a, S), B = buf(b, S), C = device.createBuffer({ size: M * N * 4, usage: S });
const dims = buf(new Uint32Array([M, K, N, 0]), GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
const pipe = device.createComputePipeline({ layout: 'auto', compute: { module: mod, entryPoint: 'main', constants: { WG: 32 } } });
const bg = device.createBindGroup({ layout: pipe.getBindGroupLayout(0), entries: [A, B, C, dims].map((buffer, binding) => ({ binding, resource: { buffer } })) });
const run = (n) => { const e = device.createCommandEncoder(); const p = e.beginComputePass(); p.setPipeline(pipe); p.setBindGroup(0, bg); for (let i = 0; i < n; i++) p.dispatchWorkgroups(Math.ceil(N / 64), Math.ceil(M / 64)); p.end(); device.queue.submit([e.finish()]); return device.queue.onSubmittedWorkDone(); };
await run(1);
const rb = device.createBuffer({ size: M * N * 4, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
{ const e = device.createCommandEncoder(); e.copyBufferToBuffer(C, 0, rb, 0, M * N * 4); device.queue.submit([e.finish()]); }
await rb.mapAsync(GPUMapMode.READ); const c = new Float32Array(rb.getMappedRange().slice(0));
const h = Math.f16round ?? ((x) => { // src/core/half.ts f16round
  if (!Number.isFinite(x) || x === 0) return x; const sg = x < 0 ? -1 : 1; const v = Math.abs(x); if (v >= 65520) return sg * Infinity;
  let e = Math.floor(Math.log2(v)); if (2 ** e > v) e--; else if (2 ** (e + 1) <= v) e++;
  const ulp = 2 ** (Math.max(e, -14) - 10); const q = v / ulp; let r = Math.round(q); if (r - q === 0.5 && r % 2 === 1) r--; return sg * r * ulp; });
let bad = 0, maxRel = 0, maxCost = 0, checked = 0;
const pts = []; for (const i of [0, M - 1, M >> 1]) for (const j of [0, N - 1, N >> 1]) pts.push([i, j]);
for (let t = 0; t < 400; t++) pts.push([Math.floor(Math.random() * M), Math.floor(Math.random() * N)]);
for (const [i, j] of pts) { let r = 0, u = 0, s = 0; for (let k = 0; k < K; k++) { const x = a[i * K + k], y = b[k * N + j]; r += h(x) * h(y); u += x * y; s += Math.abs(x * y); } const g = c[i * N + j]; const rel = Math.abs(g - r) / s; maxRel = Math.max(maxRel, rel); maxCost = Math.max(maxCost, Math.abs(g - u) / s); if (!(Math.abs(g - r) <= (2 + 4 * Math.sqrt(K)) * 2 ** -24 * s)) bad++; checked++; }
console.log(JSON.stringify({ M, K, N, checked, bad, maxRelVsF16Ref: maxRel, halfInputCost: maxCost, hasNativeF16round: !!Math.f16round }));
if (reps > 0) { await run(3); const t0 = performance.now(); await run(reps); const dt = (performance.now() - t0) / 1000; console.log(JSON.stringify({ M, K, N, reps, seconds: dt, tflops: 2 * M * K * N * reps / dt / 1e12, timing: 'wall clock around one submission of reps dispatches (dawn.node)' })); }
process.exit(0);

/**
 * Run the instrumented tiled kernel (shaders/tiled_trace.wgsl) once and read back what the GPU
 * recorded: which workgroup computed each C tile (always), and for small problems which element
 * every invocation loaded in every phase, the running partial sums and which workgroup stored each
 * C element. Not timed: the instrumentation changes the kernel's speed.
 */
import traceSource from '../../shaders/tiled_trace.wgsl?raw';
import type { MatmulData } from '../core/data';
import type { Shape, TileWidth } from '../core/shape';
import { tiledMapping, tileGrid } from '../core/tiling';
import { kTraceMaxMacs, padForTrace } from '../core/trace';
import { GpuRunError, withErrorScopes, type GpuContext } from './device';
import { makeGuard } from './timing';

export interface TraceResult {
  readonly shape: Shape;
  readonly tile: TileWidth;
  readonly bounds: boolean;
  readonly rowsPerInvocation: number;
  /** Per tile (row-major over the tile grid): workgroup x, workgroup y, phases, C elements stored. */
  readonly tiles: Uint32Array;
  /** Per C element: the linear id (wy·tilesX + wx) of the workgroup that stored it; only when traced. */
  readonly owner?: Uint32Array;
  /** Per workgroup, phase and slot: A index, B index, partial-sum bits, local invocation index. */
  readonly trace?: Uint32Array;
  readonly c: Float32Array;
}

const pipelines = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();

export function traceable(s: Shape): boolean {
  return s.m * s.n * s.k <= kTraceMaxMacs;
}

export async function runTraced(ctx: GpuContext, shape: Shape, tile: TileWidth, data: MatmulData, bounds: boolean): Promise<TraceResult> {
  const { device } = ctx;
  const mapping = tiledMapping(tile, ctx.info.limits);
  if (typeof mapping === 'string') throw new GpuRunError(mapping, 'validation');
  const g = tileGrid(shape, tile);
  const detailed = traceable(shape);
  const constants = { TILE: tile, ROWS: mapping.rowsPerInvocation, BOUNDS: bounds ? 1 : 0, TRACE: detailed ? 1 : 0 };
  const key = JSON.stringify(constants);
  let cache = pipelines.get(device);
  if (!cache) pipelines.set(device, (cache = new Map()));
  let pipeline = cache.get(key);
  if (!pipeline) {
    pipeline = withErrorScopes(device, 'Creating the traced tiled pipeline', () =>
      device.createComputePipelineAsync({
        label: `Matmul.tiledTrace.pipeline[${key}]`,
        layout: 'auto',
        compute: { module: device.createShaderModule({ label: 'Matmul.tiledTrace.module', code: traceSource }), entryPoint: 'main', constants },
      }),
    );
    pipeline.catch(() => cache.delete(key));
    cache.set(key, pipeline);
  }
  const p = await pipeline;

  const owned: GPUBuffer[] = [];
  const padded = padForTrace(data.a, data.b, shape, tile);
  try {
    const slots = g.tilesX * g.tilesY * g.phases * tile * tile;
    const sizes = {
      tiles: g.tilesX * g.tilesY * 16,
      owner: detailed ? shape.m * shape.n * 4 : 16,
      trace: detailed ? slots * 16 : 16,
    };
    const { bufs, reads } = await withErrorScopes(device, 'Allocating trace buffers', () => {
      const mk = (label: string, size: number, usage: GPUBufferUsageFlags) => {
        const b = device.createBuffer({ label: `Matmul.trace.${label}`, size: Math.max(16, Math.ceil(size / 4) * 4), usage });
        owned.push(b);
        return b;
      };
      const S = GPUBufferUsage.STORAGE;
      const bufs = {
        a: mk('A', padded.a.byteLength, S | GPUBufferUsage.COPY_DST),
        b: mk('B', padded.b.byteLength, S | GPUBufferUsage.COPY_DST),
        c: mk('C', shape.m * shape.n * 4, S | GPUBufferUsage.COPY_SRC),
        dims: mk('dims', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST),
        tiles: mk('tiles', sizes.tiles, S | GPUBufferUsage.COPY_SRC),
        owner: mk('owner', sizes.owner, S | GPUBufferUsage.COPY_SRC),
        trace: mk('trace', sizes.trace, S | GPUBufferUsage.COPY_SRC),
      };
      const R = GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST;
      const reads = {
        c: mk('C.read', shape.m * shape.n * 4, R),
        tiles: mk('tiles.read', sizes.tiles, R),
        owner: mk('owner.read', sizes.owner, R),
        trace: mk('trace.read', sizes.trace, R),
      };
      device.queue.writeBuffer(bufs.a, 0, padded.a);
      device.queue.writeBuffer(bufs.b, 0, padded.b);
      device.queue.writeBuffer(bufs.dims, 0, new Uint32Array([shape.m, shape.k, shape.n, 0]));
      return { bufs, reads };
    });
    await withErrorScopes(device, 'Running the traced tiled kernel', () => {
      const bg = device.createBindGroup({
        label: 'Matmul.tiledTrace.bindGroup',
        layout: p.getBindGroupLayout(0),
        entries: [bufs.a, bufs.b, bufs.c, bufs.dims, bufs.tiles, bufs.owner, bufs.trace].map((buffer, binding) => ({ binding, resource: { buffer } })),
      });
      const enc = device.createCommandEncoder({ label: 'Matmul.tiledTrace.encoder' });
      const pass = enc.beginComputePass({ label: 'Matmul.tiledTrace.pass' });
      pass.setPipeline(p);
      pass.setBindGroup(0, bg);
      pass.dispatchWorkgroups(g.tilesX, g.tilesY, 1);
      pass.end();
      enc.copyBufferToBuffer(bufs.c, 0, reads.c, 0, reads.c.size);
      enc.copyBufferToBuffer(bufs.tiles, 0, reads.tiles, 0, reads.tiles.size);
      if (detailed) {
        enc.copyBufferToBuffer(bufs.owner, 0, reads.owner, 0, reads.owner.size);
        enc.copyBufferToBuffer(bufs.trace, 0, reads.trace, 0, reads.trace.size);
      }
      device.queue.submit([enc.finish()]);
    });
    const read = async (b: GPUBuffer, n: number) => {
      await b.mapAsync(GPUMapMode.READ);
      const out = new Uint32Array(b.getMappedRange().slice(0, n * 4));
      b.unmap();
      return out;
    };
    const race = makeGuard(ctx);
    const tiles = await race(read(reads.tiles, g.tilesX * g.tilesY * 4));
    const c = new Float32Array((await race(read(reads.c, shape.m * shape.n))).buffer);
    const owner = detailed ? await race(read(reads.owner, shape.m * shape.n)) : undefined;
    const trace = detailed ? await race(read(reads.trace, slots * 4)) : undefined;
    return { shape, tile, bounds, rowsPerInvocation: mapping.rowsPerInvocation, tiles, owner, trace, c };
  } finally {
    for (const b of owned) b.destroy();
  }
}

/**
 * Run the instrumented tiled kernel (shaders/tiled_trace.wgsl) once and read back what the GPU
 * recorded: which workgroup computed each C tile (always), and for small problems which element
 * every invocation loaded in every phase, the running partial sums and which workgroup stored each
 * C element. Not timed: the instrumentation changes the kernel's speed.
 */
import traceSource from '../../shaders/tiled_trace.wgsl?raw';
import type { MatmulData } from '../core/data';
import type { Shape, TileWidth } from '../core/shape';
import type { LaunchPlan } from '../core/kernels';
import { isPlanFailure, tiledMapping, tileGrid, type WorkgroupLimits } from '../core/tiling';
import { kTraceMaxMacs, padForTraceInSteps } from '../core/trace';
import { kTransferChunkBytes, makeSlicer } from './runner';
import { said } from '../core/said';
import { GpuRunError, withErrorScopes, type GpuContext } from './device';
import { OwnedBuffers, readBack } from './buffers';
import { getPipeline } from './pipelines';
import { makeGuard } from './lossGuard';

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
  /** A and B as the kernel read them (padForTrace): the stepper's model reads them (state/viz keeps them). */
  readonly padded: { readonly a: Float32Array; readonly b: Float32Array };
}

function rowsPerInvocation(tile: TileWidth, limits: WorkgroupLimits): number {
  const mapping = tiledMapping(tile, limits);
  if (isPlanFailure(mapping)) throw new GpuRunError(mapping.why, 'validation');
  return mapping.rowsPerInvocation;
}

export function traceable(s: Shape): boolean {
  return s.m * s.n * s.k <= kTraceMaxMacs;
}

/**
 * `plan`: the tiled kernel's launch plan for this shape and tile, when the caller has it (the
 * instrumented copy runs with the same TILE and ROWS); otherwise the mapping is worked out here.
 */
export async function runTraced(ctx: GpuContext, shape: Shape, tile: TileWidth, data: MatmulData, bounds: boolean, plan?: LaunchPlan): Promise<TraceResult> {
  const { device } = ctx;
  const rows = plan?.constants.ROWS ?? rowsPerInvocation(tile, ctx.info.limits);
  const g = tileGrid(shape, tile);
  const detailed = traceable(shape);
  const constants = { TILE: tile, ROWS: rows, BOUNDS: bounds ? 1 : 0, TRACE: detailed ? 1 : 0 };
  const p = await getPipeline(device, { label: 'Matmul.tiledTrace', source: traceSource, constants, what: said('viz:trace.what') });

  const owned = new OwnedBuffers(device, 'Matmul.trace');
  // Padded and uploaded in steps, the page getting a turn between them (at 4096³ A and B are 64 MB each, issue #39).
  const slice = makeSlicer();
  const padded = await padForTraceInSteps(data.a, data.b, shape, tile, slice, kTransferChunkBytes / 4);
  try {
    const slots = g.tilesX * g.tilesY * g.phases * tile * tile;
    const sizes = {
      tiles: g.tilesX * g.tilesY * 16,
      owner: detailed ? shape.m * shape.n * 4 : 16,
      trace: detailed ? slots * 16 : 16,
    };
    const { bufs, reads } = await withErrorScopes(device, said('viz:trace.allocating'), () => {
      const S = GPUBufferUsage.STORAGE;
      const bufs = {
        a: owned.create('A', padded.a.byteLength, S | GPUBufferUsage.COPY_DST),
        b: owned.create('B', padded.b.byteLength, S | GPUBufferUsage.COPY_DST),
        c: owned.create('C', shape.m * shape.n * 4, S | GPUBufferUsage.COPY_SRC),
        dims: owned.create('dims', 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST),
        tiles: owned.create('tiles', sizes.tiles, S | GPUBufferUsage.COPY_SRC),
        owner: owned.create('owner', sizes.owner, S | GPUBufferUsage.COPY_SRC),
        trace: owned.create('trace', sizes.trace, S | GPUBufferUsage.COPY_SRC),
      };
      const reads = {
        c: owned.createRead('C.read', shape.m * shape.n * 4),
        tiles: owned.createRead('tiles.read', sizes.tiles),
        owner: owned.createRead('owner.read', sizes.owner),
        trace: owned.createRead('trace.read', sizes.trace),
      };
      device.queue.writeBuffer(bufs.dims, 0, new Uint32Array([shape.m, shape.k, shape.n, 0]));
      return { bufs, reads };
    });
    const step = kTransferChunkBytes / 4;
    for (const [buf, src] of [[bufs.a, padded.a], [bufs.b, padded.b]] as const) {
      for (let i = 0; i < src.length; i += step) {
        await withErrorScopes(device, said('viz:trace.allocating'), () => device.queue.writeBuffer(buf, i * 4, src, i, Math.min(step, src.length - i)));
        await slice();
      }
    }
    await withErrorScopes(device, said('viz:trace.running'), () => {
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
    const guard = makeGuard(ctx);
    const read = async (b: GPUBuffer, n: number) => new Uint32Array(await readBack(b, n * 4, guard));
    const tiles = await read(reads.tiles, g.tilesX * g.tilesY * 4);
    const c = new Float32Array((await read(reads.c, shape.m * shape.n)).buffer);
    const owner = detailed ? await read(reads.owner, shape.m * shape.n) : undefined;
    const trace = detailed ? await read(reads.trace, slots * 4) : undefined;
    return { shape, tile, bounds, rowsPerInvocation: rows, tiles, owner, trace, c, padded };
  } finally {
    owned.destroy();
  }
}

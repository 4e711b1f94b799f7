/**
 * GPU buffers with an owner: each is labelled `${owner}.${name}`, and the owner destroys all of
 * them at once (every run frees what it made; e2e/memory.spec.ts counts). And the one read-back.
 */
export type Guard = <T>(p: Promise<T>) => Promise<T>;

const ceil4 = (n: number) => Math.ceil(n / 4) * 4;

export class OwnedBuffers {
  private readonly list: GPUBuffer[] = [];
  constructor(
    private readonly device: GPUDevice,
    private readonly owner: string,
  ) {}

  /** A new buffer of at least `size` bytes (a multiple of 4, at least 16). */
  create(name: string, size: number, usage: GPUBufferUsageFlags): GPUBuffer {
    const b = this.device.createBuffer({ label: `${this.owner}.${name}`, size: Math.max(16, ceil4(size)), usage });
    this.list.push(b);
    return b;
  }

  /** A buffer for reading `size` bytes back to the CPU (see readBack). */
  createRead(name: string, size: number): GPUBuffer {
    return this.create(name, size, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);
  }

  /** Bytes held. */
  get bytes(): number {
    return this.list.reduce((sum, b) => sum + b.size, 0);
  }

  destroy(): void {
    for (const b of this.list.splice(0)) b.destroy();
  }
}

/**
 * The first `bytes` of a MAP_READ buffer whose copy has been submitted, as a fresh ArrayBuffer
 * (the mapping is released before returning). `guard` ends the wait when the device is lost or
 * the run is cancelled.
 */
export async function readBack(buffer: GPUBuffer, bytes: number, guard: Guard): Promise<ArrayBuffer> {
  const size = Math.max(4, ceil4(bytes));
  await guard(buffer.mapAsync(GPUMapMode.READ, 0, size));
  const out = buffer.getMappedRange(0, size).slice(0);
  buffer.unmap();
  return out.byteLength === bytes ? out : out.slice(0, bytes);
}

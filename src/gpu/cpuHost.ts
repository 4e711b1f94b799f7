/**
 * The client of the CPU jobs (core/worker/protocol.ts): promises for requests, progress callbacks,
 * and cancel by AbortSignal (the promise rejects at once with a 'cancelled' GpuRunError; the job
 * stops at its next step). Served by a Web Worker where the app installs one (cpuWorkerHost.ts),
 * inline otherwise (the headless bench): the same code either way. No DOM.
 */
import { said, type Said } from '../core/said';
import type { Step } from '../core/data';
import type { CBlock } from '../core/tiling';
import { CpuJobs, type CpuReply, type CpuRequest, type DataKey, type DotAnswer, type VerifyAnswer } from '../core/worker/protocol';
import type { DotPattern } from '../core/dot';
import { GpuRunError } from './device';

/** Where requests go and replies come from: a worker's postMessage, or CpuJobs in this thread. */
export interface CpuPort {
  readonly kind: 'worker' | 'inline';
  send(req: CpuRequest, transfer: Transferable[]): void;
  /** Installs the one reply handler, and what to do when the port breaks (a worker that failed to load or crashed). */
  listen(onReply: (r: CpuReply) => void, onBroken: (why: string | Said) => void): void;
  /** Ends the port (a worker is terminated). */
  close(): void;
}

/** CpuJobs in this thread (replies arrive asynchronously, as from a worker). */
export function inlinePort(): CpuPort {
  let onReply: (r: CpuReply) => void = () => undefined;
  const jobs = new CpuJobs((r) => queueMicrotask(() => onReply(r)));
  return {
    kind: 'inline',
    send: (req) => setTimeout(() => jobs.handle(req), 0),
    listen: (f) => {
      onReply = f;
    },
    close: () => undefined,
  };
}

interface CallOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (s: Step) => void;
}

const cancelledError = () => new GpuRunError(said('common:cpu.cancelled'), 'cancelled');

export class CpuHost {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void; onProgress?: (s: Step) => void }>();

  /** Set when the port broke: the next cpuHost() makes an inline one. */
  broken = false;

  constructor(private readonly port: CpuPort) {
    port.listen((r) => {
      const w = this.waiting.get(r.id);
      if (!w) return;
      if (r.kind === 'progress') return w.onProgress?.(r.step);
      this.waiting.delete(r.id);
      if (r.kind === 'done') w.resolve(r.value);
      else w.reject(r.cancelled ? cancelledError() : new GpuRunError(said('common:cpu.failed', { message: r.message }), 'internal'));
    }, (why) => {
      this.broken = true;
      for (const w of this.waiting.values()) w.reject(new GpuRunError(said('common:cpu.workerStopped', { why }), 'internal'));
      this.waiting.clear();
    });
  }

  get kind(): CpuPort['kind'] {
    return this.port.kind;
  }

  private call<T>(make: (id: number) => CpuRequest, transfer: Transferable[], opts: CallOptions = {}): Promise<T> {
    if (opts.signal?.aborted) return Promise.reject(cancelledError());
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        if (!this.waiting.delete(id)) return;
        this.port.send({ id: ++this.seq, op: 'cancel', target: id }, []);
        reject(cancelledError());
      };
      this.waiting.set(id, {
        resolve: (v) => {
          opts.signal?.removeEventListener('abort', onAbort);
          resolve(v as T);
        },
        reject: (e) => {
          opts.signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
        ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      });
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      this.port.send(make(id), transfer);
    });
  }

  /** Generates A and B for `key` (kept for rows and verify); progress in elements. */
  prepare(key: DataKey, opts?: CallOptions): Promise<{ exact: boolean }> {
    return this.call((id) => ({ id, op: 'prepare', key }), [], opts);
  }

  /** Rows of A or B, padded to `colsP` columns (see paddedRows). */
  rows(key: DataKey, matrix: 'a' | 'b', row0: number, count: number, colsP: number, opts?: CallOptions): Promise<Float32Array> {
    return this.call((id) => ({ id, op: 'rows', key, matrix, row0, count, colsP }), [], opts);
  }

  /** Verifies C (moved to the worker and not given back: `c` is unusable once this is called). */
  verify(key: DataKey, c: Float32Array, block: number | CBlock, opts?: CallOptions & { readonly sampleSeed?: number; readonly half?: boolean }): Promise<VerifyAnswer> {
    const sampleSeed = opts?.sampleSeed;
    const half = opts?.half === true;
    return this.call<VerifyAnswer>((id) => ({ id, op: 'verify', key, c, block, ...(sampleSeed !== undefined ? { sampleSeed } : {}), ...(half ? { half } : {}) }), [c.buffer], opts);
  }

  /** Every element of C checked (elementErrors: 1 where wrong); `c` moves to the worker. */
  errors(key: DataKey, c: Float32Array, opts?: CallOptions): Promise<{ wrong: Uint8Array; count: number }> {
    return this.call((id) => ({ id, op: 'errors', key, c }), [c.buffer], opts);
  }

  /** The dot product's vectors and their reference, made where the CPU work runs (a and b move here). */
  dot(n: number, pattern: DotPattern, seed: number, opts?: CallOptions): Promise<DotAnswer> {
    return this.call((id) => ({ id, op: 'dot', n, pattern, seed }), [], opts);
  }

  /** Frees the data set held for the runs. */
  release(): Promise<void> {
    return this.call((id) => ({ id, op: 'release' }), []);
  }

  close(): void {
    this.port.close();
    for (const w of this.waiting.values()) w.reject(cancelledError());
    this.waiting.clear();
  }
}

let host: CpuHost | undefined;
let makePort: () => CpuPort = inlinePort;

/** Where the CPU work runs from now on (the app installs a worker port; the default is inline). */
export function setCpuPort(make: () => CpuPort): void {
  host?.close();
  host = undefined;
  makePort = make;
}

/** The one host (created on first use). */
export function cpuHost(): CpuHost {
  if (host?.broken) {
    host.close();
    host = undefined;
    makePort = inlinePort;
  }
  host ??= new CpuHost(makePort());
  return host;
}

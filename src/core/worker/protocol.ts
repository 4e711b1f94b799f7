/**
 * The CPU side of a run, off the page's main thread: generating A and B, handing them out in
 * chunks of rows for the upload, and verifying C against the f64 reference. One message protocol,
 * served by CpuJobs in a Web Worker (cpu.worker.ts) or inline where the runtime has no workers
 * (the headless bench under Node). Plain data and transferable ArrayBuffers only; no DOM.
 *
 * Every request carries an id; the answer is one `done` or `fail` with that id, after any number of
 * `progress` messages. `cancel` (by id) stops a job at its next step: it fails with `cancelled`.
 */
import { dataSteps, paddedRows, type MatmulData, type Pattern, type Step } from '../data';
import { elementErrors, verifySteps, type Verification } from '../reference';
import type { Shape } from '../shape';
import type { CBlock } from '../tiling';
import { dotDataSteps, dotReferenceSteps, type DotData, type DotPattern, type DotReference } from '../dot';

/** The data set a request is about (the key of the worker's one cached data set). */
export interface DataKey {
  readonly shape: Shape;
  readonly pattern: Pattern;
  readonly seed: number;
}

export const dataKeyString = (k: DataKey) => `${k.shape.m}x${k.shape.k}x${k.shape.n}|${k.pattern}|${k.seed}`;

export type CpuRequest =
  /** Generate A and B (kept for the requests that follow); answers `{ exact }`. */
  | { readonly id: number; readonly op: 'prepare'; readonly key: DataKey }
  /** Rows [row0, row0 + count) of A or B as rows of `colsP` columns (zeros past the matrix); answers a Float32Array (transferred). */
  | { readonly id: number; readonly op: 'rows'; readonly key: DataKey; readonly matrix: 'a' | 'b'; readonly row0: number; readonly count: number; readonly colsP: number }
  /**
   * Verify C (transferred in and dropped there: nobody on the page uses it after the check); answers
   * `{ verification }`. `sampleSeed`: the seed of a sampled check's random entries (the data's seed
   * when absent); a seed drawn after the run makes the entries checked unknowable to the kernel.
   */
  | { readonly id: number; readonly op: 'verify'; readonly key: DataKey; readonly c: Float32Array; readonly block: number | CBlock; readonly sampleSeed?: number; readonly half?: boolean }
  /** Every element of C checked (elementErrors); answers `{ wrong, count }` (wrong transferred). */
  | { readonly id: number; readonly op: 'errors'; readonly key: DataKey; readonly c: Float32Array }
  /** The dot product's vectors and their f64 reference (dotData, dotReference); answers a DotAnswer (a and b transferred). */
  | { readonly id: number; readonly op: 'dot'; readonly n: number; readonly pattern: DotPattern; readonly seed: number }
  /** Stop the job with id `target` at its next step. */
  | { readonly id: number; readonly op: 'cancel'; readonly target: number }
  /** Drop the cached data set (its memory). */
  | { readonly id: number; readonly op: 'release' };

export type CpuReply =
  | { readonly id: number; readonly kind: 'progress'; readonly step: Step }
  | { readonly id: number; readonly kind: 'done'; readonly value: unknown }
  | { readonly id: number; readonly kind: 'fail'; readonly message: string; readonly cancelled: boolean };

/** The dot product's data, made off the page's thread, with its reference. */
export interface DotAnswer extends DotData {
  readonly reference: DotReference;
}

export interface VerifyAnswer {
  readonly verification: Verification;
}

/** Sends a reply, transferring the listed buffers. */
export type Post = (reply: CpuReply, transfer: Transferable[]) => void;

/** How long a job runs between two chances to read messages (a cancel) and report progress. */
export const kSliceMs = 30;

class Cancelled extends Error {}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

/** Serves CpuRequests; keeps one data set (the last one prepared). */
export class CpuJobs {
  private data: { key: string; d: MatmulData } | undefined;
  /** The data set being generated (a second request for it waits for the first). */
  private pending: { key: string; p: Promise<MatmulData> } | undefined;
  private readonly cancelled = new Set<number>();

  constructor(private readonly post: Post) {}

  handle(req: CpuRequest): void {
    if (req.op === 'cancel') {
      this.cancelled.add(req.target);
      return;
    }
    if (req.op === 'release') {
      this.data = undefined;
      this.pending = undefined;
      this.post({ id: req.id, kind: 'done', value: null }, []);
      return;
    }
    this.run(req).then(
      ({ value, transfer }) => this.post({ id: req.id, kind: 'done', value }, transfer),
      (e: unknown) => this.post({ id: req.id, kind: 'fail', message: e instanceof Error ? e.message : String(e), cancelled: e instanceof Cancelled }, []),
    ).finally(() => this.cancelled.delete(req.id));
  }

  /** Runs a stepped job in slices of about kSliceMs, reporting progress and checking for a cancel between slices. */
  private async steps<T>(id: number, gen: Generator<Step, T, void>): Promise<T> {
    let sliceStart = now();
    for (;;) {
      const r = gen.next();
      if (r.done) return r.value;
      if (now() - sliceStart >= kSliceMs) {
        this.post({ id, kind: 'progress', step: r.value }, []);
        await nextTask();
        if (this.cancelled.has(id)) throw new Cancelled('cancelled');
        sliceStart = now();
      }
    }
  }

  private async dataFor(id: number, key: DataKey): Promise<MatmulData> {
    const k = dataKeyString(key);
    if (this.data?.key === k) return this.data.d;
    if (this.pending?.key !== k) {
      this.data = undefined; // one data set at a time: free the old one first
      const p = this.steps(id, dataSteps(key.shape, key.pattern, key.seed));
      this.pending = { key: k, p };
      p.then(
        (d) => {
          if (this.pending?.p === p) {
            this.data = { key: k, d };
            this.pending = undefined;
          }
        },
        () => {
          if (this.pending?.p === p) this.pending = undefined;
        },
      );
    }
    return this.pending.p;
  }

  private async run(req: Exclude<CpuRequest, { op: 'cancel' | 'release' }>): Promise<{ value: unknown; transfer: Transferable[] }> {
    await nextTask(); // a cancel sent right after the request is seen before any work
    if (this.cancelled.has(req.id)) throw new Cancelled('cancelled');
    if (req.op === 'dot') {
      const data = await this.steps(req.id, dotDataSteps(req.n, req.pattern, req.seed));
      const reference = await this.steps(req.id, dotReferenceSteps(data));
      const answer: DotAnswer = { ...data, reference };
      return { value: answer, transfer: [data.a.buffer, data.b.buffer] };
    }
    const d = await this.dataFor(req.id, req.key);
    const s = req.key.shape;
    switch (req.op) {
      case 'prepare':
        return { value: { exact: d.exact }, transfer: [] };
      case 'rows': {
        const [src, rows, cols] = req.matrix === 'a' ? [d.a, s.m, s.k] : [d.b, s.k, s.n];
        const out = paddedRows(src, rows, cols, req.colsP, req.row0, req.count);
        return { value: out, transfer: [out.buffer] };
      }
      case 'verify': {
        const verification = await this.steps(req.id, verifySteps(d, s, req.c, req.block, req.sampleSeed ?? req.key.seed, req.half === true));
        const answer: VerifyAnswer = { verification };
        return { value: answer, transfer: [] };
      }
      case 'errors': {
        const e = elementErrors(d, s, req.c);
        return { value: e, transfer: [e.wrong.buffer] };
      }
    }
  }
}

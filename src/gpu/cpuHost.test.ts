import '../i18n'; // registers how a message is said (core/said.ts sayNow)
import { describe, expect, it, vi } from 'vitest';
import { makeData, paddedRows } from '../core/data';
import { dotData, dotReference } from '../core/dot';
import { elementErrors, verify } from '../core/reference';
import { CpuJobs, type CpuReply, type CpuRequest } from '../core/worker/protocol';
import { CpuHost, inlinePort, type CpuPort } from './cpuHost';
import { GpuRunError } from './device';

/** A port that records every message, like a worker's, with CpuJobs behind it (structured clone included). */
function recordingPort(log: { req: CpuRequest[]; rep: CpuReply[] }): CpuPort {
  let onReply: (r: CpuReply) => void = () => undefined;
  const jobs = new CpuJobs((r, transfer) => {
    log.rep.push(r);
    const copy = structuredClone(r, { transfer });
    setTimeout(() => onReply(copy), 0);
  });
  return {
    kind: 'worker',
    send: (req, transfer) => {
      log.req.push(req);
      const copy = structuredClone(req, { transfer });
      setTimeout(() => jobs.handle(copy), 0);
    },
    listen: (f) => {
      onReply = f;
    },
    close: () => undefined,
  };
}

const key = (m: number, k: number, n: number, pattern: 'random' | 'integers' = 'random', seed = 7) => ({ shape: { m, k, n }, pattern, seed });

describe('the CPU jobs protocol', () => {
  it('dot makes the same vectors and reference as dotData and dotReference on this thread, moved to the page (issue #26)', async () => {
    const log = { req: [] as CpuRequest[], rep: [] as CpuReply[] };
    const host = new CpuHost(recordingPort(log));
    for (const [n, pattern] of [[1, 'random'], [200_003, 'random'], [70_000, 'closed-form']] as const) {
      const d = dotData(n, pattern, 5);
      const got = await host.dot(n, pattern, 5);
      expect(got.a).toEqual(d.a);
      expect(got.b).toEqual(d.b);
      expect(got.reference).toEqual(dotReference(d));
    }
  });

  it('prepare, rows and verify give what the same functions give on this thread', async () => {
    const host = new CpuHost(inlinePort());
    const k = key(37, 29, 41);
    const d = makeData(k.shape, k.pattern, k.seed);
    expect(await host.prepare(k)).toEqual({ exact: d.exact });
    // Rows of A padded to 32 columns, past the end included (zeros).
    const rows = await host.rows(k, 'a', 30, 10, 32);
    expect(Array.from(rows)).toEqual(Array.from(paddedRows(d.a, 37, 29, 32, 30, 10)));
    expect(rows.subarray(7 * 32).every((v) => v === 0)).toBe(true);
    const b = await host.rows(k, 'b', 0, 29, 41);
    expect(Array.from(b)).toEqual(Array.from(d.b));
    // A C with one wrong entry: the same verdict as verify().
    const c = new Float32Array(37 * 41);
    for (let i = 0; i < 37; i++)
      for (let j = 0; j < 41; j++) {
        let s = 0;
        for (let q = 0; q < 29; q++) s += d.a[i * 29 + q]! * d.b[q * 41 + j]!;
        c[i * 41 + j] = s;
      }
    c[5] = c[5]! + 1;
    const want = verify(d, k.shape, c, 16, k.seed);
    const got = await host.verify(k, c.slice(), 16);
    expect(got.verification).toEqual(want);
    expect(got.verification.ok).toBe(false);
    expect(got, 'C is not sent back: nothing on the page uses it once checked').not.toHaveProperty('c');
    // Every element checked: the same map as elementErrors().
    const e = await host.errors(k, c.slice());
    expect(e).toEqual(elementErrors(d, k.shape, c));
    expect(e.count).toBe(1);
    expect(e.wrong[5]).toBe(1);
  });

  it('moves buffers instead of copying them (transfer); C goes to the worker and does not come back', async () => {
    const log = { req: [] as CpuRequest[], rep: [] as CpuReply[] };
    const host = new CpuHost(recordingPort(log));
    const k = key(16, 16, 16, 'integers');
    await host.prepare(k);
    const c = new Float32Array(256);
    const pending = host.verify(k, c, 8);
    expect(c.byteLength, 'C was transferred to the worker').toBe(0);
    const answer = await pending;
    const { verification } = answer;
    expect(Object.keys(answer)).toEqual(['verification']);
    expect(verification.ok).toBe(false); // zeros are not the product
    const rows = await host.rows(k, 'a', 0, 16, 16);
    expect(rows.length).toBe(256);
    const sent = log.rep.find((r) => r.kind === 'done' && r.value instanceof Float32Array);
    expect(sent && (sent as { value: Float32Array }).value.byteLength, 'the worker’s copy was transferred').toBe(0);
  });

  it('reports progress while generating a large data set, and a cancel rejects at once and stops the job', async () => {
    const log = { req: [] as CpuRequest[], rep: [] as CpuReply[] };
    const host = new CpuHost(recordingPort(log));
    const steps: number[] = [];
    const ac = new AbortController();
    const k = key(2048, 2048, 2048);
    // Cancel on the first progress report: the job is then under way and far from done (a fixed
    // wait raced with the machine's speed: on an idle machine the data was ready before it).
    const p = host.prepare(k, {
      signal: ac.signal,
      onProgress: (s) => {
        steps.push(s.done / s.total);
        if (steps.length === 1) ac.abort();
      },
    });
    await expect(p).rejects.toBeInstanceOf(GpuRunError);
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' });
    expect(log.req.some((r) => r.op === 'cancel')).toBe(true);
    // The job itself ended as cancelled, before finishing: its last reply, whenever the machine gets to
    // it (a fixed 200 ms wait raced with a loaded machine's speed, issue #50).
    const end = await vi.waitFor(
      () => {
        const reply = log.rep.find((r) => r.id === log.req[0]!.id && r.kind !== 'progress');
        if (!reply) throw new Error('the job has not ended yet');
        return reply;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(end).toMatchObject({ kind: 'fail', cancelled: true });
    expect(steps.every((f, i) => f > 0 && f < 1 && (i === 0 || f >= steps[i - 1]!))).toBe(true);
  });

  it('a signal aborted before the call never sends work', async () => {
    const log = { req: [] as CpuRequest[], rep: [] as CpuReply[] };
    const host = new CpuHost(recordingPort(log));
    const ac = new AbortController();
    ac.abort();
    await expect(host.prepare(key(8, 8, 8), { signal: ac.signal })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(log.req).toEqual([]);
  });

  it('a broken port fails every waiting call with the reason', async () => {
    let broken: (why: string) => void = () => undefined;
    const host = new CpuHost({ kind: 'worker', send: () => undefined, listen: (_f, b) => (broken = b), close: () => undefined });
    const p = host.prepare(key(8, 8, 8));
    broken('it could not be loaded');
    await expect(p).rejects.toThrow(/could not be loaded/);
    expect(host.broken).toBe(true);
  });
});

import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * Share links made in the test from a JSON payload, by the link's documented format (what
 * src/core/share.ts encodeShare writes), so a spec can open any results without a sweep:
 *   r2.<base64url( first 12 bytes of SHA-256(JSON) ‖ deflate-raw(JSON) )>
 * The checksum is always right: an edited link made here is what someone who edits a link and
 * recomputes the checksum makes.
 */
export const kLinkPrefix = 'r2.';
const kSumBytes = 12;

export interface LinkPoint {
  kernel: string;
  tile: number | null;
  size: number;
  [k: string]: unknown;
}

export interface LinkPayload {
  v: 2;
  app: string;
  date: string;
  config: { sizes: number[]; kernels: string[]; tile: number; warmups: number; samples: number; stop?: Record<string, number> };
  device: { vendor: string; architecture: string; description: string; features: string[]; limits: Record<string, number>; browser: string; timing: 'gpu-timestamp' | 'wall-clock' };
  points: LinkPoint[];
  label?: string;
  withheld?: string[];
}

export function forgeLink(value: unknown): string {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  const sum = createHash('sha256').update(json).digest().subarray(0, kSumBytes);
  return kLinkPrefix + Buffer.concat([sum, deflateRawSync(json)]).toString('base64url');
}

/** The JSON payload a link carries (no checks). */
export function readLink(link: string): LinkPayload {
  const bytes = Buffer.from(link.slice(link.indexOf(kLinkPrefix) + kLinkPrefix.length), 'base64url');
  return JSON.parse(inflateRawSync(bytes.subarray(kSumBytes)).toString('utf8')) as LinkPayload;
}

export const gflopsAt = (size: number, ms: number): number => (2 * size ** 3) / (ms * 1e6);

/** A measured, verified point whose figures agree with each other and are trusted (1 ms and more, spread 10%). */
export function trustedPoint(kernel: string, tile: number | null, size: number, gflops: number): LinkPoint {
  const medianMs = Math.max(1, (2 * size ** 3) / (gflops * 1e6));
  return {
    kernel,
    tile,
    size,
    clock: 'gpu-timestamp',
    samples: 10,
    dispatchesPerSample: 1,
    medianMs,
    minMs: medianMs * 0.95,
    maxMs: medianMs * 1.05,
    gflops: gflopsAt(size, medianMs),
    verified: true,
    checked: size * size,
    maxRelError: 5e-8,
    relTolerance: 2 * 2 ** -24,
  };
}

/** A results payload for kernels × sizes (kernels: ids with whether they use the tile), every point trusted. */
export function samplePayload(kernels: ReadonlyArray<{ id: string; usesTile: boolean }>, sizes: readonly number[], extra: Partial<LinkPayload> = {}): LinkPayload {
  const tile = 8;
  return {
    v: 2,
    app: '0.0.0-test',
    date: '2026-11-20T12:00:00.000Z',
    config: { sizes: [...sizes], kernels: kernels.map((k) => k.id), tile, warmups: 1, samples: 3 },
    device: { vendor: 'nvidia', architecture: 'ada', description: '', features: [], limits: {}, browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0', timing: 'gpu-timestamp' },
    points: sizes.flatMap((size) => kernels.map((k, i) => trustedPoint(k.id, k.usesTile ? tile : null, size, 100 * (i + 1) * Math.log2(size)))),
    ...extra,
  };
}

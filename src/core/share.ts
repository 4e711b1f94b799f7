/**
 * Share links: the configuration, results, device report, app version and date of a benchmark,
 * as JSON → deflate (the platform's CompressionStream) → base64url, in the URL fragment.
 * Decoding never trusts the link: a length cap, strict base64url, a cap on the inflated size,
 * strict UTF-8, JSON.parse, then a schema (zod). Any failure is a ShareError with a message.
 */
import { z } from './zod';
import { kMaxDimension } from './input';
import { kKernelIdList } from './kernels';


export const kShareVersion = 1;
/** Longest fragment accepted (characters). */
export const kMaxLinkChars = 48_000;
/** Largest inflated JSON accepted (bytes). */
export const kMaxJsonBytes = 512 * 1024;
export const kSharePrefix = `r${kShareVersion}.`;

const str = (max: number) => z.string().max(max);
const num = z.number().refine(Number.isFinite, 'must be finite');
const dim = z.number().int().min(1).max(kMaxDimension);

const PointSchema = z
  .object({
    kernel: z.enum(kKernelIdList),
    tile: z.union([z.literal(2), z.literal(4), z.literal(8), z.literal(16), z.literal(32), z.null()]),
    size: dim,
    skipped: str(300).optional(),
    error: str(300).optional(),
    clock: z.enum(['gpu-timestamp', 'wall-clock']).optional(),
    samples: z.number().int().min(1).max(1000).optional(),
    dispatchesPerSample: z.number().int().min(1).max(10_000).optional(),
    medianMs: num.min(0).optional(),
    minMs: num.min(0).optional(),
    maxMs: num.min(0).optional(),
    gflops: num.min(0).optional(),
    verified: z.boolean().optional(),
    checked: z.number().int().min(0).optional(),
    maxRelError: num.min(0).nullable().optional(),
    constants: z.record(z.string().regex(/^[A-Z_]{1,16}$/), z.number().int().min(0).max(65536)).optional(),
  })
  .strict();

const DeviceSchema = z
  .object({
    vendor: str(120),
    architecture: str(120),
    description: str(300),
    features: z.array(str(64)).max(64),
    limits: z.record(str(64), num).refine((r) => Object.keys(r).length <= 64, 'too many limits'),
    browser: str(400),
    timing: z.enum(['gpu-timestamp', 'wall-clock']),
  })
  .strict();

export const SharePayloadSchema = z
  .object({
    v: z.literal(kShareVersion),
    app: str(32),
    date: z.iso.datetime(),
    config: z
      .object({
        sizes: z.array(dim).min(1).max(64),
        kernels: z.array(z.enum(kKernelIdList)).min(1).max(16),
        tile: z.union([z.literal(2), z.literal(4), z.literal(8), z.literal(16), z.literal(32)]),
        warmups: z.number().int().min(0).max(20),
        samples: z.number().int().min(0).max(1000),
      })
      .strict(),
    device: DeviceSchema,
    points: z.array(PointSchema).max(1024),
  })
  .strict();

export type SharePayload = z.infer<typeof SharePayloadSchema>;

export class ShareError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShareError';
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new ShareError('The link contains characters that cannot be part of a results link.');
  if (s.length % 4 === 1) throw new ShareError('The link is truncated (its data has an impossible length).');
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipeThrough(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, cap: number): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  const done = writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  done.catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    total += value.length;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      throw new ShareError(`The link's data is too large once unpacked (over ${Math.round(cap / 1024)} KiB).`);
    }
    chunks.push(value);
  }
  await done;
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

export async function encodeShare(p: SharePayload): Promise<string> {
  const checked = SharePayloadSchema.parse(p);
  const json = new TextEncoder().encode(JSON.stringify(checked));
  const packed = await pipeThrough(json, new CompressionStream('deflate-raw'), Infinity);
  const s = kSharePrefix + toBase64Url(packed);
  if (s.length > kMaxLinkChars) throw new ShareError(`These results are too large for a link (${s.length} characters; at most ${kMaxLinkChars}).`);
  return s;
}

/** Decode a fragment value (without '#r='); throws ShareError with a reason a person can read. */
export async function decodeShare(s: string): Promise<SharePayload> {
  if (s.length > kMaxLinkChars) throw new ShareError(`The link is too long (${s.length} characters; at most ${kMaxLinkChars}).`);
  if (!s.startsWith('r')) throw new ShareError('This is not a Tiles results link.');
  if (!s.startsWith(kSharePrefix)) throw new ShareError(`This results link is from another version of the format (expected ${kSharePrefix}…).`);
  const bytes = fromBase64Url(s.slice(kSharePrefix.length));
  if (bytes.length === 0) throw new ShareError('The link holds no data (it may be truncated).');
  let json: Uint8Array;
  try {
    json = await pipeThrough(bytes, new DecompressionStream('deflate-raw'), kMaxJsonBytes);
  } catch (e) {
    if (e instanceof ShareError) throw e;
    throw new ShareError('The link is damaged or truncated: its data does not unpack.');
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    throw new ShareError('The link is damaged: its data is not valid JSON.');
  }
  const r = SharePayloadSchema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ShareError(`The link's data does not have the expected form${issue ? ` (${issue.path.join('.') || 'top level'}: ${issue.message})` : ''}.`);
  }
  return r.data;
}

/** The value of `r` in a URL fragment like `#r=r1.xxxx`, if any. */
export function shareFromHash(hash: string): string | undefined {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!h) return undefined;
  const m = /(?:^|&)r=([^&]*)/.exec(h);
  return m ? m[1] : undefined;
}

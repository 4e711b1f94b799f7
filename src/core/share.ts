/**
 * Share links: the configuration, results, device report, app version and date of a benchmark,
 * as JSON → deflate (the platform's CompressionStream) → base64url, in the URL fragment:
 *
 *   r2.<base64url( checksum ‖ deflate-raw(JSON) )>
 *
 * The checksum is the first 12 bytes of SHA-256 over the JSON (Web Crypto), checked on open: a
 * link damaged in transit or edited by hand is refused, never shown with altered figures. (It is
 * not a signature: with no server and no secret, someone who recomputes it can still forge a
 * link; the schema's cross-field rules then still refuse figures that contradict each other.)
 * Decoding never trusts the link: a length cap, strict base64url, a cap on the inflated size,
 * the checksum, strict UTF-8, JSON.parse, then a schema (zod) with cross-field rules. Any failure
 * is a ShareError with a reason a person can act on: its code and figures (ShareFailure), put into
 * words in the reader's language when shown (shareFailureText). Nothing in a link depends on the
 * language of whoever made it: the payload holds figures, codes and the device's own strings.
 */
import { fromBase64Url, toBase64Url } from './base64url';
import { text, z } from './zod';
import { DeviceSchema, kMaxPlausibleGflops, PointSchema, pointsMatchConfig, relTolerance, SweepConfigSchema } from './bench';
import { ClockSchema } from './clock';
import { kBankKinds, kGlobalKinds } from './probes';

const rate = () => z.number().check(z.refine<number>(Number.isFinite, { error: 'finite', params: { rule: 'finite' } }), z.minimum(0), z.maximum(kMaxPlausibleGflops));

/**
 * The measured roofline of the sender's GPU (core/roofline RooflineFigures), optional: links made
 * before it, or with no roofline run, open as before.
 */
export const RooflineShareSchema = z.strictObject({
  bandwidthGbs: rate(),
  builtinGbs: rate(),
  fmaGflops: rate(),
  verified: z.boolean(),
  clock: ClockSchema,
  runs: z.number().check(z.int(), z.minimum(0), z.maximum(1000)),
  copyMib: rate(),
  fmaGflop: rate(),
  scale: z.enum(['small', 'large']),
  /**
   * The medians behind the three rates (ms per dispatch): with them each rate is checked against
   * its own bytes or FLOP (core/trust rooflineFigureTrust). Absent in links made before they travelled.
   */
  copyMs: z.optional(rate()),
  builtinMs: z.optional(rate()),
  fmaMs: z.optional(rate()),
  /**
   * The tensor roof (core/roofline TensorFigures), where the sender's adapter could run its probe.
   * Optional: links made before it travelled, or from a GPU without subgroup matrices, open as before.
   */
  tensor: z.optional(
    z.strictObject({
      gflops: rate(),
      gflop: rate(),
      ms: rate(),
      runs: z.number().check(z.int(), z.minimum(0), z.maximum(1000)),
      clock: ClockSchema,
      verified: z.boolean(),
    }),
  ),
});

/** One probe's figures as the sender measured them: per variant, its median, rate and verdicts. */
const probeShare = <K extends string>(kinds: readonly [K, ...K[]]) =>
  z.strictObject({
    /** MiB one dispatch reads (global memory, or workgroup memory for the bank probe). */
    mib: rate(),
    /** Measured on a software adapter (its ratios say nothing about GPUs). */
    software: z.boolean(),
    clock: ClockSchema,
    variants: z.readonly(
      z
        .array(
          z.strictObject({
            kind: z.enum(kinds),
            medianMs: rate(),
            gbps: rate(),
            runs: z.number().check(z.int(), z.minimum(0), z.maximum(1000)),
            /** Every sum matched the CPU's. */
            verified: z.boolean(),
            /** The sender's trust rule held for its time (core/trust). */
            trusted: z.boolean(),
          }),
        )
        .check(
          z.minLength(1),
          z.maxLength(kinds.length),
          // Each variant once: a second one of a kind would make its ratio ambiguous.
          z.refine((vs) => new Set(vs.map((v) => v.kind)).size === vs.length, { error: 'duplicateVariant', params: { rule: 'duplicateVariant' } }),
        ),
    ),
  });

/**
 * The coalescing and bank-conflict probes the sender ran (the ladder view), optional like the
 * roofline: links made before them, or with no probe run, open as before.
 */
export const ProbesShareSchema = z.strictObject({
  coalescing: z.optional(probeShare(kGlobalKinds as readonly ['coalesced', 'strided'])),
  banks: z.optional(probeShare(kBankKinds as readonly ['rows', 'columns', 'padded'])),
});
export type ProbesShare = z.infer<typeof ProbesShareSchema>;

/**
 * Version 2 added the checksum and the points' tolerance; version 1 links carry neither. Fields
 * added since are optional, so every r2 link made before them still opens: `label` (the sender's
 * own words about the machine) and `withheld` (the device fields the sender chose not to reveal).
 */
export const kShareVersion = 2;
/** Longest fragment accepted (characters). */
export const kMaxLinkChars = 48_000;
/** Largest inflated JSON accepted (bytes). */
export const kMaxJsonBytes = 512 * 1024;
export const kSharePrefix = `r${kShareVersion}.`;
/** Bytes of SHA-256 kept: 96 bits, so a damaged link passes by chance with odds of 1 in 8·10^28. */
export const kChecksumBytes = 12;

/** Why a link was refused, as data: the words are made when shown (shareFailureText). */
export type ShareFailure =
  | { readonly reason: 'tooLong' | 'tooBig'; readonly n: number }
  | { readonly reason: 'tooLarge'; readonly cap: number }
  /** The prefix said version 2, the data another (`v`): made by another version, or by hand. */
  | { readonly reason: 'version'; readonly v: number }
  | { readonly reason: 'form'; readonly issue?: z.core.$ZodIssue }
  | { readonly reason: 'foreign' | 'older' | 'newer' | 'characters' | 'truncated' | 'damaged' | 'unpack' | 'notJson' | 'unreadable' };

/** Longest label a sender may give a link (characters). */
export const kMaxLabelChars = 120;

import { kWithholdable, type ShareChoice } from './benchDefaults';

export { kDefaultShareChoice, kWithholdable, type ShareChoice, type Withholdable } from './benchDefaults';

/**
 * A payload as the sender chose to share it: withheld fields emptied and named in `withheld`, the
 * label trimmed (none when empty). The payload kept in this browser stays whole.
 */
export function applyShareChoice(p: SharePayload, choice: ShareChoice): SharePayload {
  const withheld = kWithholdable.filter((f) => !choice.include[f]);
  const d = p.device;
  const device = {
    ...d,
    description: withheld.includes('description') ? '' : d.description,
    limits: withheld.includes('limits') ? {} : d.limits,
    features: withheld.includes('features') ? [] : d.features,
  };
  const label = choice.label.trim().slice(0, kMaxLabelChars);
  const { label: _l, withheld: _w, ...rest } = p;
  return { ...rest, device, ...(label ? { label } : {}), ...(withheld.length > 0 ? { withheld } : {}) };
}

export const SharePayloadSchema = z
  .strictObject({
    v: z.literal(kShareVersion),
    app: text(32),
    date: z.iso.datetime(),
    config: SweepConfigSchema,
    device: DeviceSchema,
    points: z.array(PointSchema).check(z.maxLength(1024)),
    /** Free text by the sender (e.g. "RTX 4090, driver 560, Windows"): shown as stated by the sender, never checked. */
    label: z.optional(text(kMaxLabelChars)),
    /** The device fields the sender left out of the link (they are empty in `device`). */
    withheld: z.optional(z.readonly(z.array(z.enum(kWithholdable)).check(z.maxLength(kWithholdable.length)))),
    /** The sender's measured roofline, when they ran it (the ladder view). */
    roofline: z.optional(RooflineShareSchema),
    /** The sender's coalescing and bank-conflict probes, when they ran them (the ladder view). */
    probes: z.optional(ProbesShareSchema),
  })
  .check(
    z.superRefine((p, ctx) => {
      const problem = pointsMatchConfig(p.config, p.points);
      if (problem) ctx.addIssue({ code: 'custom', path: ['points'], message: problem, params: { rule: problem } });
    }),
  );

export type SharePayload = z.infer<typeof SharePayloadSchema>;

/** A refused link: `failure` says why (as data; src/i18n/bench.ts shareFailureText says it). */
export class ShareError extends Error {
  constructor(readonly failure: ShareFailure) {
    super(`link refused: ${failure.reason}`); // i18n-exempt: for logs; the page says it with src/i18n shareFailureText
    this.name = 'ShareError';
  }
}

/** The checksum of a payload's JSON bytes: the first kChecksumBytes of their SHA-256. */
export async function shareChecksum(json: Uint8Array): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest('SHA-256', json as Uint8Array<ArrayBuffer>);
  return new Uint8Array(digest, 0, kChecksumBytes);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The bytes of a link's value, or the reason it has none: a character outside base64url, or a length no encoding has. */
function linkBytes(s: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new ShareError({ reason: 'characters' });
  const bytes = fromBase64Url(s);
  if (!bytes) throw new ShareError({ reason: 'truncated' });
  return bytes;
}

/** The platform's deflate-raw of some bytes (every link of the app that carries a compressed payload: `#r=`, the class board's `#b=`). */
export function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  return pipeThrough(bytes, new CompressionStream('deflate-raw'), Infinity);
}

/** The bytes a deflate-raw stream inflates to, refused (ShareError `tooLarge`) past `cap`; rejects when they do not inflate. */
export function inflateRaw(bytes: Uint8Array, cap: number): Promise<Uint8Array> {
  return pipeThrough(bytes, new DecompressionStream('deflate-raw'), cap);
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
      throw new ShareError({ reason: 'tooLarge', cap });
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
  const data = new Uint8Array(kChecksumBytes + packed.length);
  data.set(await shareChecksum(json), 0);
  data.set(packed, kChecksumBytes);
  const s = kSharePrefix + toBase64Url(data);
  if (s.length > kMaxLinkChars) throw new ShareError({ reason: 'tooBig', n: s.length });
  return s;
}

/** An issue with its received value replaced by a small stand-in of the same type. */
function shrinkIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  const input = (issue as { input?: unknown }).input;
  if (input === undefined) return issue;
  const stand = input === null ? null : Array.isArray(input) ? [] : typeof input === 'object' ? {} : typeof input === 'string' ? '' : input;
  return { ...issue, input: stand } as z.core.$ZodIssue;
}

/** Decode a fragment value (without '#r='); throws ShareError with a reason a person can read. */
export async function decodeShare(s: string): Promise<SharePayload> {
  if (s.length > kMaxLinkChars) throw new ShareError({ reason: 'tooLong', n: s.length });
  const version = /^r(\d{1,6})\./.exec(s);
  if (!version) throw new ShareError({ reason: 'foreign' });
  if (Number(version[1]) < kShareVersion) throw new ShareError({ reason: 'older' });
  if (Number(version[1]) > kShareVersion) throw new ShareError({ reason: 'newer' });
  const bytes = linkBytes(s.slice(kSharePrefix.length));
  if (bytes.length <= kChecksumBytes) throw new ShareError({ reason: 'truncated' });
  let json: Uint8Array;
  try {
    json = await pipeThrough(bytes.subarray(kChecksumBytes), new DecompressionStream('deflate-raw'), kMaxJsonBytes);
  } catch (e) {
    if (e instanceof ShareError) throw e;
    // The data does not inflate: damaged before its checksum could even be read against it.
    throw new ShareError({ reason: 'unpack' });
  }
  if (!sameBytes(await shareChecksum(json), bytes.subarray(0, kChecksumBytes))) throw new ShareError({ reason: 'damaged' });
  // The checksum matched: what follows was made as it is, so a failure here is no damage in transit.
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    throw new ShareError({ reason: 'notJson' });
  }
  // A payload of another version behind this prefix: said as the version it is, not as a schema issue.
  const v = (value as { v?: unknown } | null)?.v;
  if (typeof v === 'number' && v !== kShareVersion && value !== null && typeof value === 'object' && !Array.isArray(value)) throw new ShareError({ reason: 'version', v });
  // reportInput: the issue keeps what it received, so zod can name its type in either language.
  const r = SharePayloadSchema.safeParse(value, { reportInput: true });
  if (!r.success) {
    const first = r.error.issues[0];
    // Keep the issue without the input itself (it may be large): its type is put into words now.
    throw new ShareError({ reason: 'form', issue: first ? shrinkIssue(first) : undefined });
  }
  return r.data;
}

/**
 * A payload kept in this browser (history, or an exported history file), validated like a link.
 * Entries saved before version 2 are upgraded: their sweeps used random data, so a verified
 * point's tolerance is the one the verification applied at its size.
 */
export function parseStoredPayload(value: unknown): SharePayload | undefined {
  const old = value as { v?: unknown; points?: unknown } | null;
  if (old && typeof old === 'object' && old.v === 1 && Array.isArray(old.points)) {
    value = {
      ...old,
      v: kShareVersion,
      points: old.points.map((p: unknown) => {
        const q = p as { verified?: unknown; size?: unknown; relTolerance?: unknown } | null;
        return q && typeof q === 'object' && q.verified === true && typeof q.size === 'number' && q.relTolerance === undefined ? { ...q, relTolerance: relTolerance(q.size) } : p;
      }),
    };
  }
  const r = SharePayloadSchema.safeParse(value);
  return r.success ? r.data : undefined;
}

/** The query keys a sweep's share link keeps: the benchmark's own (its view and sizes) and how the run was made. */
const kShareKeys = ['view', 'sizes', 'limits', 'maxSubmitMs'] as const;

/**
 * The page's query as a share link keeps it: only the benchmark's own keys (kShareKeys), as written.
 * Not `lang` (a link carries no language: whoever opens it reads it in their own), and not the
 * lesson's problem (`m`, `k`, `n`, `tile`, …: issue #34, a sweep's link carried the lesson's
 * 48×32×48 that the sweep never ran; the fragment carries what it did run).
 */
export function shareSearch(search: string): string {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return '';
  }
  // Encoded as a URL needs, the commas of a size list left readable (a comma is allowed in a query).
  const kept = kShareKeys.flatMap((key) => {
    const v = params.get(key);
    return v === null ? [] : [`${key}=${encodeURIComponent(v).replace(/%2C/gi, ',')}`];
  });
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/** The value of `r` in a URL fragment like `#r=r2.xxxx`, if any (the first, when there are several). */
export function shareFromHash(hash: string): string | undefined {
  return sharesFromHash(hash)[0];
}

/** Most links one fragment may carry for a comparison. */
export const kMaxCompared = 8;

/** Every value of `r` in a URL fragment (`#r=r2.a&r=r2.b`: links to compare), in order, at most kMaxCompared. */
export function sharesFromHash(hash: string): string[] {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  return h
    .split('&')
    .filter((part) => part.startsWith('r='))
    .map((part) => part.slice(2))
    .slice(0, kMaxCompared);
}

/**
 * The share links in pasted text: each whole URL's fragment value, or a bare `r2.…` value, in
 * order, without repeats (at most kMaxCompared). Anything else in the text is ignored.
 */
export function sharesInText(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:[#&]r=)?(r\d{1,6}\.[A-Za-z0-9_-]+)/g)) {
    const v = m[1]!;
    if (!found.includes(v)) found.push(v);
  }
  return found.slice(0, kMaxCompared);
}

/**
 * The URL query, read and written in ONE place: every key the app understands (the README's
 * automation contract) is declared in `UrlSchema` below, validated with zod on the way in and
 * written by `encodeUrl` on the way out.
 *
 * - The matmul configuration (`m`, `k`, `n`, `tile`, `pattern`, `seed`, `samples`) stays text: a bad
 *   value from a link is shown in its input with a message, exactly as if it had been typed.
 * - `lang` (a tag of core/languages.ts, `en`, `zh-CN`, …: the language a link asks for; state/lang.ts applies it),
 * - `sizes` (benchmark sizes, text), `view` (an address of core/views.ts) and the keys a view owns
 *   (`dotn`, the dot product's N), `limits=default`
 *   (request only WebGPU's default limits) and `maxSubmitMs` (the split budget).
 * A key that is missing or fails its schema takes its default; nothing here throws.
 */
import { kLanguages, type Language } from './languages';
import { z } from './zod';
import { kDefaultView, kViewAddresses, viewAt, viewOfFragment, viewOpenedBy, viewRecord, type View } from './views';

export { kViews, type View } from './views';

export interface ConfigText {
  readonly m: string;
  readonly k: string;
  readonly n: string;
  readonly tile: string;
  readonly pattern: string;
  readonly seed: string;
  /** Timed samples per run: 'auto' (about one second of kernel time, 3–30) or a fixed count. */
  readonly samples: string;
}

/** The default problem: the cuda-samples `matrixMul` example (A 3×2 blocks · B 2×3 blocks of 16), small enough to show the whole story. */
export const kDefaultConfig: ConfigText = { m: '48', k: '32', n: '48', tile: '16', pattern: 'random', seed: '1', samples: 'auto' };

/** Longest configuration value accepted from a URL; anything longer is cut (it cannot be valid anyway). */
const kMaxValueLength = 32;
/** Longest `sizes` text accepted from a URL. */
const kMaxSizesLength = 400;
/** The largest split budget a link may ask for (ms). */
const kMaxSubmitMsLimit = 60_000;

const clipped = (max: number) => z.pipe(z.string(), z.transform((s: string) => s.slice(0, max)));
/** An optional value: absent, or anything that does not parse, reads as absent. */
const maybe = <T extends z.ZodMiniType>(s: T) => z.catch(z.optional(s), undefined);
const configKey = maybe(clipped(kMaxValueLength));

/** Every URL query key, with what it accepts. Unknown keys are ignored. */
export const UrlSchema = z.object({
  m: configKey,
  k: configKey,
  n: configKey,
  tile: configKey,
  pattern: configKey,
  seed: configKey,
  samples: configKey,
  sizes: maybe(clipped(kMaxSizesLength)),
  view: maybe(z.enum(kViewAddresses as [string, ...string[]])),
  dotn: maybe(clipped(kMaxValueLength)),
  ex: maybe(clipped(kMaxValueLength)),
  limits: maybe(z.literal('default')),
  maxSubmitMs: maybe(z.coerce.number().check(z.gt(0), z.maximum(kMaxSubmitMsLimit))),
  lang: maybe(z.enum(kLanguages)),
});

/** The keys of the configuration, in the order they are written. */
const kConfigKeys = ['m', 'k', 'n', 'tile', 'pattern', 'seed', 'samples'] as const satisfies ReadonlyArray<keyof ConfigText>;
const kAllKeys = Object.keys(UrlSchema.shape) as ReadonlyArray<keyof typeof UrlSchema.shape>;

/** Everything the URL query can say, decoded. */
export interface UrlState {
  readonly config: ConfigText;
  /** Benchmark sizes as typed (text), when the link gives them. */
  readonly sizes?: string;
  /** The view the link names (`?view=`), if any; see `startView` for the one that opens. */
  readonly view?: View;
  /** Dot-product N as text, when the link gives it. */
  readonly dotn?: string;
  /** The practice exercise the link opens (`ex`, an id of core/practice/exercises.ts; checked there). */
  readonly ex?: string;
  /** `limits=default`: request only WebGPU's default limits. */
  readonly defaultLimitsOnly: boolean;
  /** `maxSubmitMs`: the per-submission budget for splitting long runs. */
  readonly maxSubmitMs?: number;
  /** `lang`: the language the link asks for. */
  readonly lang?: Language;
}

/** Decode a query string (with or without the leading "?"); the first of repeated keys counts. */
export function decodeUrl(search: string, base: ConfigText = kDefaultConfig): UrlState {
  let params: URLSearchParams | undefined;
  try {
    params = new URLSearchParams(search);
  } catch {
    params = undefined;
  }
  const raw: Record<string, string> = {};
  for (const key of kAllKeys) {
    const v = params?.get(key);
    if (v !== null && v !== undefined) raw[key] = v;
  }
  // Every field has .catch(), so this parse cannot fail; a bad field falls back on its own.
  const q = UrlSchema.parse(raw);
  const config: Record<string, string> = { ...base };
  for (const key of kConfigKeys) {
    const v = q[key];
    if (v !== undefined) config[key] = v;
  }
  const maxSubmitMs = q.maxSubmitMs;
  return {
    config: config as unknown as ConfigText,
    ...(q.sizes !== undefined ? { sizes: q.sizes } : {}),
    ...(q.view !== undefined && viewAt(q.view) !== undefined ? { view: viewAt(q.view) } : {}),
    ...(q.dotn !== undefined ? { dotn: q.dotn } : {}),
    ...(q.ex !== undefined ? { ex: q.ex } : {}),
    defaultLimitsOnly: q.limits === 'default',
    ...(maxSubmitMs !== undefined && Number.isFinite(maxSubmitMs) ? { maxSubmitMs } : {}),
    ...(q.lang !== undefined ? { lang: q.lang } : {}),
  };
}

/** What `encodeUrl` writes besides the configuration; a key is left out when it is at its default. */
export interface UrlExtras {
  readonly sizes?: string;
  readonly view?: View;
  readonly dotn?: string;
  readonly ex?: string;
  readonly defaultLimitsOnly?: boolean;
  readonly maxSubmitMs?: number;
  readonly lang?: Language;
}

/**
 * The query string for a state: m, k, n and tile always; pattern, seed and samples only when they
 * differ from the defaults; then `limits`, `sizes`, `view` + `dotn`, `maxSubmitMs` and `lang` when given.
 */
export function encodeUrl(c: ConfigText, extras: UrlExtras = {}): string {
  const p = new URLSearchParams();
  for (const key of kConfigKeys) {
    const always = key === 'm' || key === 'k' || key === 'n' || key === 'tile';
    if (always || c[key] !== kDefaultConfig[key]) p.set(key, c[key]);
  }
  if (extras.defaultLimitsOnly) p.set('limits', 'default');
  if (extras.sizes !== undefined) p.set('sizes', extras.sizes);
  // The default view goes unsaid, except that `sizes` alone opens the benchmark: say so then.
  if (extras.view !== undefined && (extras.view !== kDefaultView || extras.sizes !== undefined)) p.set('view', viewRecord(extras.view).address);
  if (extras.view !== undefined && extras.dotn !== undefined && viewRecord(extras.view).ownKeys?.includes('dotn')) p.set('dotn', extras.dotn);
  if (extras.view !== undefined && extras.ex !== undefined && viewRecord(extras.view).ownKeys?.includes('ex')) p.set('ex', extras.ex);
  if (extras.maxSubmitMs !== undefined) p.set('maxSubmitMs', String(extras.maxSubmitMs));
  if (extras.lang !== undefined) p.set('lang', extras.lang);
  return `?${p.toString()}`;
}

/**
 * The view a page opens on: a view's fragment (`#r=`: the shared results) first, then the view the
 * query names, then a view a present key opens (`sizes`: the benchmark); otherwise the default view.
 */
export function startView(url: Pick<UrlState, 'view' | 'sizes'>, hash = ''): View {
  const byFragment = viewOfFragment(hash);
  if (byFragment !== undefined) return byFragment;
  if (url.view !== undefined) return url.view;
  const byKey = url.sizes !== undefined ? viewOpenedBy('sizes') : undefined;
  return byKey ?? kDefaultView;
}

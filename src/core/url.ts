/**
 * The configuration in the URL query (`?m=&k=&n=&tile=&pattern=&seed=`), so a link reproduces it.
 * Values stay strings here: a bad value from a link is shown in its input with a message, exactly
 * as if it had been typed.
 */
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

export const kDefaultConfig: ConfigText = { m: '256', k: '256', n: '256', tile: '16', pattern: 'random', seed: '1', samples: 'auto' };

const kKeys = ['m', 'k', 'n', 'tile', 'pattern', 'seed', 'samples'] as const;
/** Longest value accepted from a URL; anything longer is cut (it cannot be valid anyway). */
const kMaxValueLength = 32;

export function configFromQuery(search: string, base: ConfigText = kDefaultConfig): ConfigText {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return base;
  }
  const out: Record<string, string> = { ...base };
  for (const key of kKeys) {
    const v = params.get(key);
    if (v !== null) out[key] = v.slice(0, kMaxValueLength);
  }
  return out as unknown as ConfigText;
}

/** The query string for a configuration; pattern and seed only when they differ from the defaults. */
export function queryFromConfig(c: ConfigText, keep: ReadonlyArray<readonly [string, string]> = []): string {
  const p = new URLSearchParams();
  p.set('m', c.m);
  p.set('k', c.k);
  p.set('n', c.n);
  p.set('tile', c.tile);
  if (c.pattern !== kDefaultConfig.pattern) p.set('pattern', c.pattern);
  if (c.seed !== kDefaultConfig.seed) p.set('seed', c.seed);
  if (c.samples !== kDefaultConfig.samples) p.set('samples', c.samples);
  for (const [k, v] of keep) p.set(k, v);
  return `?${p.toString()}`;
}

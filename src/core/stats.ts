export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('summarize: no samples'); // i18n-exempt: a programmer's assertion (callers never pass none)
  const s = [...samples].sort((x, y) => x - y);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  const mean = s.reduce((acc, v) => acc + v, 0) / s.length;
  return { n: s.length, median, min: s[0]!, max: s[s.length - 1]!, mean };
}

/** Spread as a percentage of the median: (max − min) / median. */
export const spreadPercent = (x: Pick<Summary, 'median' | 'min' | 'max'>): number => (x.median > 0 ? ((x.max - x.min) / x.median) * 100 : 0);

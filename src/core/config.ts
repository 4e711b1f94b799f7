import { said } from './said';
import { isPattern, kPatterns, type Pattern } from './data';
import { parseSeed, parseShape, parseTile, type FieldErrors } from './input';
import type { Shape, TileWidth } from './shape';
import type { ConfigText } from './url';

/** Fixed sample counts offered besides 'auto'. */
export const kSampleChoices = ['3', '10', '30'] as const;

export interface ParsedConfig {
  readonly shape: Shape;
  readonly tile: TileWidth;
  readonly pattern: Pattern;
  readonly seed: number;
  /** Fixed timed samples per run, or 0 for automatic. */
  readonly samples: number;
}

/** Parse the text of every control; on any error, no config (nothing runs) and a message per field. */
export function parseConfig(c: ConfigText): { config?: ParsedConfig; errors: FieldErrors } {
  const { shape, errors } = parseShape(c);
  const tile = parseTile(c.tile);
  const seed = parseSeed(c.seed);
  const all: FieldErrors = { ...errors };
  if (!tile.ok) all.tile = tile.message;
  if (!seed.ok) all.seed = seed.message;
  const samples = c.samples === 'auto' ? 0 : (kSampleChoices as readonly string[]).includes(c.samples) ? Number(c.samples) : -1;
  if (samples < 0) all.samples = said('common:input.samples', { list: kSampleChoices.join(', ') });
  if (!isPattern(c.pattern)) all.pattern = said('common:input.pattern', { list: kPatterns.join(', ') });
  if (shape && tile.ok && seed.ok && isPattern(c.pattern) && samples >= 0) {
    return { config: { shape, tile: tile.value, pattern: c.pattern, seed: seed.value, samples }, errors: all };
  }
  return { errors: all };
}

/**
 * The one rule for "does this result belong to that configuration": the same shape, data pattern
 * and seed, and the same tile width when the kernel uses one. (The sample count only changes how
 * long the timing takes, not what was computed.)
 */
export function sameRunConfig(ran: ParsedConfig, now: ParsedConfig, usesTile: boolean): boolean {
  return (
    ran.shape.m === now.shape.m &&
    ran.shape.k === now.shape.k &&
    ran.shape.n === now.shape.n &&
    ran.pattern === now.pattern &&
    ran.seed === now.seed &&
    (!usesTile || ran.tile === now.tile)
  );
}

import { isPattern, kPatterns, type Pattern } from './data';
import { parseSeed, parseShape, parseTile, type FieldErrors } from './input';
import type { Shape, TileWidth } from './shape';
import type { ConfigText } from './url';

export interface ParsedConfig {
  readonly shape: Shape;
  readonly tile: TileWidth;
  readonly pattern: Pattern;
  readonly seed: number;
}

/** Parse the text of every control; on any error, no config (nothing runs) and a message per field. */
export function parseConfig(c: ConfigText): { config?: ParsedConfig; errors: FieldErrors } {
  const { shape, errors } = parseShape(c);
  const tile = parseTile(c.tile);
  const seed = parseSeed(c.seed);
  const all: FieldErrors = { ...errors };
  if (!tile.ok) all.tile = tile.message;
  if (!seed.ok) all.seed = seed.message;
  if (!isPattern(c.pattern)) all.pattern = `Data pattern must be one of ${kPatterns.join(', ')}.`;
  if (shape && tile.ok && seed.ok && isPattern(c.pattern)) {
    return { config: { shape, tile: tile.value, pattern: c.pattern, seed: seed.value }, errors: all };
  }
  return { errors: all };
}

import { num, said, type Said } from './said';
import { isTileWidth, kTileWidths, type Shape, type TileWidth } from './shape';

/** Anything above this is rejected before any limit is consulted (it could never fit a GPU buffer). */
export const kMaxDimension = 1 << 20;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: Said };

const kNumber = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Parse one matrix dimension typed by a user or read from a URL. */
export function parseDimension(raw: string, name: string | Said, max = kMaxDimension): Parsed<number> {
  const s = raw.trim();
  if (s === '') return { ok: false, message: said('common:input.required', { name, max: num(max) }) };
  if (!kNumber.test(s)) return { ok: false, message: said('common:input.notNumber', { name, text: clip(s) }) };
  const v = Number(s);
  if (!Number.isFinite(v) || Math.abs(v) > max) {
    return { ok: false, message: said('common:input.tooLarge', { name, text: clip(s), max: num(max) }) };
  }
  if (!Number.isInteger(v)) return { ok: false, message: said('common:input.fractional', { name, text: clip(s) }) };
  if (v <= 0) return { ok: false, message: said('common:input.tooSmall', { name, value: String(v) }) };
  return { ok: true, value: v };
}

export function parseTile(raw: string): Parsed<TileWidth> {
  const s = raw.trim();
  const v = Number(s);
  if (s !== '' && kNumber.test(s) && isTileWidth(v)) return { ok: true, value: v };
  return { ok: false, message: said('common:input.tile', { list: kTileWidths.join(', '), text: clip(s) }) };
}

export function parseSeed(raw: string): Parsed<number> {
  const s = raw.trim();
  if (/^\d{1,10}$/.test(s) && Number(s) <= 0xffffffff) return { ok: true, value: Number(s) };
  return { ok: false, message: said('common:input.seed', { max: '4294967295', text: clip(s) }) };
}

export interface ShapeInput {
  readonly m: string;
  readonly k: string;
  readonly n: string;
}

/** A message per input (`kernel`: the kernel itself cannot run here — a feature, a limit, a parameter). */
export type FieldErrors = Partial<Record<'m' | 'k' | 'n' | 'tile' | 'seed' | 'pattern' | 'samples' | 'kernel', Said>>;

export function parseShape(input: ShapeInput): { shape?: Shape; errors: FieldErrors } {
  const m = parseDimension(input.m, 'M');
  const k = parseDimension(input.k, 'K');
  const n = parseDimension(input.n, 'N');
  const errors: FieldErrors = {};
  if (!m.ok) errors.m = m.message;
  if (!k.ok) errors.k = k.message;
  if (!n.ok) errors.n = n.message;
  if (m.ok && k.ok && n.ok) return { shape: { m: m.value, k: k.value, n: n.value }, errors };
  return { errors };
}

/** Keep user text short and printable inside a message (it is rendered as text, never HTML). */
function clip(s: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = Array.from(s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')); // code points: never split a pair
  return printable.length > 24 ? `${printable.slice(0, 24).join('')}…` : printable.join('');
}

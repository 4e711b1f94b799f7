/**
 * A message as data: a catalogue key and its values, put into words only where a person reads it
 * (src/i18n `say`, called from state/ and ui/; the headless bench at its edge). core/ and gpu/
 * return these and import nothing from src/i18n.
 *
 * The keys stay typed without core knowing the catalogues: src/i18n adds the catalogue's keys to
 * `SaidKeys` (declaration merging, in src/i18n/i18next.d.ts). Without that augmentation a key is
 * any string.
 */

/** Filled in by src/i18n: `interface SaidKeys { key: Key }`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SaidKeys {}

/** A catalogue key ("run:plan.tileWide"; keys of 'common' also bare). */
export type MessageKey = SaidKeys extends { key: infer K extends string } ? K : string;

/** A number to be written in the reader's language (digits, grouping), with Intl options. */
export interface SaidNumber {
  readonly number: number;
  readonly options?: Intl.NumberFormatOptions;
}

/** Another message said in lower case inside this one ("for the tiled kernel"; scripts without case are unchanged). */
export interface SaidLower {
  readonly lower: Said;
}

/** Names listed in the reader's language ("a, b and c"; "a、b 和 c"): Intl.ListFormat, a conjunction. */
export interface SaidList {
  readonly list: readonly string[];
}

/** What a message may carry: a figure or name, a number written per language, another message (maybe in lower case), or a list of names. */
export type SaidValue = string | number | SaidNumber | Said | SaidLower | SaidList;

/** A sentence kept as data — its key and values — and put into words when shown. */
export interface Said {
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, SaidValue>>;
}

export function said(key: MessageKey, values?: Said['values']): Said {
  return values === undefined ? { key } : { key, values };
}

/** A number the reader sees in their language's digits and grouping ("1,048,576"). */
export function num(number: number, options?: Intl.NumberFormatOptions): SaidNumber {
  return options === undefined ? { number } : { number, options };
}

/** A message to be said in lower case where it sits inside another. */
export function lower(m: Said): SaidLower {
  return { lower: m };
}

export function isSaid(x: unknown): x is Said {
  return typeof x === 'object' && x !== null && typeof (x as Said).key === 'string';
}

/** How a Said becomes words now: registered by src/i18n when it loads (core/ and gpu/ never import it). */
let sayer: ((m: Said) => string) | undefined;

/** src/i18n registers its `say` here, for the few places that need a string at once (an Error's message). */
export function registerSayer(f: (m: Said) => string): void {
  sayer = f;
}

/**
 * A Said in words at once, where a string is needed now (an Error's `message`; a stored note):
 * the registered sayer's words, or the key where none is registered (a headless test).
 * Anything shown to a person keeps the Said itself and says it when shown.
 */
export function sayNow(m: Said | string): string {
  return typeof m === 'string' ? m : sayer ? sayer(m) : m.key;
}

/**
 * Code as a link: `?view=practice&ex=<id>#code=<base64url of the UTF-8 text>`. A link's code is
 * shown in the editor and never run until the learner presses Run (state/practice.ts). Share and
 * the link reader agree on one limit, the longest code the app checks (`kMaxCodeChars`), and a
 * fragment is measured before it is decoded, so a huge link is refused at once.
 */
import { base64UrlToText, textToBase64Url } from '../base64url';
import { kMaxCodeChars } from './constants';

/** Longest code a link may carry (characters of the decoded text): the longest the app checks. */
export const kMaxLinkedCode = kMaxCodeChars;
/** Longest `code=` value that can hold kMaxLinkedCode characters (UTF-8 up to 3 bytes each, base64 4 per 3). */
export const kMaxCodeValue = Math.ceil((kMaxLinkedCode * 3 * 4) / 3) + 4;

export function encodeCode(code: string): string {
  return textToBase64Url(code);
}

export type DecodedCode = { readonly ok: true; readonly code: string } | { readonly ok: false; readonly why: 'damaged' | 'too-long' };

/** The text of a `code=` value: refused as too long (measured first) or damaged (not base64url of UTF-8). */
export function readCode(value: string): DecodedCode {
  if (value.length > kMaxCodeValue) return { ok: false, why: 'too-long' };
  const text = base64UrlToText(value);
  if (text === undefined) return { ok: false, why: 'damaged' };
  return text.length <= kMaxLinkedCode ? { ok: true, code: text } : { ok: false, why: 'too-long' };
}

/** The text of a `code=` value, or undefined when it is refused. */
export function decodeCode(value: string): string | undefined {
  const r = readCode(value);
  return r.ok ? r.code : undefined;
}

/** The fragment's parameters (`code=…&timed=…`), read as a query string is: URLSearchParams, not by hand. */
function fragmentParams(hash: string): URLSearchParams | undefined {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!h.startsWith('code=')) return undefined;
  return new URLSearchParams(h);
}

/** What a fragment carries: nothing (no `code=`), the code, or why it was refused. */
export function readCodeFragment(hash: string): DecodedCode | undefined {
  const v = fragmentParams(hash)?.get('code');
  return v === undefined || v === null ? undefined : readCode(v);
}

/** The `timed=` value of a code link (the sender's timed figure: core/practice/timing readTimed), if it has one. */
export function timedOfFragment(hash: string): string | undefined {
  return fragmentParams(hash)?.get('timed') ?? undefined;
}

/** Longest sender's name a link carries (characters: code points). */
export const kMaxNameChars = 40;

/**
 * A sender's name as a link carries it and the board shows it (as text, never markup): NFC, control
 * characters and bidirectional marks, embeddings and overrides dropped, runs of blank space one space,
 * trimmed, at most kMaxNameChars characters. '' when nothing is left.
 */
export function cleanName(name: string): string {
  const plain = name
    .normalize('NFC')
    .replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  return Array.from(plain).slice(0, kMaxNameChars).join('').trim();
}

/** The sender's name a code link carries (`&name=`), cleaned; undefined when it has none. */
export function nameOfFragment(hash: string): string | undefined {
  const v = fragmentParams(hash)?.get('name');
  if (v === undefined || v === null) return undefined;
  const n = cleanName(v);
  return n === '' ? undefined : n;
}

/** The code a fragment carries (`#code=…`), if any. */
export function codeOfFragment(hash: string): string | undefined {
  const r = readCodeFragment(hash);
  return r?.ok ? r.code : undefined;
}

/** Whether a piece of code can travel in a link (the reader would open it). */
export function shareable(code: string): boolean {
  return code.length <= kMaxLinkedCode;
}

/** The fragment for a piece of code (and, given, a timed figure's `timed=` value and the sender's name, `name=`). */
export function codeFragment(code: string, timed?: string, name?: string): string {
  const n = name === undefined ? '' : cleanName(name);
  return `#code=${encodeCode(code)}${timed !== undefined ? `&timed=${timed}` : ''}${n !== '' ? `&${new URLSearchParams({ name: n }).toString()}` : ''}`;
}

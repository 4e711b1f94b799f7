/**
 * Code as a link: `?view=practice&ex=<id>#code=<base64url of the UTF-8 text>`. A link's code is
 * shown in the editor and never run until the learner presses Run (state/practice.ts).
 */

/** Longest code a link may carry (characters of the decoded text); longer links are refused. */
export const kMaxLinkedCode = 64 * 1024;

export function encodeCode(code: string): string {
  const bytes = new TextEncoder().encode(code);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of a `code=` value, or undefined when it is not base64url of valid UTF-8 (or too long). */
export function decodeCode(value: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length > (kMaxLinkedCode * 4) / 3 + 4) return undefined;
  try {
    const bin = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.length <= kMaxLinkedCode ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The code a fragment carries (`#code=…`), if any. */
export function codeOfFragment(hash: string): string | undefined {
  const m = /^#?code=([^&]*)/.exec(hash);
  return m ? decodeCode(m[1]!) : undefined;
}

/** The fragment for a piece of code. */
export function codeFragment(code: string): string {
  return `#code=${encodeCode(code)}`;
}

/**
 * base64url (RFC 4648 §5, no padding), the alphabet every link of the app carries data in: shared
 * results (`#r=`, core/share.ts), a practice exercise's code and its timed figure (`#code=…&timed=…`,
 * core/practice/link.ts and timing.ts). Pure; the platform's btoa/atob underneath.
 */

/** base64url of bytes, without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url value (padding optional), or undefined when it is not one: another character, or a length no encoding has. */
export function fromBase64Url(s: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) return undefined;
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** base64url of a text's UTF-8. */
export function textToBase64Url(text: string): string {
  return toBase64Url(new TextEncoder().encode(text));
}

/** The text a base64url value holds, or undefined when it is not base64url of UTF-8. */
export function base64UrlToText(value: string): string | undefined {
  const bytes = fromBase64Url(value);
  if (!bytes) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

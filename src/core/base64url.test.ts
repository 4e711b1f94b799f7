import { describe, expect, it } from 'vitest';
import { base64UrlToText, fromBase64Url, textToBase64Url, toBase64Url } from './base64url';

describe('base64url', () => {
  it('round-trips bytes and UTF-8 text, without padding', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) & 255);
    const s = toBase64Url(bytes);
    expect(s).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(s)).toEqual(bytes);
    for (const text of ['', 'a', 'ab', 'C = A · B', '分块矩阵乘法 ✓', '\u2028']) expect(base64UrlToText(textToBase64Url(text))).toBe(text);
  });

  it('refuses what no encoder writes: other characters, a length of 4n + 1, bytes that are not UTF-8', () => {
    expect(fromBase64Url('ab+c')).toBeUndefined();
    expect(fromBase64Url('abcde')).toBeUndefined();
    expect(base64UrlToText(toBase64Url(Uint8Array.of(0xff, 0xfe)))).toBeUndefined();
  });
});

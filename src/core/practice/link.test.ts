import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codeFragment, codeOfFragment, decodeCode, encodeCode, kMaxLinkedCode } from './link';

describe('code as a link', () => {
  it('round-trips any text, in base64url (no +, / or =)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        const enc = encodeCode(s);
        expect(enc).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(decodeCode(enc)).toBe(s);
      }),
    );
    const wgsl = '// 点积：树形归约\nfn main() { let x = 1u; }\n';
    expect(codeOfFragment(codeFragment(wgsl))).toBe(wgsl);
    expect(codeOfFragment(codeFragment(wgsl).slice(1))).toBe(wgsl);
  });

  it('refuses damaged, non-UTF-8 or oversized codes', () => {
    expect(decodeCode('ab+c')).toBeUndefined();
    expect(decodeCode('_w')).toBeUndefined(); // 0xFF: not UTF-8
    expect(codeOfFragment('#r=abc')).toBeUndefined();
    expect(decodeCode(encodeCode('x'.repeat(kMaxLinkedCode + 1)))).toBeUndefined();
    expect(decodeCode(encodeCode('x'.repeat(kMaxLinkedCode)))).toBe('x'.repeat(kMaxLinkedCode));
  });
});

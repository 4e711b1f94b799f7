import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kMaxDimension, parseDimension, parseSeed, parseShape, parseTile, type Parsed } from './input';
import { kTileWidths } from './shape';
import { say } from '../i18n';

function value<T>(p: Parsed<T>): T {
  if (!p.ok) throw new Error(`expected ok, got: ${say(p.message)}`);
  return p.value;
}

function message<T>(p: Parsed<T>): string {
  if (p.ok) throw new Error(`expected an error, got value ${String(p.value)}`);
  return say(p.message);
}

// eslint-disable-next-line no-control-regex
const kC0OrDel = /[\u0000-\u001f\u007f]/;
const kAnyControl = /\p{Cc}/u;
const kLoneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Strings a user or a URL might produce: arbitrary text, text with control characters, and number-like text. */
const anyInput = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...'0123456789+-.eE xX_,\t\n'.split('')), maxLength: 30 }),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }).map(String),
  fc.double().map(String),
  fc.double().map((x) => x.toExponential()),
  fc.string({ maxLength: 400 }),
);

describe('parseDimension', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [' 42 ', 42],
    ['\t7\n', 7],
    ['256', 256],
    ['1000', 1000],
    ['1e3', 1000],
    ['1E3', 1000],
    ['1.5e1', 15],
    ['2.5e+2', 250],
    ['1.0', 1],
    ['+5', 5],
    ['007', 7],
    ['1048576', 1 << 20],
  ])('accepts %j as %i', (raw, want) => {
    expect(value(parseDimension(raw, 'M'))).toBe(want);
  });

  it('accepts exactly kMaxDimension = 2^20 and nothing above', () => {
    expect(kMaxDimension).toBe(1 << 20);
    expect(value(parseDimension(String(kMaxDimension), 'N'))).toBe(kMaxDimension);
    expect(message(parseDimension(String(kMaxDimension + 1), 'N'))).toBe('N = 1048577 is far too large: at most 1,048,576.');
  });

  it('requires a value', () => {
    expect(message(parseDimension('', 'M'))).toBe('M is required: enter a whole number from 1 to 1,048,576.');
    expect(message(parseDimension('   \t ', 'K'))).toBe('K is required: enter a whole number from 1 to 1,048,576.');
  });

  it.each(['abc', '0x10', '0b11', '1_000', '1,000', '1 000', 'Infinity', '-Infinity', 'NaN', 'e3', '1e', '1e3.5', '--1', '+-1', '.', '１２', '١٢', '12px', '5 6'])(
    'rejects %j as not a number',
    (raw) => {
      const msg = message(parseDimension(raw, 'K'));
      expect(msg).toMatch(/^K must be a whole number; “.*” is not a number\.$/);
    },
  );

  it.each([
    ['0', 'M must be at least 1 (got 0).'],
    ['-0', 'M must be at least 1 (got 0).'],
    ['-3', 'M must be at least 1 (got -3).'],
    ['-1e3', 'M must be at least 1 (got -1000).'],
    ['0e5', 'M must be at least 1 (got 0).'],
    ['1e-400', 'M must be at least 1 (got 0).'],
    ['2.5', 'M must be a whole number, not 2.5.'],
    ['.5', 'M must be a whole number, not .5.'],
    ['1e-1', 'M must be a whole number, not 1e-1.'],
    ['1e400', 'M = 1e400 is far too large: at most 1,048,576.'],
    ['99999999', 'M = 99999999 is far too large: at most 1,048,576.'],
    ['-99999999', 'M = -99999999 is far too large: at most 1,048,576.'],
    ['1048575.5', 'M must be a whole number, not 1048575.5.'],
    ['1048576.5', 'M = 1048576.5 is far too large: at most 1,048,576.'],
    ['2e6', 'M = 2e6 is far too large: at most 1,048,576.'],
  ])('rejects %j: %s', (raw, want) => {
    expect(message(parseDimension(raw, 'M'))).toBe(want);
  });

  it('uses the given field name', () => {
    expect(message(parseDimension('x', 'Rows'))).toMatch(/^Rows /);
  });

  it('clips long input to 24 characters plus an ellipsis', () => {
    const raw = 'a'.repeat(500);
    expect(message(parseDimension(raw, 'M'))).toBe(`M must be a whole number; “${'a'.repeat(24)}…” is not a number.`);
    const long = '9'.repeat(400);
    expect(message(parseDimension(long, 'M'))).toBe(`M = ${'9'.repeat(24)}… is far too large: at most 1,048,576.`);
  });

  it('replaces control characters in the echoed input', () => {
    const msg = message(parseDimension('1\u00002\u001b[31m\u007f', 'M'));
    expect(msg).toBe('M must be a whole number; “1?2?[31m?” is not a number.');
  });

  it('accepts every integer 1..2^20 written plainly, padded, or in exponent form (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: kMaxDimension }), fc.constantFrom('', ' ', '\t', '  \n'), (n, pad) => {
        expect(value(parseDimension(`${pad}${n}${pad}`, 'M'))).toBe(n);
        expect(value(parseDimension(n.toExponential(), 'M'))).toBe(n);
        expect(value(parseDimension(`${n}.0`, 'M'))).toBe(n);
      }),
    );
  });

  it('rejects every integer outside 1..2^20 (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -(2 ** 40), max: 0 }), fc.integer({ min: kMaxDimension + 1, max: 2 ** 40 })), (n) => {
        expect(parseDimension(String(n), 'M').ok).toBe(false);
      }),
    );
  });

  it('any string: an integer in [1, 2^20] or a short, non-empty, control-free message; never throws (property)', () => {
    fc.assert(
      fc.property(anyInput, (raw) => {
        const p = parseDimension(raw, 'M');
        if (p.ok) {
          expect(Number.isInteger(p.value)).toBe(true);
          expect(p.value).toBeGreaterThanOrEqual(1);
          expect(p.value).toBeLessThanOrEqual(kMaxDimension);
          // And it is the number the text says.
          expect(p.value).toBe(Number(raw.trim()));
        } else {
          expect(say(p.message).length).toBeGreaterThan(0);
          expect(say(p.message).length).toBeLessThanOrEqual(200);
          expect(say(p.message)).not.toMatch(kC0OrDel);
          expect(say(p.message).startsWith('M ')).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  // Bug (minor): clip() (input.ts line 60) only replaces C0 controls and DEL. C1 controls
  // U+0080–U+009F (e.g. U+009B CSI, U+0085 NEL) are not whitespace, survive trim(), and are echoed
  // into the message unchanged, although the helper promises "short and printable".
  it('messages contain no control characters at all, C1 included', () => {
    expect(message(parseDimension('1\u009b2', 'M'))).not.toMatch(kAnyControl);
  });

  // Bug (minor): clip() cuts at 24 UTF-16 code units, so a surrogate pair straddling the cut leaves
  // a lone high surrogate in the message (rendered as U+FFFD). Input: 23 letters then an emoji.
  it('clipping never splits a surrogate pair', () => {
    const msg = message(parseDimension(`${'a'.repeat(23)}😀xyz`, 'M'));
    expect(msg).not.toMatch(kLoneSurrogate);
  });
});

describe('parseTile', () => {
  it.each(kTileWidths.map((t) => [String(t), t] as const))('accepts %j', (raw, want) => {
    expect(value(parseTile(raw))).toBe(want);
  });

  it.each([
    [' 16 ', 16],
    ['16.0', 16],
    ['+8', 8],
    ['3.2e1', 32],
  ])('accepts the number form %j', (raw, want) => {
    expect(value(parseTile(raw))).toBe(want);
  });

  it.each(['3', '64', '0', '1', '-16', '', '   ', 'abc', '0x10', '16px', 'Infinity', 'NaN', '16.5', '128', '2 4'])('rejects %j', (raw) => {
    expect(message(parseTile(raw))).toBe(`Tile width must be one of 2, 4, 8, 16, 32 (got “${raw.trim()}”).`);
  });

  it('any string: a tile width or a short, control-free message (property)', () => {
    fc.assert(
      fc.property(anyInput, (raw) => {
        const p = parseTile(raw);
        if (p.ok) expect(kTileWidths).toContain(p.value);
        else {
          expect(say(p.message).length).toBeLessThanOrEqual(200);
          expect(say(p.message)).not.toMatch(kC0OrDel);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseSeed', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    [' 42 ', 42],
    ['007', 7],
    ['4294967295', 0xffffffff],
    ['2654435769', 2654435769],
  ])('accepts %j', (raw, want) => {
    expect(value(parseSeed(raw))).toBe(want);
  });

  it.each(['', '-1', '+1', '1.5', '1e3', '4294967296', '9999999999', '12345678901', 'abc', '0x10', '1 2'])('rejects %j', (raw) => {
    expect(message(parseSeed(raw))).toBe(`Seed must be a whole number from 0 to 4294967295 (got “${raw.trim()}”).`);
  });

  it('round-trips every uint32 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (n) => {
        expect(value(parseSeed(String(n)))).toBe(n);
      }),
    );
  });

  it('any string: a uint32 or a short, control-free message (property)', () => {
    fc.assert(
      fc.property(anyInput, (raw) => {
        const p = parseSeed(raw);
        if (p.ok) {
          expect(Number.isInteger(p.value)).toBe(true);
          expect(p.value).toBeGreaterThanOrEqual(0);
          expect(p.value).toBeLessThanOrEqual(0xffffffff);
        } else {
          expect(say(p.message).length).toBeLessThanOrEqual(200);
          expect(say(p.message)).not.toMatch(kC0OrDel);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseShape', () => {
  it('returns the shape when all three parse', () => {
    expect(parseShape({ m: '3', k: ' 5 ', n: '1e1' })).toEqual({ shape: { m: 3, k: 5, n: 10 }, errors: {} });
  });

  it('keeps M, K and N apart', () => {
    expect(parseShape({ m: '1', k: '2', n: '3' }).shape).toEqual({ m: 1, k: 2, n: 3 });
  });

  it('reports each bad field under its own key, named, and returns no shape', () => {
    const r = parseShape({ m: '0', k: '7', n: 'x' });
    expect(r.shape).toBeUndefined();
    expect(Object.keys(r.errors).sort()).toEqual(['m', 'n']);
    expect(say(r.errors.m!)).toBe('M must be at least 1 (got 0).');
    expect(say(r.errors.n!)).toMatch(/^N must be a whole number/);
    const k = parseShape({ m: '7', k: '', n: '7' });
    expect(k.shape).toBeUndefined();
    expect(Object.keys(k.errors)).toEqual(['k']);
    expect(say(k.errors.k!)).toBe('K is required: enter a whole number from 1 to 1,048,576.');
  });

  it('all three bad → three messages', () => {
    const r = parseShape({ m: '', k: '-1', n: '2.5' });
    expect(r.shape).toBeUndefined();
    expect(Object.keys(r.errors).sort()).toEqual(['k', 'm', 'n']);
  });
});

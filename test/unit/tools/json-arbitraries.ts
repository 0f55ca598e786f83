// Generators for the incremental JSON property tests: JSON values, a randomised serializer (whitespace,
// \uXXXX escapes of any code unit incl. surrogate halves, exponent forms) and random splittings.
import fc from 'fast-check';
import { mulberry32 } from '../../support/seeded-random';


const scalarString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('', '"', '\\', '/', '\u0000\u001f', '😀👍🏽', '\ud800', '\udc00x', 'line1\nline2\r\n\ttab', '</tool_call>'),
);

const scalarNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e21, 5e-324, -1.5e-7, 123456789012345680000, 0.1),
);

export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'medium', withCrossShrink: true },
    scalarString,
    scalarNumber,
    fc.boolean(),
    fc.constant(null),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', '0', '10')), tie('value'), {
    maxKeys: 5,
    noNullPrototype: true,
  }),
})).value;

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * JSON text for `value`, with random whitespace, escapes and number spellings chosen by `seed`. With a
 * `corruption` rate above 0, grammar points are broken at that rate (trailing or doubled commas, missing
 * colons, bad escapes, raw control characters, leading zeros, cut literals, non-JSON whitespace...).
 */
export function serialize(value: unknown, seed: number, corruption = 0): string {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const broken = () => corruption > 0 && random() < corruption;
  const ws = () => {
    let out = broken() ? pick(['\u00a0', '\v', '\f', '\u2028']) : '';
    while (random() < 0.3) out += ' \n\t\r'[Math.floor(random() * 4)];
    return out;
  };
  const hex4 = (code: number) => {
    const hex = code.toString(16).padStart(4, '0');
    return random() < 0.5 ? hex : hex.toUpperCase();
  };
  const str = (text: string) => {
    let out = broken() ? "'" : '"';
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      const code = text.charCodeAt(i);
      if (broken()) out += pick(['\\x', '\\u12', '\\', '\u0001', '\n', '\\U0041']);
      else if (random() < 0.1) out += `\\u${hex4(code)}`;
      else if (SHORT_ESCAPES[ch]) out += SHORT_ESCAPES[ch];
      else if (code < 0x20) out += `\\u${hex4(code)}`;
      else if (ch === '/' && random() < 0.5) out += '\\/';
      else out += ch;
    }
    return `${out}${broken() ? '' : '"'}`;
  };
  const num = (n: number) => {
    if (broken()) return pick(['01', '1.', '.5', '+1', '1e', '-', '1e+', '--1', '0x10', 'NaN', 'Infinity', '1_000', '1.2.3', '-01', '1e5.5', '1.e3', '00', '-.5']);
    const plain = JSON.stringify(n);
    if (random() < 0.3 && n !== 0) {
      const exp = n.toExponential();
      return random() < 0.5 ? exp : exp.replace('e', 'E');
    }
    return plain;
  };
  const literal = (text: string) => (broken() ? pick([text.slice(0, -1), text.toUpperCase(), `${text}e`, 'undefined']) : text);
  const comma = () => (broken() ? pick([',,', '', ';']) : ',');
  const close = (bracket: string) => (broken() ? pick([`,${bracket}`, '', bracket + bracket, bracket === ']' ? '}' : ']']) : bracket);
  const write = (v: unknown): string => {
    if (v === null) return literal('null');
    if (typeof v === 'boolean') return literal(String(v));
    if (typeof v === 'number') return num(v);
    if (typeof v === 'string') return str(v);
    if (Array.isArray(v)) return `[${ws()}${v.map((item) => `${ws()}${write(item)}${ws()}`).join(comma())}${close(']')}`;
    const entries = Object.keys(v as object).map((key) => {
      const name = broken() ? key.replace(/\W/g, '') || 'k' : str(key);
      return `${ws()}${name}${ws()}${broken() ? pick(['', '=', '::']) : ':'}${ws()}${write((v as Record<string, unknown>)[key])}${ws()}`;
    });
    return `{${ws()}${entries.join(comma())}${close('}')}`;
  };
  return `${ws()}${write(value)}${ws()}`;
}

/** Piece sizes cycled over the text: 1 to 8 characters, as providers send them. */
export const pieceSizes = fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 12 });

export function split(text: string, sizes: readonly number[]): string[] {
  const pieces: string[] = [];
  for (let i = 0, k = 0; i < text.length; k++) {
    const size = sizes[k % sizes.length]!;
    pieces.push(text.slice(i, i + size));
    i += size;
  }
  return pieces;
}

/**
 * The prefix-consistency of a partial value P with the final value F:
 * - a string P is a prefix of F (an unfinished string); any other scalar equals F exactly (Object.is);
 * - an array P has at most F's length, every element is consistent, and all but the last equal F's exactly;
 * - an object P has a subset of F's keys, every value is consistent, and at most one differs from F's.
 * Returns a description of the first violation, or undefined.
 */
export function prefixViolation(partial: unknown, final: unknown, path = '$'): string | undefined {
  if (typeof final === 'string') {
    return typeof partial === 'string' && final.startsWith(partial) ? undefined : `${path}: ${JSON.stringify(partial)} is not a prefix`;
  }
  if (final === null || typeof final !== 'object') return Object.is(partial, final) ? undefined : `${path}: scalar differs`;
  if (Array.isArray(final)) {
    if (!Array.isArray(partial) || partial.length > final.length) return `${path}: not a shorter array`;
    for (let i = 0; i < partial.length; i++) {
      const v = prefixViolation(partial[i], final[i], `${path}[${i}]`);
      if (v) return v;
      if (i < partial.length - 1 && !deepEqual(partial[i], final[i])) return `${path}[${i}]: completed element differs`;
    }
    return undefined;
  }
  if (partial === null || typeof partial !== 'object' || Array.isArray(partial)) return `${path}: not an object`;
  let unfinished = 0;
  for (const key of Object.keys(partial)) {
    if (!Object.prototype.hasOwnProperty.call(final, key)) return `${path}.${key}: key not in final`;
    const p = (partial as Record<string, unknown>)[key];
    const f = (final as Record<string, unknown>)[key];
    const v = prefixViolation(p, f, `${path}.${key}`);
    if (v) return v;
    if (!deepEqual(p, f) && ++unfinished > 1) return `${path}: more than one unfinished member`;
  }
  return undefined;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Tool arguments are objects: a non-empty object of arbitrary values, larger than a random value usually is. */
export const jsonDocument: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(fc.string({ maxLength: 10 }), jsonValue, {
  minKeys: 1,
  maxKeys: 8,
  noNullPrototype: true,
});

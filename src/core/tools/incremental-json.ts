// A resumable JSON parser for streamed tool arguments (behaviour 6). Each `feed` costs time proportional to the
// delta: the state machine keeps its stack and partial tokens between feeds and builds the value tree in place,
// so `value` is O(1). The partial value shows completed scalars, every container opened so far and the prefix
// of an unfinished string; an unfinished number, literal or key is left out until it completes.
import { ChunkedString } from './chunked-string';

/** Malformed JSON, with the 0-based character offset where it went wrong. */
export class JsonStreamError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
    this.name = 'JsonStreamError';
  }
}

type Container = Record<string, unknown> | unknown[];

// Parser states: numeric constants keep the hot loop a plain integer switch.
const VALUE = 0; // expecting a value: at the root, after ':' or after ',' in an array
const ARRAY_FIRST = 1; // after '[': a value or ']'
const OBJECT_FIRST = 2; // after '{': a key or '}'
const OBJECT_KEY = 3; // after ',' in an object: a key
const COLON = 4;
const AFTER_VALUE = 5; // ',' or the closing bracket of the open container
const END = 6; // the root value is complete: only whitespace may follow
const STRING = 7;
const ESCAPE = 8;
const UNICODE = 9;
const NUMBER = 10;
const LITERAL = 11;
const FAILED = 12;

// Number grammar states: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?
const N_SIGN = 0;
const N_ZERO = 1;
const N_INT = 2;
const N_DOT = 3;
const N_FRAC = 4;
const N_E = 5;
const N_E_SIGN = 6;
const N_EXP = 7;
const N_START = 8; // nothing consumed yet: '-' or a digit comes next

const ESCAPES: Record<number, string> = { 34: '"', 92: '\\', 47: '/', 98: '\b', 102: '\f', 110: '\n', 114: '\r', 116: '\t' };

const EXPECTED: Record<number, string> = {
  [VALUE]: 'a value',
  [ARRAY_FIRST]: "a value or ']'",
  [OBJECT_FIRST]: "a key or '}'",
  [OBJECT_KEY]: 'a key',
  [COLON]: "':'",
  [END]: 'the end of input',
  [STRING]: "the closing '\"' of a string",
  [ESCAPE]: 'an escape sequence',
  [UNICODE]: 'four hex digits',
  [NUMBER]: 'a digit',
  [LITERAL]: 'true, false or null',
};

export class IncrementalJsonParser {
  private state = VALUE;
  private offset = 0;
  private root: unknown = undefined;
  private readonly containers: Container[] = [];
  private readonly isArray: boolean[] = [];
  private readonly keys: string[] = [];
  private depth = 0;
  private readonly str = new ChunkedString();
  private strIsKey = false;
  private strSlot = 0;
  private unicode = 0;
  private unicodeDigits = 0;
  private num = '';
  private numState = N_SIGN;
  private literal = '';
  private literalIndex = 0;
  private literalValue: unknown = null;
  private failure: JsonStreamError | undefined;
  private sawValue = false;

  /** Consumes the next piece of text; throws JsonStreamError on malformed input (and on every later call). */
  feed(chunk: string): void {
    if (this.failure) throw this.failure;
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      switch (this.state) {
        case STRING: {
          let j = i;
          let c = 0;
          while (j < n) {
            c = chunk.charCodeAt(j);
            if (c === 34 || c === 92 || c < 32) break;
            j++;
          }
          if (j > i) this.str.append(i === 0 && j === n ? chunk : chunk.slice(i, j));
          if (j === n) return this.advance(n);
          if (c === 34) this.endString();
          else if (c === 92) this.state = ESCAPE;
          else this.fail('Unescaped control character in a string', j);
          i = j + 1;
          break;
        }
        case ESCAPE: {
          const c = chunk.charCodeAt(i);
          if (c === 117) {
            this.state = UNICODE;
            this.unicode = 0;
            this.unicodeDigits = 0;
          } else {
            const decoded = ESCAPES[c];
            if (decoded === undefined) this.fail(`Invalid escape "\\${chunk[i]}"`, i);
            this.str.append(decoded);
            this.state = STRING;
          }
          i++;
          break;
        }
        case UNICODE: {
          const digit = hexValue(chunk.charCodeAt(i));
          if (digit < 0) this.fail(`Invalid hex digit ${JSON.stringify(chunk[i])} in a \\u escape`, i);
          this.unicode = this.unicode * 16 + digit;
          if (++this.unicodeDigits === 4) {
            // Surrogate halves are appended one code unit at a time, exactly as JSON.parse does.
            this.str.append(String.fromCharCode(this.unicode));
            this.state = STRING;
          }
          i++;
          break;
        }
        case NUMBER:
          i = this.scanNumber(chunk, i);
          break;
        case LITERAL: {
          if (chunk.charCodeAt(i) !== this.literal.charCodeAt(this.literalIndex)) {
            this.fail(`Unexpected character ${JSON.stringify(chunk[i])} in literal "${this.literal}"`, i);
          }
          i++;
          if (++this.literalIndex === this.literal.length) this.completeScalar(this.literalValue);
          break;
        }
        default: {
          const c = chunk.charCodeAt(i);
          if (c === 32 || c === 10 || c === 13 || c === 9) {
            i++;
            break;
          }
          this.structural(c, chunk, i);
          if (this.state !== NUMBER) i++;
        }
      }
    }
    this.advance(n);
  }

  /** Finishes the input: returns the complete value, or throws JsonStreamError if it is incomplete or empty. */
  end(): unknown {
    if (this.failure) throw this.failure;
    if (this.state === NUMBER && this.depth === 0) this.finishNumber(0);
    if (this.state === END) return this.root;
    const expected = this.state === LITERAL ? `"${this.literal}"` : (EXPECTED[this.state] ?? 'more');
    const what = this.sawValue ? `Unexpected end of input, expected ${expected}` : 'No JSON value in the input';
    return this.fail(what, 0);
  }

  /**
   * The value so far, built in place: O(1). The object is owned by the parser and grows with later feeds;
   * copy it (structuredClone) to keep a frozen view.
   */
  get value(): unknown {
    // An unfinished string is (re)placed only when it grew since the last read.
    if (!this.strIsKey && (this.state === STRING || this.state === ESCAPE || this.state === UNICODE) && this.str.changed) {
      this.placeString(this.str.text);
    }
    return this.root;
  }

  get complete(): boolean {
    return this.state === END;
  }

  get error(): JsonStreamError | undefined {
    return this.failure;
  }

  /** True until the first non-whitespace character. */
  get empty(): boolean {
    return !this.sawValue;
  }

  /** Characters consumed so far. */
  get position(): number {
    return this.offset;
  }

  private advance(n: number): void {
    this.offset += n;
  }

  private structural(c: number, chunk: string, i: number): void {
    switch (this.state) {
      case ARRAY_FIRST:
        if (c === 93) return this.close();
        return this.beginValue(c, chunk, i);
      case VALUE:
        return this.beginValue(c, chunk, i);
      case OBJECT_FIRST:
        if (c === 125) return this.close();
        if (c === 34) return this.beginString(true);
        return this.unexpected(chunk, i);
      case OBJECT_KEY:
        if (c === 34) return this.beginString(true);
        return this.unexpected(chunk, i);
      case COLON:
        if (c === 58) {
          this.state = VALUE;
          return;
        }
        return this.unexpected(chunk, i);
      case AFTER_VALUE: {
        const inArray = this.isArray[this.depth - 1]!;
        if (c === 44) {
          this.state = inArray ? VALUE : OBJECT_KEY;
          return;
        }
        if (c === (inArray ? 93 : 125)) return this.close();
        return this.fail(`Unexpected character ${JSON.stringify(chunk[i])}, expected ',' or '${inArray ? ']' : '}'}'`, i);
      }
      default:
        return this.fail(`Unexpected data ${JSON.stringify(chunk[i])} after the JSON value`, i);
    }
  }

  private beginValue(c: number, chunk: string, i: number): void {
    this.sawValue = true;
    if (c === 34) return this.beginString(false);
    if (c === 123) return this.open({}, false);
    if (c === 91) return this.open([], true);
    if (c === 45 || (c >= 48 && c <= 57)) {
      // The first character is consumed by scanNumber, which feed calls next with the same index.
      this.state = NUMBER;
      this.num = '';
      this.numState = N_START;
      return;
    }
    if (c === 116) return this.beginLiteral('true', true);
    if (c === 102) return this.beginLiteral('false', false);
    if (c === 110) return this.beginLiteral('null', null);
    return this.unexpected(chunk, i);
  }

  private beginLiteral(text: string, value: unknown): void {
    this.state = LITERAL;
    this.literal = text;
    this.literalIndex = 1;
    this.literalValue = value;
  }

  private beginString(isKey: boolean): void {
    this.state = STRING;
    this.strIsKey = isKey;
    if (!isKey && this.depth > 0 && this.isArray[this.depth - 1]) {
      this.strSlot = (this.containers[this.depth - 1] as unknown[]).length;
    }
  }

  private endString(): void {
    const text = this.str.take();
    if (this.strIsKey) {
      this.keys[this.depth - 1] = text;
      this.strIsKey = false;
      this.state = COLON;
    } else {
      this.placeString(text);
      this.state = this.depth === 0 ? END : AFTER_VALUE;
    }
  }

  /** Puts a string into its slot: at the end of the string, and for an unfinished one whenever `value` is read. */
  private placeString(text: string): void {
    if (this.depth === 0) this.root = text;
    else if (this.isArray[this.depth - 1]) (this.containers[this.depth - 1] as unknown[])[this.strSlot] = text;
    else setProperty(this.containers[this.depth - 1] as Record<string, unknown>, this.keys[this.depth - 1]!, text);
  }

  private open(container: Container, isArray: boolean): void {
    this.attach(container);
    this.containers[this.depth] = container;
    this.isArray[this.depth] = isArray;
    this.depth++;
    this.state = isArray ? ARRAY_FIRST : OBJECT_FIRST;
  }

  private close(): void {
    this.depth--;
    this.containers[this.depth] = undefined as unknown as Container; // let the parser drop references it no longer needs
    this.state = this.depth === 0 ? END : AFTER_VALUE;
  }

  private completeScalar(value: unknown): void {
    this.attach(value);
    this.state = this.depth === 0 ? END : AFTER_VALUE;
  }

  private attach(value: unknown): void {
    if (this.depth === 0) this.root = value;
    else if (this.isArray[this.depth - 1]) (this.containers[this.depth - 1] as unknown[]).push(value);
    else setProperty(this.containers[this.depth - 1] as Record<string, unknown>, this.keys[this.depth - 1]!, value);
  }

  /** Scans number characters from `i`; returns where scanning stopped (the terminator is processed next). */
  private scanNumber(chunk: string, i: number): number {
    const n = chunk.length;
    const start = i;
    let s = this.numState;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      const digit = c >= 48 && c <= 57;
      if (s === N_INT || s === N_FRAC || s === N_EXP) {
        if (digit) continue;
      } else if (s === N_START) {
        s = c === 45 ? N_SIGN : c === 48 ? N_ZERO : N_INT;
        continue;
      } else if (s === N_SIGN || s === N_DOT || s === N_E_SIGN) {
        if (digit) {
          s = s === N_SIGN ? (c === 48 ? N_ZERO : N_INT) : s === N_DOT ? N_FRAC : N_EXP;
          continue;
        }
        this.fail(`Unexpected character ${JSON.stringify(chunk[i])} in a number, expected a digit`, i);
      } else if (s === N_E) {
        if (digit || c === 43 || c === 45) {
          s = digit ? N_EXP : N_E_SIGN;
          continue;
        }
        this.fail(`Unexpected character ${JSON.stringify(chunk[i])} in a number exponent`, i);
      }
      if (c === 46 && (s === N_ZERO || s === N_INT)) s = N_DOT;
      else if ((c === 101 || c === 69) && (s === N_ZERO || s === N_INT || s === N_FRAC)) s = N_E;
      else {
        this.num += chunk.slice(start, i);
        this.numState = s;
        this.finishNumber(i);
        return i;
      }
    }
    this.num += chunk.slice(start, i);
    this.numState = s;
    return i;
  }

  private finishNumber(at: number): void {
    const s = this.numState;
    if (s !== N_ZERO && s !== N_INT && s !== N_FRAC && s !== N_EXP) this.fail(`Incomplete number "${this.num}"`, at);
    this.completeScalar(Number(this.num));
    this.num = '';
  }

  private unexpected(chunk: string, i: number): never {
    return this.fail(`Unexpected character ${JSON.stringify(chunk[i])}, expected ${EXPECTED[this.state]}`, i);
  }

  /** `at` is an index in the current chunk (0 after the last chunk, from `end`). */
  private fail(message: string, at: number): never {
    this.failure = new JsonStreamError(message, this.offset + at);
    this.state = FAILED;
    throw this.failure;
  }
}

/** `__proto__` must become an own property, as JSON.parse makes it, not a prototype change. */
function setProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** Parses a whole string with the incremental parser: the same errors and positions as streaming it. */
export function parseJsonStrict(text: string): unknown {
  const parser = new IncrementalJsonParser();
  parser.feed(text);
  return parser.end();
}

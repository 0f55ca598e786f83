// A byte-level delta between two versions of a file, so a checkpoint of a one-line change to a large file
// costs the changed bytes, not another copy (the storage target of issue 14). Like git's pack deltas: the base
// is indexed in fixed blocks by a rolling hash; the target is scanned for those blocks, each match is grown
// both ways, and the delta is a list of "copy from the base" and "insert these bytes" instructions.
// Format: varint target length, then ops: 0x00 varint length + literal bytes | 0x01 varint offset varint length.

const BLOCK = 16;
const PRIME = 0x01000193;
/** PRIME ** (BLOCK - 1) modulo 2^32, to drop the byte leaving the rolling window. */
const DROP = (() => {
  let p = 1;
  for (let i = 0; i < BLOCK - 1; i++) p = Math.imul(p, PRIME);
  return p >>> 0;
})();

const LITERAL = 0x00;
const COPY = 0x01;

export function encodeDelta(base: Uint8Array, target: Uint8Array): Uint8Array {
  const out = new ByteWriter(Math.min(target.length, 1024) + 16);
  out.varint(target.length);
  const index = indexBlocks(base);
  let literalStart = 0;
  let i = 0;
  let hash = target.length >= BLOCK ? windowHash(target, 0) : 0;
  while (i + BLOCK <= target.length) {
    const candidate = index.get(hash);
    if (candidate !== undefined && equalBlock(base, candidate, target, i)) {
      let start = candidate;
      let at = i;
      // Grow backwards into the pending literal, forwards as far as both agree.
      while (at > literalStart && start > 0 && base[start - 1] === target[at - 1]) {
        start--;
        at--;
      }
      let end = candidate + BLOCK;
      let targetEnd = i + BLOCK;
      while (end < base.length && targetEnd < target.length && base[end] === target[targetEnd]) {
        end++;
        targetEnd++;
      }
      if (at > literalStart) out.literal(target.subarray(literalStart, at));
      out.copy(start, end - start);
      i = targetEnd;
      literalStart = i;
      if (i + BLOCK <= target.length) hash = windowHash(target, i);
      continue;
    }
    if (i + BLOCK < target.length) hash = roll(hash, target[i]!, target[i + BLOCK]!);
    i++;
  }
  if (literalStart < target.length) out.literal(target.subarray(literalStart));
  return out.bytes();
}

export function applyDelta(base: Uint8Array, delta: Uint8Array): Uint8Array {
  const reader = new ByteReader(delta);
  const length = reader.varint();
  const out = new Uint8Array(length);
  let at = 0;
  while (!reader.done()) {
    const op = reader.byte();
    if (op === LITERAL) {
      const n = reader.varint();
      if (at + n > length) throw new Error('Checkpoint delta is damaged: it writes past its stated length');
      out.set(reader.take(n), at);
      at += n;
    } else if (op === COPY) {
      const offset = reader.varint();
      const n = reader.varint();
      if (offset + n > base.length || at + n > length) throw new Error('Checkpoint delta is damaged: it copies outside its base');
      out.set(base.subarray(offset, offset + n), at);
      at += n;
    } else {
      throw new Error(`Checkpoint delta is damaged: unknown instruction ${op}`);
    }
  }
  if (at !== length) throw new Error('Checkpoint delta is damaged: it is shorter than its stated length');
  return out;
}

/** The first offset of each distinct block of the base, at block boundaries. */
function indexBlocks(base: Uint8Array): Map<number, number> {
  const index = new Map<number, number>();
  for (let i = 0; i + BLOCK <= base.length; i += BLOCK) {
    const hash = windowHash(base, i);
    if (!index.has(hash)) index.set(hash, i);
  }
  return index;
}

function windowHash(bytes: Uint8Array, at: number): number {
  let hash = 0;
  for (let k = 0; k < BLOCK; k++) hash = (Math.imul(hash, PRIME) + bytes[at + k]!) >>> 0;
  return hash;
}

function roll(hash: number, leaving: number, entering: number): number {
  return (Math.imul((hash - Math.imul(leaving, DROP)) >>> 0, PRIME) + entering) >>> 0;
}

function equalBlock(a: Uint8Array, at: number, b: Uint8Array, bt: number): boolean {
  for (let k = 0; k < BLOCK; k++) if (a[at + k] !== b[bt + k]) return false;
  return true;
}

class ByteWriter {
  private buffer: Uint8Array;
  private length = 0;

  constructor(capacity: number) {
    this.buffer = new Uint8Array(capacity);
  }

  varint(value: number): void {
    while (value >= 0x80) {
      this.push(value % 0x80 | 0x80);
      value = Math.floor(value / 0x80);
    }
    this.push(value);
  }

  literal(bytes: Uint8Array): void {
    this.push(LITERAL);
    this.varint(bytes.length);
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  copy(offset: number, length: number): void {
    this.push(COPY);
    this.varint(offset);
    this.varint(length);
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  private push(byte: number): void {
    this.reserve(1);
    this.buffer[this.length++] = byte;
  }

  private reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + n));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}

class ByteReader {
  private at = 0;

  constructor(private readonly bytes: Uint8Array) {}

  done(): boolean {
    return this.at >= this.bytes.length;
  }

  byte(): number {
    if (this.at >= this.bytes.length) throw new Error('Checkpoint delta is damaged: it ends early');
    return this.bytes[this.at++]!;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.byte();
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
      if (scale > 2 ** 49) throw new Error('Checkpoint delta is damaged: a number is too long');
    }
  }

  take(n: number): Uint8Array {
    if (this.at + n > this.bytes.length) throw new Error('Checkpoint delta is damaged: it ends early');
    const slice = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return slice;
  }
}

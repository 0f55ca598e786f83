// Pack files for checkpoint objects: many objects in one file, like git's packs. A workspace snapshot writes its
// new objects into one pack instead of one file each: on the disks measured, creating and renaming a small
// file costs about a millisecond, so the first snapshot of 6,458 files spent most of its time creating them,
// while appending the same bytes to one file takes a tenth of a second.
// Layout: the magic "RLYPACK1"; the objects' bytes back to back; an index (per object: its sha-256, form, the
// delta's base, offset and length); a JSON note of the packs this one replaces; a footer (index offset, object
// count, note length, "RLYPEND1"). A pack is written under a temporary name and renamed when complete, so a
// pack under its own name is always whole; it is never changed afterwards, only replaced by a repacked one
// (see object-store.ts).
import * as fsSync from 'node:fs';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { faultPoint } from '../storage/fault-point';

const MAGIC = Buffer.from('RLYPACK1');
const FOOTER_MAGIC = Buffer.from('RLYPEND1');
const FOOTER_BYTES = 8 + 4 + 4 + 8;
const RECORD_BYTES = 32 + 1 + 32 + 8 + 4;
const NO_BASE = Buffer.alloc(32);

/** How an object's bytes are kept: as they are, deflated, or as a deflated delta against `base`. */
export type RecordForm = 'raw' | 'deflated' | 'delta';
const FORMS: readonly RecordForm[] = ['raw', 'deflated', 'delta'];

export interface PackRecord {
  hash: string;
  form: RecordForm;
  base?: string;
  offset: number;
  length: number;
}

export interface PackContents {
  records: PackRecord[];
  /** Ids of the packs whose live objects this one holds (a repack): they are deleted when found. */
  replaces: string[];
}

export const PACK_SUFFIX = '.pack';

export function packPath(directory: string, id: string): string {
  return join(directory, id + PACK_SUFFIX);
}

/**
 * Appends objects to a new pack under a temporary name; `seal` makes it a pack. Synchronous writes: they land in
 * the page cache in microseconds, where a promise-based write costs a round trip through the thread pool per
 * object (several times slower on a loaded machine).
 */
export class PackWriter {
  readonly records: PackRecord[] = [];
  private offset = MAGIC.length;
  private fd: number | undefined;

  private constructor(
    readonly id: string,
    readonly tempPath: string,
    readonly finalPath: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  static create(directory: string, id: string, tempSuffix: string): PackWriter {
    fsSync.mkdirSync(directory, { recursive: true });
    const finalPath = packPath(directory, id);
    const tempPath = `${finalPath}.${tempSuffix}.tmp`;
    const fd = fsSync.openSync(tempPath, 'wx');
    try {
      fsSync.writeSync(fd, MAGIC, 0, MAGIC.length, 0);
    } catch (error) {
      fsSync.closeSync(fd);
      fsSync.rmSync(tempPath, { force: true });
      throw error;
    }
    return new PackWriter(id, tempPath, finalPath, fd);
  }

  get bytes(): number {
    return this.offset;
  }

  /** Writes one object at the end of the pack. */
  append(hash: string, form: RecordForm, data: Uint8Array, base?: string): PackRecord {
    if (this.fd === undefined) throw new Error('the pack is closed');
    const record: PackRecord = { hash, form, ...(base ? { base } : {}), offset: this.offset, length: data.length };
    writeAll(this.fd, data, record.offset);
    this.offset += data.length;
    this.records.push(record);
    return record;
  }

  /** Writes the index and footer and renames the pack into place. */
  seal(replaces: readonly string[] = []): void {
    if (this.fd === undefined) throw new Error('the pack is closed');
    const index = Buffer.alloc(this.records.length * RECORD_BYTES);
    this.records.forEach((record, i) => {
      const at = i * RECORD_BYTES;
      Buffer.from(record.hash, 'hex').copy(index, at);
      index.writeUInt8(FORMS.indexOf(record.form), at + 32);
      (record.base ? Buffer.from(record.base, 'hex') : NO_BASE).copy(index, at + 33);
      index.writeBigUInt64LE(BigInt(record.offset), at + 65);
      index.writeUInt32LE(record.length, at + 73);
    });
    const note = Buffer.from(JSON.stringify({ replaces }));
    const footer = Buffer.alloc(FOOTER_BYTES);
    footer.writeBigUInt64LE(BigInt(this.offset), 0);
    footer.writeUInt32LE(this.records.length, 8);
    footer.writeUInt32LE(note.length, 12);
    FOOTER_MAGIC.copy(footer, 16);
    writeAll(this.fd, Buffer.concat([index, note, footer]), this.offset);
    fsSync.closeSync(this.fd);
    this.fd = undefined;
    faultPoint('checkpoint-object');
    fsSync.renameSync(this.tempPath, this.finalPath);
  }

  abort(): void {
    if (this.fd !== undefined) fsSync.closeSync(this.fd);
    this.fd = undefined;
    fsSync.rmSync(this.tempPath, { force: true });
  }
}

function writeAll(fd: number, data: Uint8Array, position: number): void {
  for (let done = 0; done < data.length; ) done += fsSync.writeSync(fd, data, done, data.length - done, position + done);
}

/** The index and note of a sealed pack; throws when it is not a whole pack. */
export async function readPackContents(path: string): Promise<PackContents & { fileBytes: number }> {
  const handle = await fs.open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size < MAGIC.length + FOOTER_BYTES) throw new Error('too short to be a pack');
    const footer = await readAt(handle, size - FOOTER_BYTES, FOOTER_BYTES);
    if (!footer.subarray(16).equals(FOOTER_MAGIC)) throw new Error('no pack footer');
    const indexOffset = Number(footer.readBigUInt64LE(0));
    const count = footer.readUInt32LE(8);
    const noteLength = footer.readUInt32LE(12);
    if (indexOffset + count * RECORD_BYTES + noteLength + FOOTER_BYTES !== size) throw new Error('pack footer does not match its size');
    const tail = await readAt(handle, indexOffset, count * RECORD_BYTES + noteLength);
    const records: PackRecord[] = [];
    for (let i = 0; i < count; i++) {
      const at = i * RECORD_BYTES;
      const form = FORMS[tail.readUInt8(at + 32)];
      if (!form) throw new Error('unknown object form in pack index');
      const base = tail.subarray(at + 33, at + 65);
      const offset = Number(tail.readBigUInt64LE(at + 65));
      const length = tail.readUInt32LE(at + 73);
      if (offset < MAGIC.length || offset + length > indexOffset) throw new Error('pack index points outside the pack');
      records.push({ hash: tail.subarray(at, at + 32).toString('hex'), form, ...(base.equals(NO_BASE) ? {} : { base: base.toString('hex') }), offset, length });
    }
    const note = JSON.parse(tail.subarray(count * RECORD_BYTES).toString('utf8')) as { replaces?: unknown };
    const replaces = Array.isArray(note.replaces) ? note.replaces.filter((id): id is string => typeof id === 'string') : [];
    return { records, replaces, fileBytes: size };
  } finally {
    await handle.close();
  }
}

/** One object's stored bytes. */
export async function readRecord(path: string, record: PackRecord): Promise<Buffer> {
  const handle = await fs.open(path, 'r');
  try {
    return await readAt(handle, record.offset, record.length);
  } finally {
    await handle.close();
  }
}

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) throw new Error('pack ends early');
    done += bytesRead;
  }
  return buffer;
}

// The object store under the checkpoints: small changes stored as deltas against the previous version's full
// copy (bounded to one hop), dedup, garbage collection that keeps the bases deltas need, and clear errors for
// a missing or damaged object.
import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { hashBytes, ObjectStore } from '../../../src/host/checkpoints/object-store';

let dir: string;

/** Version `n` of a 60 KiB text file: the first n lines changed. */
function version(n: number): Buffer {
  const lines = Array.from({ length: 1500 }, (_, i) => `line ${i}: value ${(i * 7919) % 1009} of the original file`);
  for (let i = 0; i < n; i++) lines[i * 13] = `changed in version ${i + 1}`;
  return Buffer.from(lines.join('\n'));
}

async function objectFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) out.push(entry.name);
  return out.sort();
}

beforeEach(async () => {
  dir = join(await fs.mkdtemp(join(tmpdir(), 'relay-objects-')), 'objects');
});

afterEach(async () => {
  await fs.rm(join(dir, '..'), { recursive: true, force: true });
});

describe('checkpoint object store', () => {
  test('each version of a file is a small delta against one full copy, and every version reads back intact', async () => {
    const store = await ObjectStore.open(dir);
    const hashes: string[] = [];
    let previous: string | undefined;
    for (let n = 0; n < 12; n++) {
      previous = await store.put(version(n), undefined, previous);
      hashes.push(previous);
    }
    assert.equal(store.count, 12);
    assert.equal(store.deltaCount, 11, 'every later version is a delta');
    const names = await objectFiles();
    const full = names.filter((name) => !name.includes('.'));
    assert.deepEqual(full, [hashes[0]], 'one full copy; deltas name it as their base');
    assert.ok(names.filter((name) => name.includes('.')).every((name) => name.endsWith(`.${hashes[0]}`)));
    const fullSize = (await fs.stat(join(dir, hashes[0]!.slice(0, 2), hashes[0]!))).size;
    assert.ok(store.size < fullSize * 1.5, `12 versions take ${store.size} bytes against ${fullSize} for one copy`);
    // A store opened afresh finds the deltas by name and reads every version back.
    const reopened = await ObjectStore.open(dir);
    assert.equal(reopened.size, store.size);
    for (let n = 0; n < 12; n++) assert.deepEqual(await reopened.get(hashes[n]!), version(n));
  });

  test('identical contents are stored once; a big change gets a new full copy instead of a delta', async () => {
    const store = await ObjectStore.open(dir);
    const first = await store.put(version(0));
    assert.equal(await store.put(version(0), undefined, first), first);
    assert.equal(store.count, 1);
    const unrelated = Buffer.from(Array.from({ length: 3000 }, (_, i) => `${(i * 104729) % 65521} something else entirely`).join('\n'));
    const other = await store.put(unrelated, undefined, first);
    assert.equal(store.deltaCount, 0, 'a delta over half the full copy is not kept');
    assert.deepEqual(await store.get(other), unrelated);
    const deltaStore = await ObjectStore.open(join(dir, '..', 'no-deltas'), { deltas: false });
    await deltaStore.put(version(0));
    await deltaStore.put(version(1), undefined, hashBytes(version(0)));
    assert.equal(deltaStore.deltaCount, 0, 'the full-copy baseline never stores deltas');
  });

  test('garbage collection keeps the base a kept delta needs, and frees it once nothing needs it', async () => {
    const store = await ObjectStore.open(dir);
    const v0 = await store.put(version(0));
    const v1 = await store.put(version(1), undefined, v0);
    const v2 = await store.put(version(2), undefined, v1);
    // Only v2 is still referred to (older tasks evicted): its base v0 stays, v1 goes.
    await store.sweep(new Set([v2]));
    assert.equal(store.has(v0), true);
    assert.equal(store.has(v1), false);
    assert.deepEqual(await store.get(v2), version(2));
    assert.deepEqual((await objectFiles()).sort(), [v0, `${v2}.${v0}`].sort());
    const freed = await store.sweep(new Set());
    assert.ok(freed > 0);
    assert.equal(store.size, 0);
    assert.deepEqual(await objectFiles(), []);
  });

  test('a missing or damaged object, or a delta whose base is gone, is a clear error', async () => {
    const store = await ObjectStore.open(dir);
    const v0 = await store.put(version(0));
    const v1 = await store.put(version(1), undefined, v0);
    await assert.rejects(store.get('0'.repeat(64)), /Checkpoint object 0{64} is missing/);
    const deltaPath = join(dir, v1.slice(0, 2), `${v1}.${v0}`);
    const packed = await fs.readFile(deltaPath);
    await fs.writeFile(deltaPath, packed.subarray(0, packed.length - 4));
    await assert.rejects(store.get(v1), new RegExp(`Checkpoint object ${v1} is damaged`));
    await fs.writeFile(deltaPath, packed);
    await fs.rm(join(dir, v0.slice(0, 2), v0));
    await assert.rejects(store.get(v1), new RegExp(`Checkpoint object ${v1} is damaged: Checkpoint object ${v0} could not be read`));
    const a = await store.put(Buffer.from('plain content'));
    await fs.writeFile(join(dir, a.slice(0, 2), a), (await import('node:zlib')).deflateSync(Buffer.from('other content')));
    await assert.rejects(store.get(a), /does not match its hash/);
  });
});

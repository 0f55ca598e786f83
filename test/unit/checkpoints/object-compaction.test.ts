// Packs and deferred compression in the checkpoint object store: a batch (a workspace snapshot) stores its new
// objects raw in one pack; a repack later deflates them and drops freed ones. Reads, sweeps and verification
// interleave with the repack; every state a crash can leave (a pack beside the packs it replaced, temporary
// packs, a process killed part-way through a batch or a repack) opens to a whole store.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { hashBytes, ObjectStore } from '../../../src/host/checkpoints/object-store';

let dir: string;

/** Distinct, compressible contents of a few KiB each. */
function content(i: number): Buffer {
  return Buffer.from(Array.from({ length: 40 + (i % 7) * 20 }, (_, line) => `object ${i} line ${line}: ${(line * 7919 + i) % 1009}`).join('\n'));
}

/** Every file under the store, by path below it. */
async function files(): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) out.push(join(entry.parentPath, entry.name).slice(dir.length + 1));
  return out.sort();
}

async function batchOf(store: ObjectStore, items: Buffer[]): Promise<string[]> {
  store.beginBatch();
  const hashes = await Promise.all(items.map((bytes) => store.put(bytes)));
  await store.commitBatch();
  return hashes;
}

const contents = (n: number, from = 0) => Array.from({ length: n }, (_, i) => content(from + i));

beforeEach(async () => {
  dir = join(await fs.mkdtemp(join(tmpdir(), 'relay-packs-')), 'objects');
});

afterEach(async () => {
  await fs.rm(join(dir, '..'), { recursive: true, force: true });
});

describe('checkpoint object packs', () => {
  test('a batch writes one pack, raw, readable before and after it is committed and after the store is reopened', async () => {
    const store = await ObjectStore.open(dir);
    const items = contents(30);
    store.beginBatch();
    const hashes = await Promise.all(items.map((bytes) => store.put(bytes)));
    for (let i = 0; i < items.length; i++) assert.deepEqual(await store.get(hashes[i]!), items[i], 'readable from the pack being written');
    assert.deepEqual((await files()).map((name) => name.replace(/[^/]*\.pack\.\d+-\d+\.tmp$/, 'PACK.tmp')), ['packs/PACK.tmp'], 'one temporary pack, no loose file');
    await store.commitBatch();
    const names = await files();
    assert.equal(names.length, 1);
    assert.match(names[0]!, /^packs\/[^/]+\.pack$/);
    assert.equal(store.rawCount, 30);
    assert.equal(store.size, items.reduce((sum, bytes) => sum + bytes.length, 0), 'raw: the size is the contents');
    const reopened = await ObjectStore.open(dir);
    assert.equal(reopened.count, 30);
    assert.equal(reopened.size, store.size);
    for (let i = 0; i < items.length; i++) assert.deepEqual(await reopened.get(hashes[i]!), items[i]);
    // A batch that stores nothing new writes no pack.
    reopened.beginBatch();
    await reopened.put(items[0]!);
    await reopened.commitBatch();
    assert.equal((await files()).length, 1);
  });

  test('a repack deflates into one new pack, replacing the old ones, and every read between its steps gets the same bytes', async () => {
    const store = await ObjectStore.open(dir);
    const items = [...contents(20), ...contents(20, 20)];
    const hashes = [...(await batchOf(store, items.slice(0, 20))), ...(await batchOf(store, items.slice(20)))];
    assert.equal(store.packCount, 2);
    const rawSize = store.size;
    let steps = 0;
    const result = await store.repack(undefined, 16 * 1024, async (step) => {
      steps++;
      for (let i = 0; i < items.length; i++) assert.deepEqual(await store.get(hashes[i]!), items[i]);
      return step();
    });
    assert.ok(steps > 3, `in several steps (${steps})`);
    assert.equal(result.before, rawSize);
    assert.equal(store.packCount, 1);
    assert.equal(store.rawCount, 0);
    assert.ok(store.size < rawSize / 3, `${store.size} bytes deflated against ${rawSize} raw`);
    assert.equal((await files()).length, 1, 'the old packs are gone');
    for (let i = 0; i < items.length; i++) assert.deepEqual(await store.get(hashes[i]!), items[i]);
    assert.deepEqual(store.packsToRepack(), [], 'nothing left to do');
    const reopened = await ObjectStore.open(dir);
    assert.equal(reopened.size, store.size);
    assert.deepEqual(await reopened.verify(), { checked: 40, damaged: [] });
  });

  test('a changed file in a batch is a delta against its previous version, before and after the repack', async () => {
    const store = await ObjectStore.open(dir);
    const v0 = Buffer.from(Array.from({ length: 400 }, (_, i) => `line ${i}: ${hashBytes(Buffer.from(String(i)))}`).join('\n'));
    const v1 = Buffer.from(v0.toString().replace('line 200:', 'LINE 200:'));
    const [h0] = await batchOf(store, [v0]);
    store.beginBatch();
    const h1 = await store.put(v1, undefined, h0);
    await store.commitBatch();
    assert.equal(store.deltaCount, 1);
    assert.deepEqual(await store.get(h1), v1);
    await store.repack();
    assert.equal(store.deltaCount, 1);
    assert.deepEqual(await store.get(h1), v1);
    assert.deepEqual(await (await ObjectStore.open(dir)).get(h1), v1);
  });

  test('objects freed by a sweep during a repack, at any step, are left out and counted nowhere', async () => {
    const items = contents(24);
    const setup = async () => {
      await fs.rm(dir, { recursive: true, force: true });
      const store = await ObjectStore.open(dir);
      return { store, hashes: await batchOf(store, items) };
    };
    // How many steps the repack takes (the last one is the swap), then a sweep before each of several of them.
    let total = 0;
    await (await setup()).store.repack(undefined, 8 * 1024, (run) => (total++, run()));
    assert.ok(total >= 4, `${total} steps`);
    for (const sweepAt of [1, 2, Math.ceil(total / 2), total]) {
      const { store, hashes } = await setup();
      const keep = new Set(hashes.filter((_, i) => i % 3 === 0));
      let step = 0;
      await store.repack(undefined, 8 * 1024, async (run) => {
        if (++step === sweepAt) await store.sweep(keep);
        return run();
      });
      assert.equal(step, total);
      assert.equal(store.count, keep.size, `sweep before step ${sweepAt} of ${total}`);
      assert.equal((await files()).length, 1);
      for (const hash of keep) assert.deepEqual(await store.get(hash), items[hashes.indexOf(hash)]);
      // What was copied before the sweep is dead space in the new pack, for the next repack to drop.
      const reopened = await ObjectStore.open(dir);
      if (reopened.count > keep.size) {
        await reopened.sweep(keep);
        await reopened.repack();
      }
      assert.equal(reopened.count, keep.size);
      assert.equal(reopened.size, store.size, 'the size counted is the live objects');
      assert.deepEqual(await reopened.verify(), { checked: keep.size, damaged: [] });
    }
  });

  test('a damaged object in a pack is reported by verify with its hash, and the others still read', async () => {
    const store = await ObjectStore.open(dir);
    const items = contents(5);
    const hashes = await batchOf(store, items);
    const [pack] = await files();
    const bytes = await fs.readFile(join(dir, pack!));
    const at = bytes.indexOf(items[2]!);
    bytes.write('XXXX', at + 10);
    await fs.writeFile(join(dir, pack!), bytes);
    const result = await store.verify();
    assert.deepEqual(result.damaged.map((d) => d.hash), [hashes[2]]);
    assert.match(result.damaged[0]!.error, /does not match its hash/);
    assert.deepEqual(await store.get(hashes[1]!), items[1]);
  });

  test('what a crash can leave opens to a whole store: a repacked pack beside the packs it replaces, temporary packs', async () => {
    const store = await ObjectStore.open(dir);
    const items = contents(12);
    const hashes = await batchOf(store, items);
    const [oldPack] = await files();
    const oldBytes = await fs.readFile(join(dir, oldPack!));
    await store.repack();
    // Crash after the repacked pack was renamed into place, before the old one was deleted.
    await fs.writeFile(join(dir, oldPack!), oldBytes);
    // Crash while a pack was written: the temporary pack of a process now gone; another process's, still running.
    const dead = join(dir, 'packs', `x.pack.${await exitedPid()}-1.tmp`);
    const live = join(dir, 'packs', `y.pack.${process.ppid}-1.tmp`);
    await fs.writeFile(dead, 'RLYPACK1 half written');
    await fs.writeFile(live, 'RLYPACK1 being written');
    const reopened = await ObjectStore.open(dir);
    const names = await files();
    assert.equal(names.length, 2, names.join(', '));
    assert.ok(!names.includes(oldPack!), 'the replaced pack is deleted');
    assert.ok(names.includes(live.slice(dir.length + 1)), 'a running process\'s temporary pack is not ours to delete');
    assert.equal(reopened.count, 12);
    assert.equal(reopened.size, store.size);
    assert.deepEqual(await reopened.verify(), { checked: 12, damaged: [] });
    for (let i = 0; i < items.length; i++) assert.deepEqual(await reopened.get(hashes[i]!), items[i]);
  });

  test('an aborted batch forgets its objects and deletes its pack', async () => {
    const store = await ObjectStore.open(dir);
    const kept = await store.put(content(99));
    store.beginBatch();
    const hashes = await Promise.all(contents(5).map((bytes) => store.put(bytes)));
    await store.abortBatch();
    assert.deepEqual(hashes.map((hash) => store.has(hash)), [false, false, false, false, false]);
    assert.equal(store.count, 1);
    assert.deepEqual(await files(), [`${kept.slice(0, 2)}/${kept}`]);
  });

  test('a process killed part-way through a repack or a batch leaves every object readable, no temporary file, and a repack that finishes', async () => {
    const setup = await ObjectStore.open(dir);
    const items = [...contents(40), ...contents(40, 40)];
    const hashes = [...(await batchOf(setup, items.slice(0, 40))), ...(await batchOf(setup, items.slice(40)))];
    for (const [mode, steps] of [['repack', 1], ['batch', 1], ['repack', 3], ['batch', 4], ['repack', 6]] as const) {
      await killAfter(mode, steps);
      const store = await ObjectStore.open(dir);
      assert.ok((await files()).every((name) => !name.endsWith('.tmp')), `${mode} killed after ${steps} steps: no temporary file left`);
      assert.equal(store.count, 80, 'the uncommitted batch left nothing; the repack lost nothing');
      assert.deepEqual(await store.verify(), { checked: 80, damaged: [] });
    }
    const store = await ObjectStore.open(dir);
    await store.repack();
    assert.equal(store.rawCount, 0);
    assert.equal((await files()).length, 1);
    for (let i = 0; i < hashes.length; i++) assert.deepEqual(await store.get(hashes[i]!), items[i]);
  });
});

/** Runs the child in `mode` and kills it with SIGKILL as it goes on from step `steps`. */
async function killAfter(mode: 'repack' | 'batch', steps: number): Promise<void> {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', join(__dirname, '../../support/checkpoints/compaction-child.ts'), dir, mode], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  let seen = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === 'done') assert.fail(`the ${mode} finished before the kill after ${steps} steps`);
    if (line !== 'step') continue;
    child.stdin.write('next\n');
    if (++seen === steps) {
      child.kill('SIGKILL'); // inside the next step's reads, deflating, writes or renames
      break;
    }
  }
  assert.equal(await exited, 'SIGKILL');
}

/** The pid of a process that has exited. */
async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

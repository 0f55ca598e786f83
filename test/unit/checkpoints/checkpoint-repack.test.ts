// The checkpoint store's background repack: a workspace snapshot returns with its objects raw in one pack; the
// repack deflates them in turns of the store's queue while steps and restores go on, and the storage cap is
// enforced on the deflated sizes once it is done, never on the raw ones.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { changesToApply } from '../../../src/core/checkpoints/restore-plan';
import { CheckpointStore, type CheckpointSettings, DEFAULT_CHECKPOINT_SETTINGS } from '../../../src/host/checkpoints/checkpoint-store';

let base: string;
let ws: string;
let settings: CheckpointSettings;
let clock: number;
let warnings: string[];

function store(inlineCompactionBytes = 0): CheckpointStore {
  return new CheckpointStore({
    directory: join(base, 'storage'),
    roots: () => [ws],
    settings: () => settings,
    logger: { info: () => undefined, warn: (m, e) => warnings.push(`${m}: ${String(e)}`) },
    now: () => (clock += 1000),
    inlineCompactionBytes,
  });
}

/** A compressible text file of about `kib` KiB, different for each seed. */
function text(seed: number, kib = 8): string {
  return Array.from({ length: kib * 20 }, (_, i) => `seed ${seed} line ${i}: ${(i * 7919 + seed) % 1009}`).join('\n');
}

async function write(rel: string, content: string): Promise<void> {
  await fs.mkdir(join(ws, rel, '..'), { recursive: true });
  await fs.writeFile(join(ws, rel), content);
}

async function digest(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(ws, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out[join(entry.parentPath, entry.name).slice(ws.length + 1)] = createHash('sha256').update(await fs.readFile(join(entry.parentPath, entry.name))).digest('hex');
  }
  return out;
}

/** Synchronous, so a check made right after a step sees the store before the background repack's first turn. */
function storageFiles(): string[] {
  return readdirSync(join(base, 'storage', 'objects'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

beforeEach(async () => {
  base = await fs.mkdtemp(join(tmpdir(), 'relay-cp-repack-'));
  ws = join(base, 'ws');
  await fs.mkdir(ws);
  settings = { ...DEFAULT_CHECKPOINT_SETTINGS };
  clock = Date.now() + 60_000;
  warnings = [];
});

afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('checkpoint store, background repack', () => {
  test('a snapshot returns with its objects raw in one pack; restores during the repack bring back every byte; afterwards all is deflated and verifies', async () => {
    for (let i = 0; i < 40; i++) await write(`dir${i % 5}/file${i}.txt`, text(i));
    const before = await digest();
    const s = store();
    const first = (await s.capture({ taskId: 't1', itemId: 'c1', label: 'cmd' }))!;
    const rawBytes = await s.storageBytes();
    assert.deepEqual(storageFiles().map((name) => name.endsWith('.pack')), [true], 'one pack, not a file per object');
    assert.equal(first.stats.read, 40);
    const fileBytes = Object.keys(before).length && (await Promise.all(Array.from({ length: 40 }, (_, i) => fs.stat(join(ws, `dir${i % 5}/file${i}.txt`))))).reduce((sum, st) => sum + st.size, 0);
    assert.ok(rawBytes > fileBytes, `stored raw at first (${rawBytes} bytes for ${fileBytes} bytes of files)`);
    // The repack is started at once (it would wait for a quiet moment) and not awaited: the command changes
    // everything, and restoring runs while the repack is under way.
    const repacking = s.settled();
    for (let i = 0; i < 40; i++) await write(`dir${i % 5}/file${i}.txt`, `changed ${i}`);
    await write('new.txt', 'created by the command');
    await s.afterStep(first.id);
    const planned = (await s.planRestore('t1', first.id))!;
    await s.apply(changesToApply(planned.plan, true));
    const restored = await digest();
    assert.deepEqual(restored, before);
    await repacking;
    await s.settled();
    assert.ok((await s.storageBytes()) < rawBytes / 3, `deflated: ${await s.storageBytes()} bytes against ${rawBytes} raw`);
    assert.ok(storageFiles().every((name) => !name.endsWith('.tmp')));
    assert.deepEqual(warnings, []);
    const verified = await s.verify();
    assert.deepEqual(verified.problems, []);
    assert.ok(verified.objects >= 40);
    // Opened afresh (a new window), it restores the same.
    for (let i = 0; i < 40; i++) await write(`dir${i % 5}/file${i}.txt`, `changed again ${i}`);
    const again = store();
    await again.apply(changesToApply((await again.planRestore('t1', first.id))!.plan, true));
    assert.deepEqual(await digest(), before);
  });

  test('the storage cap is enforced on the deflated sizes once the repack is done, not on the raw ones', async () => {
    await write('old.txt', text(1000, 4));
    const s = store();
    const old = (await s.beforeStep({ taskId: 'old', itemId: 'c', label: 'edit', paths: [join(ws, 'old.txt')] }))!;
    await s.afterStep(old);
    await s.settled();
    for (let i = 0; i < 30; i++) await write(`src/file${i}.txt`, text(i));
    // Raw, the snapshot is over the cap; deflated, it and the old task fit.
    const probe = new CheckpointStore({ directory: join(base, 'probe'), roots: () => [ws], settings: () => settings, now: () => (clock += 1000), inlineCompactionBytes: Infinity });
    await probe.capture({ taskId: 'p', itemId: 'c', label: 'cmd' });
    const deflated = await probe.storageBytes();
    settings = { ...settings, maxStorageBytes: deflated + 8 * 1024 };
    const id = (await s.beforeStep({ taskId: 'new', itemId: 'c', label: 'cmd' }))!;
    assert.ok((await s.storageBytes()) > settings.maxStorageBytes, 'over the cap while raw');
    await s.afterStep(id);
    await s.settled();
    assert.equal((await s.steps('old')).length, 1, 'the old task keeps its checkpoint: deflated, everything fits');
    assert.ok((await s.storageBytes()) <= settings.maxStorageBytes);
    // Over the cap even deflated: the old task goes, after the repack.
    settings = { ...settings, maxStorageBytes: (await s.storageBytes()) - 1 };
    await write('src/file0.txt', text(5000));
    const next = (await s.beforeStep({ taskId: 'new', itemId: 'c2', label: 'cmd' }))!;
    await s.afterStep(next);
    await s.settled();
    assert.equal((await s.steps('old')).length, 0);
    assert.equal((await s.steps('new')).length, 2);
    assert.deepEqual(warnings.filter((w) => !w.includes('with only tasks in use left')), []);
  });
});

// The checkpoint store on real temporary folders: what a step stores, what a restore brings back byte for byte,
// and what it never touches (ignored files, .git, files over the size limit), plus dedup and eviction.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
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

function store(): CheckpointStore {
  return new CheckpointStore({
    directory: join(base, 'storage'),
    roots: () => [ws],
    settings: () => settings,
    logger: { info: () => undefined, warn: () => undefined },
    // Far ahead of the files' mtimes, so the stat cache trusts them (the racy window is tested separately).
    now: () => (clock += 1000),
  });
}

async function write(rel: string, content: string | Buffer): Promise<void> {
  await fs.mkdir(join(ws, rel, '..'), { recursive: true });
  await fs.writeFile(join(ws, rel), content);
}

/** Every file, link and its content under the workspace (the .git folder included), for byte-for-byte checks. */
async function tree(dir = ws, prefix = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(out, await tree(full, rel + '/'));
    else if (entry.isSymbolicLink()) out[rel] = `-> ${await fs.readlink(full)}`;
    else out[rel] = createHash('sha256').update(await fs.readFile(full)).digest('hex');
  }
  return out;
}

async function restore(s: CheckpointStore, taskId: string, id: string, overwrite = false) {
  const planned = await s.planRestore(taskId, id);
  assert.ok(planned);
  await s.apply(changesToApply(planned.plan, overwrite));
  return planned.plan;
}

beforeEach(async () => {
  base = await fs.mkdtemp(join(tmpdir(), 'relay-cp-'));
  ws = join(base, 'ws');
  await fs.mkdir(ws);
  settings = { ...DEFAULT_CHECKPOINT_SETTINGS };
  clock = Date.now() + 60_000;
});

afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('checkpoint store', () => {
  test('after a step, it says whether the step changed a file its checkpoint covers (the chat offers a restore only then)', async () => {
    await write('a.txt', 'one\n');
    await write('other.txt', 'untouched\n');
    const s = store();
    // A command that changed nothing, then one that wrote a file: the whole workspace.
    const idle = (await s.beforeStep({ taskId: 't1', itemId: 'c1', label: 'ls' }))!;
    assert.equal(await s.afterStep(idle), false);
    const writes = (await s.beforeStep({ taskId: 't1', itemId: 'c2', label: 'touch' }))!;
    await write('made.txt', 'new\n');
    assert.equal(await s.afterStep(writes), true);
    // An edit of its own files: the same content is no change; another content is.
    const same = (await s.beforeStep({ taskId: 't1', itemId: 'c3', label: 'edit', paths: [join(ws, 'a.txt')] }))!;
    await write('a.txt', 'one\n');
    assert.equal(await s.afterStep(same), false);
    const edit = (await s.beforeStep({ taskId: 't1', itemId: 'c4', label: 'edit', paths: [join(ws, 'a.txt'), join(ws, 'b.txt')] }))!;
    await write('b.txt', 'created\n');
    assert.equal(await s.afterStep(edit), true);
    assert.equal(await s.afterStep('cp-unknown'), undefined, 'a step it does not know: not known');
  });

  test('an edit checkpoint stores exactly its files; restoring brings back edited, created and deleted files', async () => {
    await write('a.txt', 'one\n');
    await write('b.txt', 'bee\n');
    await write('other.txt', 'untouched\n');
    const s = store();
    const initial = await tree();
    const id = await s.beforeStep({ taskId: 't1', itemId: 'c1', label: 'edit', paths: [join(ws, 'a.txt'), join(ws, 'b.txt'), join(ws, 'new.txt')] });
    assert.ok(id);
    const steps = await s.steps('t1');
    assert.deepEqual([...steps[0]!.before.files.keys()].sort(), [join(ws, 'a.txt'), join(ws, 'b.txt'), join(ws, 'new.txt')]);
    assert.equal(steps[0]!.before.files.get(join(ws, 'new.txt')), null);
    await write('a.txt', 'two\n');
    await fs.rm(join(ws, 'b.txt'));
    await write('new.txt', 'created\n');
    await s.afterStep(id);
    const plan = await restore(s, 't1', id);
    assert.equal(plan.changes.length, 3);
    assert.ok(plan.changes.every((c) => !c.conflict));
    assert.deepEqual(await tree(), initial);
  });

  test('a workspace checkpoint restores what a command created, deleted and renamed, binary files and symlinks included', async () => {
    await write('src/app.ts', 'export const a = 1;\n');
    await write('img.bin', Buffer.from([0, 255, 1, 254, 0, 0, 7]));
    await write('old-name.txt', 'moving\n');
    await fs.symlink('src/app.ts', join(ws, 'link'));
    const s = store();
    const initial = await tree();
    const id = (await s.beforeStep({ taskId: 't1', itemId: 'c1', label: 'npm run thing' }))!;
    await fs.rename(join(ws, 'old-name.txt'), join(ws, 'new-name.txt'));
    await write('img.bin', Buffer.from([9, 9, 9]));
    await write('made/by/command.txt', 'hello');
    await fs.rm(join(ws, 'src/app.ts'));
    await fs.rm(join(ws, 'link'));
    await fs.symlink('elsewhere', join(ws, 'link'));
    await s.afterStep(id);
    await restore(s, 't1', id);
    const after = await tree();
    assert.deepEqual(after, initial);
  });

  test('ignored files, the .git folder and files over the size limit are left alone; the big one is reported', async () => {
    await write('.gitignore', 'dist/\n*.log\n');
    await write('.relayignore', 'secret/\n');
    await write('dist/out.js', 'built');
    await write('debug.log', 'log');
    await write('secret/key.txt', 'k');
    await write('.git/HEAD', 'ref: refs/heads/main\n');
    await write('.git/config', '[core]\n');
    await write('big.dat', Buffer.alloc(2048, 1));
    await write('small.txt', 'x');
    settings = { ...settings, maxFileBytes: 1024 };
    const s = store();
    const gitBefore = await tree(join(ws, '.git'));
    const id = (await s.beforeStep({ taskId: 't1', itemId: 'c1', label: 'cmd' }))!;
    const covered = [...(await s.steps('t1'))[0]!.before.files.keys()].map((p) => p.slice(ws.length + 1)).sort();
    assert.deepEqual(covered, ['.gitignore', '.relayignore', 'big.dat', 'small.txt']);
    await write('dist/out.js', 'rebuilt');
    await write('debug.log', 'more log');
    await write('secret/key.txt', 'changed');
    await write('.git/HEAD', 'ref: refs/heads/other\n');
    await write('big.dat', Buffer.alloc(4096, 2));
    await write('small.txt', 'y');
    await s.afterStep(id);
    const plan = await restore(s, 't1', id);
    assert.deepEqual(plan.changes.map((c) => c.path), [join(ws, 'small.txt')]);
    assert.deepEqual(plan.unrestorable, [{ path: join(ws, 'big.dat'), size: 2048 }]); // its size at the checkpoint
    assert.equal(await fs.readFile(join(ws, 'small.txt'), 'utf8'), 'x');
    assert.equal(await fs.readFile(join(ws, 'dist/out.js'), 'utf8'), 'rebuilt');
    assert.equal(await fs.readFile(join(ws, 'secret/key.txt'), 'utf8'), 'changed');
    assert.equal(await fs.readFile(join(ws, '.git/HEAD'), 'utf8'), 'ref: refs/heads/other\n');
    assert.notDeepEqual(await tree(join(ws, '.git')), gitBefore);
    // An edit's paths inside .git are never stored nor restored.
    const inGit = (await s.beforeStep({ taskId: 't1', itemId: 'c2', label: 'edit', paths: [join(ws, '.git/config')] }))!;
    assert.equal((await s.steps('t1')).find((step) => step.id === inGit)!.before.files.size, 0);
  });

  test('identical contents are stored once, and an unchanged second snapshot reads no file', async () => {
    for (let i = 0; i < 20; i++) await write(`dir${i % 4}/same${i}.txt`, 'the same content\n');
    const s = store();
    const first = await s.capture({ taskId: 't1', itemId: 'c1', label: 'cmd' });
    assert.equal(first!.stats.read, 20);
    const objectsAfterFirst = await s.storageBytes();
    const second = await s.capture({ taskId: 't1', itemId: 'c2', label: 'cmd' });
    assert.equal(second!.stats.files, 20);
    assert.equal(second!.stats.read, 0);
    assert.equal(await s.storageBytes(), objectsAfterFirst);
  });

  test('a file changed within the racy window is read again even when its stat looks the same', async () => {
    await write('a.txt', 'aaaa');
    const s = new CheckpointStore({
      directory: join(base, 'storage'),
      roots: () => [ws],
      settings: () => settings,
      now: () => Date.now(), // the file was written just now: the cache must not trust it
    });
    await s.capture({ taskId: 't1', itemId: 'c1', label: 'cmd' });
    const second = await s.capture({ taskId: 't1', itemId: 'c2', label: 'cmd' });
    assert.equal(second!.stats.read, 1);
  });

  test('over the storage cap, the least recently used other tasks lose their checkpoints first', async () => {
    const s = store();
    for (const [task, fill] of [['old', 1], ['mid', 2], ['new', 3]] as const) {
      await write(`${task}.bin`, Buffer.from(Buffer.alloc(4000, fill).map((_, i) => (i * fill * 7919) % 251)));
      const id = (await s.beforeStep({ taskId: task, itemId: 'c', label: 'edit', paths: [join(ws, `${task}.bin`)] }))!;
      await s.afterStep(id);
    }
    const all = await s.storageBytes();
    settings = { ...settings, maxStorageBytes: all - 1 };
    await write('cur.txt', 'current');
    const id = (await s.beforeStep({ taskId: 'current', itemId: 'c', label: 'edit', paths: [join(ws, 'cur.txt')] }))!;
    await s.afterStep(id);
    assert.equal((await s.steps('old')).length, 0, 'the oldest task went');
    assert.equal((await s.steps('mid')).length, 1, 'one eviction was enough');
    assert.equal((await s.steps('current')).length, 1);
    assert.ok((await s.storageBytes()) <= all - 1);
  });

  test('changes to a large file are kept as deltas; evicting the task that stored their base leaves the newer task restorable', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `line ${i}: ${(i * 7919) % 1009} of a large file`);
    const version = (n: number) => lines.map((line, i) => (i % 97 === 0 && i / 97 < n ? `changed ${i / 97}` : line)).join('\n');
    const big = join(ws, 'big.txt');
    await write('big.txt', version(0));
    const s = store();
    await write('old-only.txt', 'only the old task stored this');
    const first = (await s.beforeStep({ taskId: 'old', itemId: 'c', label: 'edit', paths: [big, join(ws, 'old-only.txt')] }))!;
    await write('big.txt', version(1));
    await s.afterStep(first);
    const onlyFirst = await s.storageBytes();
    const ids: string[] = [];
    for (let n = 2; n <= 6; n++) {
      const id = (await s.beforeStep({ taskId: 'new', itemId: `c${n}`, label: 'edit', paths: [big] }))!;
      await write('big.txt', version(n));
      await s.afterStep(id);
      ids.push(id);
    }
    assert.ok((await s.storageBytes()) - onlyFirst < 2000, `five more versions took ${(await s.storageBytes()) - onlyFirst} bytes`);
    await write('cur.txt', 'current');
    // Just over the cap after the next step: evicting the old task is enough, though its full copy of big.txt
    // is the base of the new task's deltas and so stays.
    settings = { ...settings, maxStorageBytes: (await s.storageBytes()) + 10 };
    const current = (await s.beforeStep({ taskId: 'current', itemId: 'c', label: 'edit', paths: [join(ws, 'cur.txt')] }))!;
    await s.afterStep(current);
    assert.equal((await s.steps('old')).length, 0);
    assert.equal((await s.steps('new')).length, 5, 'the task in use keeps its checkpoints');
    settings = { ...DEFAULT_CHECKPOINT_SETTINGS };
    // Each restore after the first differs from what the last step left, so it overwrites that "conflict".
    for (let k = ids.length - 1; k >= 0; k--) {
      await restore(s, 'new', ids[k]!, true);
      assert.ok((await fs.readFile(big, 'utf8')) === version(k + 1), `restored to before step ${k + 2}`);
    }
  });

  test('a file the user changed since the step is a conflict, kept unless overwriting is chosen', async () => {
    await write('a.txt', 'original\n');
    await write('b.txt', 'bee\n');
    const s = store();
    const id = (await s.beforeStep({ taskId: 't1', itemId: 'c1', label: 'edit', paths: [join(ws, 'a.txt'), join(ws, 'b.txt')] }))!;
    await write('a.txt', 'by relay\n');
    await write('b.txt', 'bee by relay\n');
    await s.afterStep(id);
    await write('a.txt', 'by the user\n');
    const planned = (await s.planRestore('t1', id))!;
    assert.deepEqual(planned.plan.changes.map((c) => [c.path.slice(ws.length + 1), c.conflict]), [['a.txt', true], ['b.txt', false]]);
    await s.apply(changesToApply(planned.plan, false));
    assert.equal(await fs.readFile(join(ws, 'a.txt'), 'utf8'), 'by the user\n');
    assert.equal(await fs.readFile(join(ws, 'b.txt'), 'utf8'), 'bee\n');
    await s.apply(changesToApply(planned.plan, true));
    assert.equal(await fs.readFile(join(ws, 'a.txt'), 'utf8'), 'original\n');
  });
});

// What a crash between a temporary file's write and its rename leaves behind, and who removes it: the task store
// before it first lists or writes, the checkpoint store when it opens (temporary objects, indexes, the stat cache,
// and a cut-short restore's temporary files in the workspace, named in its journal), the tool output store before
// its first save. A temporary file of a process still running (another window) is never touched.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { changesToApply } from '../../../src/core/checkpoints/restore-plan';
import { CheckpointStore, DEFAULT_CHECKPOINT_SETTINGS } from '../../../src/host/checkpoints/checkpoint-store';
import { staleTempTarget } from '../../../src/host/storage/stale-temps';
import { FileTaskStore } from '../../../src/host/history/task-store';
import { FileOutputStore } from '../../../src/host/storage/tool-output-store';
import { emptyUsage, TASK_RECORD_VERSION, type TaskRecord } from '../../../src/core/ports/task-store';

/** The id of a process that has exited: a writer killed mid-write. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const live = process.ppid; // running, and not this process

let base: string;
beforeEach(async () => (base = await fs.mkdtemp(join(tmpdir(), 'relay-crash-'))));
afterEach(() => fs.rm(base, { recursive: true, force: true }));

const names = async (dir: string) => (await fs.readdir(dir)).sort();

describe('stale temporary files', () => {
  test('a temporary file is stale only when its writer is gone', () => {
    const dead = deadPid();
    assert.equal(staleTempTarget(`a.task.json.${dead}-3.tmp`), 'a.task.json');
    assert.equal(staleTempTarget(`stat-cache.json.${dead}.tmp`), 'stat-cache.json');
    assert.equal(staleTempTarget(`a.task.json.${live}-3.tmp`), undefined);
    assert.equal(staleTempTarget(`a.task.json.${process.pid}-1.tmp`), undefined);
    assert.equal(staleTempTarget('notes.tmp'), undefined);
    assert.equal(staleTempTarget('a.task.json'), undefined);
  });

  test('the task store removes a crashed save’s temporary files before it lists, keeping the records and a live writer’s', async () => {
    const dir = join(base, 'tasks');
    const store = new FileTaskStore(dir, { logger: { warn: () => undefined } });
    const record: TaskRecord = { version: TASK_RECORD_VERSION, id: 't1', title: 'T', createdAt: 1, updatedAt: 2, status: 'completed', history: [], transcript: [], approvals: [], usage: emptyUsage() };
    await store.save(record);
    const dead = deadPid();
    await fs.writeFile(join(dir, `t1.task.json.${dead}-7.tmp`), '{"version":1,"id":"t1","ti');
    await fs.writeFile(join(dir, `t1.summary.json.${dead}-8.tmp`), '');
    await fs.writeFile(join(dir, `t1.task.json.${live}-1.tmp`), 'another window writing');
    await fs.writeFile(join(dir, `notes.${dead}.tmp`), 'not ours');
    const fresh = new FileTaskStore(dir, { logger: { warn: () => undefined } });
    assert.deepEqual((await fresh.list()).map((t) => t.id), ['t1']);
    assert.deepEqual(await names(dir), [`notes.${dead}.tmp`, 't1.summary.json', 't1.task.json', `t1.task.json.${live}-1.tmp`]);
    assert.equal((await fresh.load('t1'))?.title, 'T');
  });

  test('the checkpoint store removes temporary objects, indexes, stat cache and a cut-short restore’s files when it opens', async () => {
    const ws = join(base, 'ws');
    const storage = join(base, 'storage');
    await fs.mkdir(ws);
    await fs.writeFile(join(ws, 'a.txt'), 'one\n');
    let clock = Date.now() + 60_000;
    const open = () =>
      new CheckpointStore({ directory: storage, roots: () => [ws], settings: () => DEFAULT_CHECKPOINT_SETTINGS, logger: { info: () => undefined, warn: () => undefined }, now: () => (clock += 1000) });
    const first = open();
    const step = await first.capture({ taskId: 'task1', label: 'edit', itemId: 'i1', paths: [join(ws, 'a.txt')] });
    assert.ok(step);
    await fs.writeFile(join(ws, 'a.txt'), 'two\n');

    const dead = deadPid();
    const [fan] = (await fs.readdir(join(storage, 'objects'))).filter((n) => n.length === 2);
    const hash = (await fs.readdir(join(storage, 'objects', fan!)))[0]!;
    const objectTemp = join(storage, 'objects', fan!, `${'f'.repeat(64)}.${dead}-1.tmp`);
    const liveObjectTemp = join(storage, 'objects', fan!, `${'e'.repeat(64)}.${live}-1.tmp`);
    await fs.writeFile(objectTemp, 'half an obj');
    await fs.writeFile(liveObjectTemp, 'being written');
    await fs.writeFile(join(storage, 'tasks', `task1.json.${dead}.tmp`), '{"taskId":"ta');
    await fs.writeFile(join(storage, `stat-cache.json.${dead}.tmp`), '{');
    // A restore killed after writing a.txt's temporary file, before renaming it: its journal names the file.
    const restoreTemp = join(ws, `a.txt.relay-restore-${dead}.tmp`);
    await fs.writeFile(restoreTemp, 'on');
    await fs.writeFile(join(storage, `restore-journal.${dead}.json`), JSON.stringify([restoreTemp, join(base, `outside.relay-restore-${dead}.tmp`)]));
    await fs.writeFile(join(base, `outside.relay-restore-${dead}.tmp`), 'outside the workspace: never touched');

    const second = open();
    assert.equal(await second.storageBytes() > 0, true);
    assert.deepEqual(await names(join(storage, 'objects', fan!)), [hash, `${'e'.repeat(64)}.${live}-1.tmp`].sort());
    assert.deepEqual(await names(join(storage, 'tasks')), ['task1.json']);
    assert.deepEqual((await names(storage)).filter((n) => n.endsWith('.tmp') || n.startsWith('restore-journal')), []);
    assert.deepEqual(await names(ws), ['a.txt']);
    assert.equal(await fs.readFile(join(base, `outside.relay-restore-${dead}.tmp`), 'utf8'), 'outside the workspace: never touched');

    // The store still restores, and a finished restore leaves no journal.
    const planned = await second.planRestore('task1', step.id);
    assert.ok(planned);
    await second.apply(changesToApply(planned.plan, true));
    assert.equal(await fs.readFile(join(ws, 'a.txt'), 'utf8'), 'one\n');
    assert.deepEqual((await names(storage)).filter((n) => n.startsWith('restore-journal')), []);
    assert.deepEqual(await names(ws), ['a.txt']);
  });

  test('the tool output store writes whole files and removes a crashed writer’s temporary ones', async () => {
    const dir = join(base, 'tool-output');
    await fs.mkdir(dir);
    const dead = deadPid();
    await fs.writeFile(join(dir, `old.txt.${dead}-1.tmp`), 'half');
    const store = new FileOutputStore(dir);
    const path = await store.save('the whole output', { toolName: 'run_command', callId: 'c1' });
    assert.equal(await fs.readFile(path, 'utf8'), 'the whole output');
    assert.deepEqual(await names(dir), [path.slice(dir.length + 1)]);
  });
});

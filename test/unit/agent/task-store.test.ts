// The file-backed task store: one record and one small summary per task, atomic writes, listing without
// parsing whole tasks, and damaged files skipped instead of breaking the history list.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { emptyUsage, TASK_RECORD_VERSION, type TaskRecord } from '../../../src/core/ports/task-store';
import { FileTaskStore, type TaskStoreFileSystem } from '../../../src/host/history/task-store';

function record(id: string, updatedAt: number, overrides: Partial<TaskRecord> = {}): TaskRecord {
  return {
    version: TASK_RECORD_VERSION,
    id,
    title: `Task ${id}`,
    createdAt: 1000,
    updatedAt,
    status: 'completed',
    result: 'done',
    history: [{ role: 'user', content: [{ type: 'text', text: `do ${id}` }] }],
    transcript: [{ kind: 'user', id: 'u1', text: `do ${id}`, ts: 1000 }],
    approvals: [],
    usage: { ...emptyUsage(), inputTokens: 10, outputTokens: 2 },
    ...overrides,
  };
}

class Warnings {
  readonly messages: string[] = [];
  warn = (message: string) => void this.messages.push(message);
}

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'relay-tasks-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('FileTaskStore', () => {
  test('save, list (newest first), load and delete', async () => {
    const store = new FileTaskStore(join(dir, 'tasks'));
    assert.deepEqual(await store.list(), [], 'a folder that does not exist yet lists nothing');
    await store.save(record('a', 2000));
    await store.save(record('b', 3000, { status: 'paused', statusDetail: 'Paused: stuck', pauseReason: 'repeated_error' }));

    assert.deepEqual(await store.list(), [
      { id: 'b', title: 'Task b', createdAt: 1000, updatedAt: 3000, status: 'paused', usage: { inputTokens: 10, outputTokens: 2 } },
      { id: 'a', title: 'Task a', createdAt: 1000, updatedAt: 2000, status: 'completed', usage: { inputTokens: 10, outputTokens: 2 } },
    ]);
    assert.deepEqual(await store.load('b'), record('b', 3000, { status: 'paused', statusDetail: 'Paused: stuck', pauseReason: 'repeated_error' }));
    assert.equal(await store.load('missing'), undefined);

    assert.equal(await store.delete('a'), true);
    assert.equal(await store.delete('a'), false);
    assert.deepEqual((await store.list()).map((t) => t.id), ['b']);
    assert.deepEqual((await readdir(join(dir, 'tasks'))).sort(), ['b.summary.json', 'b.task.json']);
  });

  test('a later save replaces the record; saves of one task land in call order', async () => {
    const store = new FileTaskStore(dir);
    await Promise.all([store.save(record('a', 1)), store.save(record('a', 2)), store.save(record('a', 3, { title: 'Last' }))]);
    assert.equal((await store.load('a'))?.title, 'Last');
    assert.deepEqual((await store.list()).map((t) => [t.id, t.updatedAt]), [['a', 3]]);
  });

  test('writes are atomic: a failed write leaves the old record and no temporary file', async () => {
    const failing: TaskStoreFileSystem = {
      ...fs,
      readdir: (path) => fs.readdir(path),
      writeFile: (path, data, options) => fs.writeFile(path, data, options),
      rename: async (from, to) => {
        if (to.endsWith('.task.json')) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
        return fs.rename(from, to);
      },
    };
    await new FileTaskStore(dir).save(record('a', 1, { title: 'Old' }));
    await assert.rejects(new FileTaskStore(dir, { fileSystem: failing }).save(record('a', 2, { title: 'New' })), /disk full/);

    assert.equal((await new FileTaskStore(dir).load('a'))?.title, 'Old');
    assert.deepEqual((await readdir(dir)).sort(), ['a.summary.json', 'a.task.json']);
  });

  test('a listing that falls between a save\'s two writes never leaves an older summary over a newer save', async () => {
    // The first save's record is on disk, its summary not yet, when a listing reads the directory; a second save
    // (the task's end) is queued while the listing reads the record.
    let pauseSummary: (() => void) | undefined;
    let summaryPaused: Promise<void> | undefined;
    let reached: () => void = () => {};
    const atSummary = new Promise<void>((resolve) => (reached = resolve));
    let listed: () => void = () => {};
    const directoryRead = new Promise<void>((resolve) => (listed = resolve));
    const saves: { second?: Promise<void> } = {};
    const pausing: TaskStoreFileSystem = {
      ...fs,
      readdir: async (path) => {
        const names = await fs.readdir(path);
        listed();
        return names;
      },
      // The listing's read of the record returns only once the second save is done: a summary written from what it
      // read must not land over the second save's.
      readFile: async (path, encoding) => {
        const text = await fs.readFile(path, encoding);
        if (path.endsWith('a.task.json')) await saves.second;
        return text;
      },
      rename: async (from, to) => {
        if (to.endsWith('a.summary.json') && !summaryPaused) {
          summaryPaused = new Promise<void>((resolve) => (pauseSummary = resolve));
          reached();
          await summaryPaused;
        }
        return fs.rename(from, to);
      },
    };
    const store = new FileTaskStore(dir, { fileSystem: pausing });
    const first = store.save(record('a', 1, { status: 'running' }));
    await atSummary;
    const listing = store.list();
    const second = (saves.second = store.save(record('a', 2, { status: 'failed', statusDetail: 'No key' })));
    // The listing has seen the record without its summary before the first save goes on.
    await directoryRead;
    pauseSummary!();
    await Promise.all([first, second, listing]);
    assert.deepEqual((await store.list()).map((t) => [t.updatedAt, t.status]), [[2, 'failed']]);
  });

  test('listing reads the summaries only, not the whole tasks', async () => {
    await new FileTaskStore(dir).save(record('a', 1));
    await new FileTaskStore(dir).save(record('b', 2));
    const read: string[] = [];
    const counting: TaskStoreFileSystem = { ...fs, readdir: (path) => fs.readdir(path), readFile: (path, encoding) => (read.push(path), fs.readFile(path, encoding)) };
    await new FileTaskStore(dir, { fileSystem: counting }).list();
    assert.deepEqual(read.map((path) => path.slice(dir.length + 1)).sort(), ['a.summary.json', 'b.summary.json']);
  });

  test('damaged files are skipped with a warning; a damaged summary falls back to its task; strays are ignored', async () => {
    const warnings = new Warnings();
    const store = new FileTaskStore(dir, { logger: warnings });
    await store.save(record('good', 5));
    await store.save(record('badsummary', 4));
    await writeFile(join(dir, 'badsummary.summary.json'), '{"id": "badsum');
    await writeFile(join(dir, 'broken.task.json'), '{ this is not json');
    await writeFile(join(dir, 'future.task.json'), JSON.stringify({ ...record('future', 6), version: 99 }));
    await writeFile(join(dir, 'good.task.json.123-1.tmp'), 'half a write');
    await writeFile(join(dir, 'orphan.summary.json'), JSON.stringify({ id: 'orphan', title: 'x', createdAt: 1, updatedAt: 9, status: 'completed' }));
    await writeFile(join(dir, 'notes.txt'), 'not a task');

    assert.deepEqual((await store.list()).map((t) => t.id), ['good', 'badsummary']);
    assert.equal(await store.load('broken'), undefined);
    assert.ok(warnings.messages.some((m) => m.includes('broken.task.json')), warnings.messages.join('\n'));
    assert.ok(warnings.messages.some((m) => m.includes('badsummary')));
    // The damaged summary was rewritten from the task.
    assert.equal(JSON.parse(await readFile(join(dir, 'badsummary.summary.json'), 'utf8')).title, 'Task badsummary');
  });

  test('ids that could leave the folder are refused', async () => {
    const store = new FileTaskStore(dir);
    await assert.rejects(store.save(record('../evil', 1)), /Invalid task id/);
    assert.equal(await store.load('../../etc/passwd'), undefined);
    assert.equal(await store.delete('..'), false);
  });
});

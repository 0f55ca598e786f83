// The save recovery the workspace applier uses when VS Code refuses a save: the causes reproduced inside
// VS Code (a concurrent save of the same document, a copy loaded before the disk changed), played by a fake.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { awaitCurrentCopy, saveWithRecovery, type SaveTarget } from '../../../src/host/editing/save-recovery';

interface FakeDoc extends SaveTarget {
  text: string;
  disk: string | undefined;
  dirty: boolean;
  saves: number;
}

/** `results` are what successive saves return; a save that returns true writes the text and cleans the doc. */
function fakeDoc(text: string, disk: string | undefined, results: (boolean | 'concurrent')[]): FakeDoc {
  const doc: FakeDoc = {
    text,
    disk,
    dirty: true,
    saves: 0,
    get isDirty() {
      return doc.dirty;
    },
    getText: () => doc.text,
    readDisk: async () => doc.disk,
    save: async () => {
      const result = results[doc.saves++] ?? true;
      if (result === true || result === 'concurrent') {
        doc.disk = doc.text;
        doc.dirty = false;
      }
      // 'concurrent': another save of the document wrote it; this one says no.
      return result === true;
    },
  };
  return doc;
}

const noPause = async () => undefined;

describe('saveWithRecovery', () => {
  test('a save that succeeds is one attempt', async () => {
    const doc = fakeDoc('new', 'old', [true]);
    assert.deepEqual(await saveWithRecovery(doc, 'old', { pause: noPause }), { ok: true, attempts: 1 });
  });

  test('a refused save after another save wrote the same text counts as saved', async () => {
    const doc = fakeDoc('new', 'old', ['concurrent']);
    assert.deepEqual(await saveWithRecovery(doc, 'old', { pause: noPause }), { ok: true, attempts: 1 });
    assert.equal(doc.saves, 1);
  });

  test('a refused save with the disk still at the text the edit was based on is tried again', async () => {
    const logs: string[] = [];
    const doc = fakeDoc('new', 'old', [false, true]);
    assert.deepEqual(await saveWithRecovery(doc, 'old', { pause: noPause, log: (m) => logs.push(m) }), { ok: true, attempts: 2 });
    assert.equal(doc.disk, 'new');
    assert.match(logs[0]!, /trying again/);
  });

  test('the disk already holding our text but the copy still dirty: saved again, not a conflict', async () => {
    const doc = fakeDoc('new', 'new', [false, true]);
    assert.deepEqual(await saveWithRecovery(doc, 'old', { pause: noPause }), { ok: true, attempts: 2 });
  });

  test('a disk changed underneath is a conflict: never overwritten, explained, no more saves', async () => {
    const doc = fakeDoc('new', 'someone else', [false, true]);
    const outcome = await saveWithRecovery(doc, 'old', { pause: noPause });
    assert.equal(outcome.ok, false);
    assert.match(!outcome.ok ? outcome.message : '', /changed on disk while the edit was being saved.*unsaved/);
    assert.equal(doc.saves, 1);
    assert.equal(doc.disk, 'someone else');
  });

  test('a refused save while another save is still writing the file: waits for it to settle, then saved', async () => {
    const doc = fakeDoc('new', 'old', [false]);
    let polls = 0;
    // The other save is mid-write: the file reads empty, then holds our text and the copy is clean.
    doc.readDisk = async () => (++polls < 3 ? '' : ((doc.dirty = false), (doc.disk = doc.text)));
    assert.deepEqual(await saveWithRecovery(doc, 'old', { pause: noPause }), { ok: true, attempts: 1 });
    assert.equal(polls, 3);
  });

  test('a half-written file that never settles is judged after the settle time, as a conflict', async () => {
    const doc = fakeDoc('new', '', [false]);
    let waited = 0;
    const outcome = await saveWithRecovery(doc, 'old', { settleMs: 500, pause: async (ms) => void (waited += ms) });
    assert.equal(outcome.ok, false);
    assert.equal(waited, 500);
  });

  test('a file gone or not readable after a refused save is explained', async () => {
    const doc = fakeDoc('new', undefined, [false]);
    const outcome = await saveWithRecovery(doc, 'old', { pause: noPause });
    assert.match(!outcome.ok ? outcome.message : '', /could not be read back/);
  });

  test('refused every time with an unchanged disk: gives up after the attempts, saying so', async () => {
    const pauses: number[] = [];
    const doc = fakeDoc('new', 'old', [false, false, false, false]);
    const outcome = await saveWithRecovery(doc, 'old', { attempts: 3, pause: async (ms) => void pauses.push(ms) });
    assert.deepEqual(outcome, { ok: false, message: 'VS Code refused to save it 3 times; the edit is in the editor, unsaved' });
    assert.equal(doc.saves, 3);
    assert.deepEqual(pauses, [100, 200]);
  });

  test('a document already clean is not saved again', async () => {
    const doc = fakeDoc('same', 'same', []);
    doc.dirty = false;
    assert.deepEqual(await saveWithRecovery(doc, 'same', { pause: noPause }), { ok: true, attempts: 0 });
    assert.equal(doc.saves, 0);
  });

  test('line endings alone do not make a conflict (VS Code normalises a mixed-EOL file)', async () => {
    const doc = fakeDoc('a\nb\nnew\n', 'a\r\nb\nold\n', [false, true]);
    assert.deepEqual(await saveWithRecovery(doc, 'a\nb\nold\n', { pause: noPause }), { ok: true, attempts: 2 });
  });
});

describe('awaitCurrentCopy', () => {
  test('a copy that matches the disk is current at once', async () => {
    const doc = fakeDoc('x', 'x', []);
    doc.dirty = false;
    assert.deepEqual(await awaitCurrentCopy(doc, 1000, noPause), { current: true });
  });

  test('a stale clean copy is waited for until VS Code reloads it', async () => {
    const doc = fakeDoc('old', 'new', []);
    doc.dirty = false;
    let polls = 0;
    const result = await awaitCurrentCopy(doc, 3000, async () => {
      if (++polls === 3) doc.text = 'new'; // the watcher's event arrived and VS Code reloaded the copy
    });
    assert.deepEqual(result, { current: true });
    assert.equal(polls, 3);
  });

  test('a copy that never catches up is reported with the disk text', async () => {
    const doc = fakeDoc('old', 'new', []);
    doc.dirty = false;
    assert.deepEqual(await awaitCurrentCopy(doc, 200, noPause), { current: false, disk: 'new' });
  });

  test('a dirty copy is the user\'s work and is what the edit is checked against', async () => {
    const doc = fakeDoc('typed', 'disk', []);
    assert.deepEqual(await awaitCurrentCopy(doc, 200, noPause), { current: true });
  });

  test('an unreadable or non-UTF-8 file cannot be compared and is taken as current', async () => {
    const doc = fakeDoc('x', undefined, []);
    doc.dirty = false;
    assert.deepEqual(await awaitCurrentCopy(doc, 200, noPause), { current: true });
  });
});

describe('saveWithRecovery with a write-through (a copy whose stat is older than the disk)', () => {
  /** VS Code's rule: a save is refused while its copy's stat is stale, unless the disk already holds the bytes. */
  function staleStatDoc(text: string, disk: string) {
    const writes: string[] = [];
    const doc = fakeDoc(text, disk, []);
    doc.save = async () => {
      doc.saves++;
      if (doc.disk !== doc.text) return false;
      doc.dirty = false;
      return true;
    };
    doc.writeThrough = async (t: string) => {
      writes.push(t);
      doc.disk = t;
    };
    return { doc, writes };
  }

  test('refused with the disk at the base text: the text is written through and the save then goes through', async () => {
    const logs: string[] = [];
    const { doc, writes } = staleStatDoc('new', 'old');
    assert.deepEqual(await saveWithRecovery(doc, 'old', { pause: noPause, log: (m) => logs.push(m) }), { ok: true, attempts: 2 });
    assert.deepEqual(writes, ['new']);
    assert.equal(doc.isDirty, false);
    assert.match(logs[0]!, /writing the text through/);
  });

  test('a disk changed by someone else is never written through', async () => {
    const { doc, writes } = staleStatDoc('new', 'theirs');
    const outcome = await saveWithRecovery(doc, 'old', { pause: noPause });
    assert.equal(outcome.ok, false);
    assert.deepEqual(writes, []);
    assert.equal(doc.disk, 'theirs');
  });

  test('a write-through that fails falls back to plain retries and says so when they run out', async () => {
    const logs: string[] = [];
    const { doc } = staleStatDoc('new', 'old');
    doc.writeThrough = async () => {
      throw new Error('EACCES');
    };
    const outcome = await saveWithRecovery(doc, 'old', { pause: noPause, log: (m) => logs.push(m) });
    assert.deepEqual(outcome, { ok: false, message: 'VS Code refused to save it 3 times; the edit is in the editor, unsaved' });
    assert.ok(logs.some((m) => /writing through failed: EACCES/.test(m)));
  });

  test('still refused after the write-through: the disk holds the edit, retried, never reported as a conflict', async () => {
    const { doc, writes } = staleStatDoc('new', 'old');
    doc.save = async () => (doc.saves++, false);
    const outcome = await saveWithRecovery(doc, 'old', { pause: noPause });
    assert.deepEqual(outcome, { ok: false, message: 'VS Code refused to save it 3 times; the edit is in the editor, unsaved' });
    assert.deepEqual(writes, ['new']);
  });
});

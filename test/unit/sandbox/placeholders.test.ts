// The mount points bubblewrap makes in the workspace for read-only paths that do not exist (.envrc, .relay/,
// .vscode/): recorded before a sandboxed command runs, removed when the last one ends, and after a killed
// extension host at the next activation, once none of its commands runs. A fake runtime makes them the way
// bubblewrap does (an empty file without write bits, empty folders) and never removes them itself.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { DEFAULT_SANDBOX_SETTINGS } from '../../../src/core/sandbox/boundary';
import { cleanLeftoverMountPoints, looksLikeMountPoint, missingMountPoints, PlaceholderJournal } from '../../../src/host/sandbox/placeholders';
import { RuntimeSandbox, type SandboxManagerApi } from '../../../src/host/sandbox/runtime-sandbox';

const base = mkdtempSync(join(tmpdir(), 'relay-placeholders-'));
after(() => rmSync(base, { recursive: true, force: true }));
let n = 0;

function workspace(): { ws: string; journal: string } {
  const root = join(base, String(++n));
  const ws = join(root, 'ws');
  mkdirSync(join(ws, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(ws, '.git', 'config'), '[core]\n');
  return { ws, journal: join(root, 'journal') };
}

/** What bubblewrap leaves for `--ro-bind /dev/null <missing>`: an empty file, mode 0444. */
function bwrapFile(path: string): void {
  writeFileSync(path, '');
  chmodSync(path, 0o444);
}

/** A runtime whose wrap makes the mount points bubblewrap would make, and whose cleanup does nothing. */
function fakeRuntime(ws: string): SandboxManagerApi {
  const fake = {
    checkDependencies: () => ({ errors: [], warnings: [] }),
    initialize: async () => undefined,
    updateConfig: () => undefined,
    wrapWithSandbox: async (command: string) => {
      if (!existsSync(join(ws, '.envrc'))) bwrapFile(join(ws, '.envrc'));
      for (const dir of ['.relay', '.vscode', '.claude', '.github']) mkdirSync(join(ws, dir), { recursive: true });
      return `bwrap -- ${command}`;
    },
    getSandboxViolationStore: () => ({ getViolationsForCommand: () => [] }),
    cleanupAfterCommand: () => undefined,
    reset: async () => undefined,
  };
  return fake as unknown as SandboxManagerApi;
}

function sandbox(ws: string, journal: string): RuntimeSandbox {
  return new RuntimeSandbox({
    load: async () => fakeRuntime(ws),
    settings: () => DEFAULT_SANDBOX_SETTINGS,
    homeDir: join(base, 'home'),
    tempDir: tmpdir(),
    platform: 'darwin', // no bubblewrap probe: the fake is the runtime
    placeholders: new PlaceholderJournal(journal, 4_000_000 + n),
  });
}

const leftovers = (ws: string) => readdirSync(ws).filter((e) => e !== '.git').sort();

describe('sandbox mount points in the workspace', () => {
  test('the missing read-only paths are their first missing components; existing ones make none', () => {
    const { ws } = workspace();
    const got = missingMountPoints([`${ws}/.git/hooks`, `${ws}/.envrc`, `${ws}/.claude/settings.json`, `${ws}/.claude/settings.local.json`], ws);
    assert.ok(got.includes(`${ws}/.envrc`));
    assert.ok(got.includes(`${ws}/.claude`));
    assert.ok(!got.some((p) => p === `${ws}/.git` || p.startsWith(`${ws}/.git/`)));
    assert.ok(got.includes(`${ws}/.vscode`), 'the runtime denies .vscode in its own working directory too');
  });

  test('a killed extension host: the next activation removes the mount points its command left', async () => {
    const { ws, journal } = workspace();
    const s = sandbox(ws, journal);
    const wrapped = await s.wrap('sleep 1', {}, { cwd: ws, writableRoots: [ws] });
    wrapped.started?.(999_999_999);
    assert.deepEqual(leftovers(ws), ['.claude', '.envrc', '.github', '.relay', '.vscode']);
    // The host is SIGKILLed here: dispose never runs. While its command's group lives, nothing is touched.
    assert.equal(cleanLeftoverMountPoints(journal, (pid, group) => group).waiting, 1);
    assert.deepEqual(leftovers(ws), ['.claude', '.envrc', '.github', '.relay', '.vscode']);
    const { removed, waiting } = cleanLeftoverMountPoints(journal, () => false);
    assert.equal(waiting, 0);
    assert.equal(removed.length, 5);
    assert.deepEqual(leftovers(ws), []);
    assert.deepEqual(readdirSync(journal), [], 'the journal goes with them');
  });

  test('the last command to end removes them, even when the runtime does not', async () => {
    const { ws, journal } = workspace();
    const s = sandbox(ws, journal);
    const first = await s.wrap('true', {}, { cwd: ws, writableRoots: [ws] });
    const second = await s.wrap('true', {}, { cwd: ws, writableRoots: [ws] });
    first.dispose();
    assert.ok(existsSync(join(ws, '.envrc')), 'still mounted for the command still running');
    second.dispose();
    assert.deepEqual(leftovers(ws), []);
    assert.equal(existsSync(journal) ? readdirSync(journal).length : 0, 0);
  });

  test('only what still looks like a mount point is removed: a file written meanwhile and a folder with files stay', async () => {
    const { ws, journal } = workspace();
    const s = sandbox(ws, journal);
    await s.wrap('true', {}, { cwd: ws, writableRoots: [ws] });
    rmSync(join(ws, '.envrc'), { force: true });
    writeFileSync(join(ws, '.envrc'), ''); // the user's own empty file has write bits
    writeFileSync(join(ws, '.vscode', 'settings.json'), '{}');
    assert.equal(looksLikeMountPoint(join(ws, '.envrc')), false);
    cleanLeftoverMountPoints(journal, () => false);
    assert.deepEqual(leftovers(ws), ['.envrc', '.vscode']);
  });
});

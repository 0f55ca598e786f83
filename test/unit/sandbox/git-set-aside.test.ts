// A new `.git` set aside while a sandboxed command runs (src/host/sandbox/git-set-aside.ts and the watch in
// control-audit.ts): renamed at once, through folder handles that never follow a link, so a command swapping a
// folder on the way for a link cannot make Relay move or remove another repository's `.git`; removed when the
// command has ended; reported once, with the audit.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { snapshotControl, watchControl, type RestoredEntry } from '../../../src/host/sandbox/control-audit';
import { removeSetAside, setAside, SETS_ASIDE } from '../../../src/host/sandbox/git-set-aside';

const base = mkdtempSync(join(tmpdir(), 'relay-set-aside-'));
after(() => rmSync(base, { recursive: true, force: true }));

/** A folder with a `.git` folder holding a config (what a planted repository looks like). */
function gitFolder(dir: string): string {
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, '.git', 'config'), '[core]\n\tfsmonitor = touch /tmp/x\n');
  return join(dir, '.git');
}

/** A fake of VS Code's watcher: the test says what was created. */
function fakeCreated() {
  let listener: ((path: string) => void) | undefined;
  return {
    source: (l: (path: string) => void) => {
      listener = l;
      return () => (listener = undefined);
    },
    report: (path: string) => listener?.(path),
    get listening() {
      return listener !== undefined;
    },
  };
}

describe('a new .git set aside while the command runs', { skip: !SETS_ASIDE && 'folder handles (/proc/self/fd) are Linux only' }, () => {
  test('renamed beside itself to a name git does not look for, then removed', () => {
    const root = join(base, 'plain');
    const entry = gitFolder(join(root, 'a', 'b'));
    const aside = setAside(root, entry);
    assert.ok(aside, 'set aside');
    assert.ok(!existsSync(entry));
    assert.equal(join(aside, '..'), join(root, 'a', 'b'));
    assert.match(aside, /\.relay-set-aside-[0-9a-f]{12}$/);
    assert.ok(existsSync(join(aside, 'config')));
    assert.ok(removeSetAside(root, aside));
    assert.ok(!existsSync(aside));
  });

  test('nothing outside the root, and nothing reached through a link, is moved', () => {
    const root = join(base, 'linked');
    mkdirSync(root, { recursive: true });
    const other = join(base, 'users-other-repository');
    const precious = gitFolder(other);
    symlinkSync(other, join(root, 'x'));
    // A link to the root itself: `x2/.git` would be the workspace's own history.
    const own = gitFolder(root);
    symlinkSync(root, join(root, 'x2'));
    assert.equal(setAside(root, join(root, 'x', '.git')), undefined);
    assert.equal(setAside(root, join(root, 'x2', '.git')), undefined);
    assert.equal(setAside(root, precious), undefined, 'not below the root');
    assert.equal(setAside(root, join(root, '..', 'users-other-repository', '.git')), undefined);
    assert.equal(removeSetAside(root, join(root, 'x', '.git')), false);
    assert.ok(existsSync(join(precious, 'config')) && existsSync(join(own, 'config')));
  });

  test('a folder swapped for a link again and again while Relay sets entries aside never moves the other repository', async () => {
    const root = join(base, 'race');
    const other = join(base, 'race-other');
    const precious = gitFolder(other);
    mkdirSync(join(root, 'x'), { recursive: true });
    // Outside, as fast as a shell goes: x is a folder with a new .git, then a link to the other repository's folder.
    const swapper = spawn('sh', ['-c', `cd '${root}' && while :; do rm -rf x; mkdir -p x/.git; rm -rf x; ln -s '${other}' x; done`], { stdio: 'ignore' });
    try {
      let moved = 0;
      for (let i = 0; i < 3000; i++) {
        const aside = setAside(root, join(root, 'x', '.git'));
        if (aside) {
          moved++;
          assert.ok(aside.startsWith(join(root, 'x')), aside);
        }
        assert.ok(existsSync(join(precious, 'config')), `the other repository's .git was moved at attempt ${i}`);
      }
      assert.deepEqual(readdirSync(other), ['.git'], `nothing was renamed in the other repository (${moved} entries set aside in the root meanwhile)`);
    } finally {
      swapper.kill('SIGKILL');
    }
  });

  test('the watch sets aside a new .git below the roots, once named; ignores old ones, paths inside a .git and other folders; ends by removing it', async () => {
    const root = join(base, 'watched');
    const old = gitFolder(join(root, 'old'));
    mkdirSync(join(root, 'new'), { recursive: true });
    const snapshot = snapshotControl({ gitDirs: [], pointers: [], hooksFolders: [], readOnly: [], gitEntries: [old], submoduleLists: [] }, [root], []);
    const created = fakeCreated();
    const reported: RestoredEntry[] = [];
    const stop = watchControl(snapshot, () => false, (e) => reported.push(e), created.source);
    assert.ok(created.listening);

    const planted = gitFolder(join(root, 'new'));
    created.report(planted);
    assert.ok(!existsSync(planted), 'set aside at once');
    gitFolder(join(root, 'new'));
    created.report(planted); // made again: set aside again, named once
    assert.ok(!existsSync(planted));
    assert.deepEqual(reported, [{ path: planted, change: 'created', restored: true }]);

    created.report(old);
    created.report(join(old, 'config'));
    const elsewhere = gitFolder(join(base, 'not-a-root'));
    created.report(elsewhere);
    assert.ok(existsSync(old) && existsSync(elsewhere));
    assert.equal(readdirSync(join(root, 'new')).filter((n) => n.startsWith('.relay-set-aside-')).length, 2);

    stop();
    assert.ok(!created.listening);
    assert.deepEqual(readdirSync(join(root, 'new')), [], 'what was set aside is removed when the command has ended');
    assert.equal(reported.length, 1);
  });
});

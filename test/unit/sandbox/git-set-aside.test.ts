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
import { ModuleSweeps, sweepModules } from '../../../src/host/sandbox/module-sweep';
import { scanBelow } from '../../../src/host/sandbox/nested-protected';

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

describe('node_modules no repository holds: found by the walk, swept after the command', { skip: !SETS_ASIDE && 'folder handles (/proc/self/fd) are Linux only' }, () => {
  test('the walk names node_modules folders no repository holds, and only those', async () => {
    const plain = join(base, 'walk-plain');
    mkdirSync(join(plain, 'node_modules', 'a'), { recursive: true });
    mkdirSync(join(plain, 'app', 'node_modules'), { recursive: true });
    gitFolder(join(plain, 'repo'));
    mkdirSync(join(plain, 'repo', 'node_modules'), { recursive: true });
    mkdirSync(join(plain, 'repo', 'sub', 'node_modules'), { recursive: true });
    const scan = await scanBelow([plain]);
    assert.deepEqual(scan.unownedModules.sort(), [join(plain, 'app', 'node_modules'), join(plain, 'node_modules')]);
    // A root inside a repository (a folder above it holds a .git): none.
    assert.deepEqual((await scanBelow([join(plain, 'repo', 'sub')])).unownedModules, []);
  });

  test('a .git made or changed since the command started is set aside; an older one, a link and other files are left', async () => {
    const root = join(base, 'sweep');
    const modules = join(root, 'node_modules');
    const older = gitFolder(join(modules, 'older'));
    const touched = gitFolder(join(modules, 'touched'));
    const linked = gitFolder(join(base, 'linked-package'));
    symlinkSync(join(base, 'linked-package'), join(modules, 'linked'));
    await new Promise((r) => setTimeout(r, 20));
    const since = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    const planted = gitFolder(join(modules, '@scope', 'pkg', 'lib'));
    writeFileSync(join(touched, 'config'), '[core]\n\tfsmonitor = evil\n', { flag: 'a' });
    writeFileSync(join(modules, 'plain.js'), '1');
    const found = await sweepModules([{ folder: modules, root }], since);
    assert.deepEqual(found.map((f) => f.path).sort(), [planted, touched].sort());
    for (const f of found) {
      assert.ok(!existsSync(f.path) && existsSync(join(f.movedTo, 'config')), 'renamed beside itself, kept');
      assert.match(f.movedTo, /\.relay-set-aside-[0-9a-f]{12}$/);
    }
    assert.ok(existsSync(join(older, 'config')) && existsSync(join(linked, 'config')));
  });

  test('sweeps run one at a time; asked for meanwhile, one more covers every root from the earliest start', async () => {
    const a = join(base, 'sweeps-a');
    const b = join(base, 'sweeps-b');
    const repo = join(base, 'sweeps-repo');
    const reported: string[] = [];
    const sweeps = new ModuleSweeps((found) => reported.push(...found.map((f) => f.path)));
    const since = Date.now() - 1000;
    const inA = gitFolder(join(a, 'node_modules', 'x'));
    const inB = gitFolder(join(b, 'app', 'node_modules', 'y'));
    gitFolder(repo);
    const inRepo = gitFolder(join(repo, 'node_modules', 'z'));
    sweeps.after([a], Date.now() + 60_000); // nothing is that new
    sweeps.after([a], since);
    sweeps.after([b], Date.now() - 1000);
    await sweeps.settled();
    assert.deepEqual(reported.sort(), [inA, inB].sort());
    // A root with a .git at the time of the sweep is taken as unowned all the same (the caller decided before the
    // command: bubblewrap's mount points make one); a repository below it still holds its node_modules.
    sweeps.after([repo], since);
    await sweeps.settled();
    assert.deepEqual(reported.sort(), [inA, inB, inRepo].sort());
  });
});

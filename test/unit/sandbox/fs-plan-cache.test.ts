// The sandbox runtime's filesystem plan, remembered while nothing it depends on changed (fs-plan-cache.ts). Two
// levels: the cache around a counting plan, with real files (what makes it build again, what it does besides
// returning the plan on a reuse); and the runtime itself, built twice as dist/sandbox.mjs is (with the cache and
// without it), asked to wrap the same command through a sequence of changes to the files: every answer must be the
// same, a credential store or a protected folder that appears later included.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { build } from 'esbuild';
import { fingerprint, planCache, type PlanHooks } from '../../../src/host/sandbox/fs-plan-cache';
import type { SandboxManagerApi } from '../../../src/host/sandbox/runtime-sandbox';
// @ts-expect-error: a plain .mjs build script, no types
import { planCachePlugin, sandboxBundleOptions } from '../../../scripts/sandbox-bundle.mjs';

const base = mkdtempSync(join(tmpdir(), 'relay-plan-cache-'));
// The home folder outside the temp folder, as a user's is (a path below a writable folder is planned differently).
const homeBase = mkdtempSync(join(process.platform === 'linux' ? '/var/tmp' : tmpdir(), 'relay-plan-cache-home-'));
after(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(homeBase, { recursive: true, force: true });
});
let n = 0;

function folders(): { ws: string; home: string } {
  const ws = join(base, `ws${++n}`);
  const home = join(homeBase, `home${n}`);
  mkdirSync(join(ws, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(ws, '.git', 'config'), '[core]\n');
  mkdirSync(home, { recursive: true });
  return { ws, home };
}

function hooks(): PlanHooks & { empty: string[] } {
  const empty: string[] = [];
  let made = 0;
  return {
    empty,
    mountPoints: new Set(),
    registerCleanup: () => undefined,
    emptySource: () => empty.at(-1),
    ensureEmptySource: () => empty.at(-1) ?? (empty.push(join(base, `empty${++made}`)), empty.at(-1)!),
    cwdDenyPaths: () => [],
  };
}

describe('the filesystem plan, remembered while nothing it depends on changed', () => {
  function counting(h: PlanHooks, answer: (args: unknown[]) => string[] = () => ['--ro-bind', '/', '/']) {
    const calls: unknown[][] = [];
    const plan = planCache(async (...args: unknown[]) => (calls.push(args), answer(args)), h);
    return { plan, calls };
  }
  const config = (ws: string, home: string) => [{ denyOnly: [join(home, '.aws')], allowWithinDeny: [] }, { allowOnly: [ws], denyWithinAllow: [join(ws, '.vscode')] }, [], undefined, undefined, 3, false];

  test('the same inputs over unchanged files are planned once', async () => {
    const { ws, home } = folders();
    const { plan, calls } = counting(hooks());
    assert.deepEqual(await plan(...config(ws, home)), await plan(...config(ws, home)));
    assert.equal(calls.length, 1);
    assert.deepEqual(plan.stats, { built: 1, reused: 1 });
  });

  test('a credential store that appears later is planned again (and one that goes away)', async () => {
    const { ws, home } = folders();
    const { plan, calls } = counting(hooks());
    await plan(...config(ws, home));
    mkdirSync(join(home, '.aws'));
    await plan(...config(ws, home));
    assert.equal(calls.length, 2);
    await plan(...config(ws, home));
    assert.equal(calls.length, 2);
    rmSync(join(home, '.aws'), { recursive: true });
    await plan(...config(ws, home));
    assert.equal(calls.length, 3);
  });

  test('a folder replaced, a file grown or a mode changed on the way is planned again', async () => {
    const { ws, home } = folders();
    const { plan, calls } = counting(hooks());
    mkdirSync(join(ws, '.vscode'));
    await plan(...config(ws, home));
    rmSync(join(ws, '.vscode'), { recursive: true });
    writeFileSync(join(ws, '.vscode'), ''); // a file where a folder was: the plan binds /dev/null, not the folder
    await plan(...config(ws, home));
    writeFileSync(join(ws, '.vscode'), 'x');
    await plan(...config(ws, home));
    chmodSync(ws, 0o700);
    await plan(...config(ws, home));
    assert.equal(calls.length, 4);
  });

  test('other inputs are another plan', async () => {
    const { ws, home } = folders();
    const { plan, calls } = counting(hooks());
    await plan(...config(ws, home));
    const other = config(ws, home);
    other[1] = { allowOnly: [ws], denyWithinAllow: [join(ws, '.vscode'), join(ws, '.envrc')] };
    await plan(...other);
    assert.equal(calls.length, 2);
  });

  test('a path through a symbolic link, a pattern or a relative path is never remembered', async () => {
    const { ws, home } = folders();
    mkdirSync(join(home, 'dotfiles', '.aws'), { recursive: true });
    symlinkSync(join(home, 'dotfiles', '.aws'), join(home, '.aws'));
    const { plan, calls } = counting(hooks());
    await plan(...config(ws, home));
    await plan(...config(ws, home));
    assert.equal(calls.length, 2);
    assert.equal(fingerprint([join(home, '.aws', 'credentials')]), undefined);
    for (const odd of [join(ws, '*.pem'), 'relative/.env', `${ws}/../x`, `${ws}/`]) {
      const args = config(ws, join(home, 'nohome'));
      args[0] = { denyOnly: [odd], allowWithinDeny: [] };
      await plan(...args);
      await plan(...args);
    }
    assert.equal(calls.length, 10);
  });

  test('on a reuse the mount points are registered again and the empty folder is checked anew', async () => {
    const { ws, home } = folders();
    const h = hooks();
    const { plan } = counting(h, () => {
      const empty = h.ensureEmptySource();
      h.mountPoints.add(join(ws, '.vscode'));
      return ['--ro-bind', '/dev/null', join(ws, '.vscode'), '--ro-bind', empty, empty];
    });
    const first = await plan(...config(ws, home));
    assert.deepEqual([...h.mountPoints], [join(ws, '.vscode')]);
    h.mountPoints.clear(); // the runtime's cleanup after the command
    h.empty.length = 0; // and its empty folder removed: the next reuse makes another
    const second = await plan(...config(ws, home));
    assert.equal(plan.stats.reused, 1);
    assert.deepEqual([...h.mountPoints], [join(ws, '.vscode')]);
    assert.deepEqual(second, [...first.slice(0, 3), '--ro-bind', h.empty[0], h.empty[0]]);
    assert.notEqual(h.empty[0], first[4]);
  });

  test('mount points another command registered meanwhile are not taken for the plan’s own', async () => {
    const { ws, home } = folders();
    const h = hooks();
    const { plan, calls } = counting(h, () => (h.mountPoints.add(join(base, 'someone-else')), ['--ro-bind', '/', '/']));
    await plan(...config(ws, home));
    h.mountPoints.clear();
    await plan(...config(ws, home));
    assert.equal(calls.length, 1);
    assert.deepEqual([...h.mountPoints], []);
  });
});

describe('the runtime with the plan cache answers as the runtime without it', () => {
  let cached: SandboxManagerApi;
  let plain: SandboxManagerApi;
  const stats = () => (globalThis as Record<symbol, { reused: number; built: number } | undefined>)[Symbol.for('relay.sandboxPlanStats')];

  before(async () => {
    const load = async (name: string, withCache: boolean): Promise<SandboxManagerApi> => {
      const options = sandboxBundleOptions(join(base, name));
      if (!withCache) options.plugins = options.plugins.filter((p: unknown) => p !== planCachePlugin);
      await build(options);
      return ((await import(pathToFileURL(join(base, name, 'sandbox.mjs')).href)) as { SandboxManager: SandboxManagerApi }).SandboxManager;
    };
    plain = await load('plain', false);
    cached = await load('cached', true);
  });

  test('through stores and protected files appearing, changing and going away', { skip: process.platform !== 'linux' && 'bubblewrap plans are made on Linux' }, async () => {
    const { ws, home } = folders();
    const config = {
      filesystem: {
        denyRead: ['.aws', '.ssh', '.npmrc', '.config/gh'].map((p) => join(home, p)),
        allowWrite: [ws],
        denyWrite: ['.git/hooks', '.git/config', '.vscode', '.envrc', '.claude/settings.json'].map((p) => join(ws, p)),
      },
    };
    const same = (s: string) => s.replace(/claude-empty-[A-Za-z0-9]+/g, 'claude-empty-X');
    const wraps: string[] = [];
    const both = async (): Promise<string> => {
      const a = await plain.wrapWithSandbox('true', 'bash', config);
      const b = await cached.wrapWithSandbox('true', 'bash', config);
      plain.cleanupAfterCommand();
      cached.cleanupAfterCommand();
      assert.equal(same(b), same(a));
      wraps.push(b);
      return b;
    };
    const reusedBefore = stats()?.reused ?? 0;
    assert.doesNotMatch(await both(), /\.aws/);
    assert.doesNotMatch(await both(), /\.aws/);
    mkdirSync(join(home, '.aws')); // `aws configure` after the first command: denied from the next one on
    assert.match(await both(), new RegExp(`--tmpfs ${join(home, '.aws')}`));
    assert.match(await both(), new RegExp(`--tmpfs ${join(home, '.aws')}`));
    writeFileSync(join(home, '.npmrc'), '//registry.npmjs.org/:_authToken=x\n');
    assert.match(await both(), new RegExp(`--ro-bind /dev/null ${join(home, '.npmrc')}`));
    mkdirSync(join(ws, '.vscode')); // a real folder now: bound read-only onto itself, no placeholder
    assert.match(await both(), new RegExp(`--ro-bind ${join(ws, '.vscode')} ${join(ws, '.vscode')}`));
    writeFileSync(join(ws, '.envrc'), ''); // an empty read-only file: what an earlier sandbox's bubblewrap left
    chmodSync(join(ws, '.envrc'), 0o444);
    await both(); // (and the runtime's cleanup takes it away, as its own)
    rmSync(join(ws, '.envrc'), { force: true });
    mkdirSync(join(home, 'dotfiles', 'gh'), { recursive: true });
    mkdirSync(join(home, '.config'));
    symlinkSync(join(home, 'dotfiles', 'gh'), join(home, '.config', 'gh'));
    await both();
    await both();
    rmSync(join(home, '.aws'), { recursive: true });
    assert.doesNotMatch(await both(), /\.aws/);
    assert.ok((stats()?.reused ?? 0) > reusedBefore, 'the cache was used');
  });
});

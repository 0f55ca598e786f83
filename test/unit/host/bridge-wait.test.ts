// The sandboxed command waits for the runtime's proxy bridges: in a network namespace of its own (as in the sandbox),
// bridges that start late (the runtime starts them in the background) are listening before the command connects.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { afterBridges, bridgeWait } from '../../../src/host/sandbox/bridge-wait';

const usable = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const canRun = process.platform === 'linux' && usable('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-user', '--unshare-net', '--', 'true']) && usable('socat', ['-V']);

describe('afterBridges', { skip: !canRun && 'needs bwrap and socat on Linux' }, () => {
  const shells = ['sh', 'bash', 'dash', 'zsh'].filter((shell) => usable(shell, ['-c', 'true']));

  for (const shell of shells) test(`the command connects only once both bridges listen, though they start late (${shell})`, () => {
    // Stand-ins for the runtime's bridges, started late in the background as the runtime starts its own.
    const bridges = [
      "(sleep 0.5; socat TCP-LISTEN:3128,reuseaddr SYSTEM:'echo http-bridge' >/dev/null 2>&1) &",
      "(sleep 0.3; socat TCP-LISTEN:1080,reuseaddr SYSTEM:'echo socks-bridge' >/dev/null 2>&1) &",
    ].join('\n');
    const connect = 'socat -u TCP:127.0.0.1:3128 - && socat -u TCP:127.0.0.1:1080 -';
    const script = `${bridges}\n${afterBridges(connect)}`;
    const r = spawnSync('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-user', '--unshare-net', '--', shell, '-c', script], { encoding: 'utf8', timeout: 10_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'http-bridge\nsocks-bridge\n');
  });

  test('bridges that listen on IPv6 (SOCAT_DEFAULT_LISTEN_IP=6) count as well', () => {
    const bridges = [
      "(sleep 0.4; socat TCP6-LISTEN:3128,reuseaddr SYSTEM:'echo http-bridge' >/dev/null 2>&1) &",
      "(sleep 0.2; socat TCP6-LISTEN:1080,reuseaddr SYSTEM:'echo socks-bridge' >/dev/null 2>&1) &",
    ].join('\n');
    const script = `${bridges}\nstart=$(date +%s%N)\n${bridgeWait()}\necho $(( ($(date +%s%N) - start) / 1000000 ))\nsocat -u TCP6:[::1]:3128 - && socat -u TCP6:[::1]:1080 -`;
    const r = spawnSync('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-user', '--unshare-net', '--', 'sh', '-c', script], { encoding: 'utf8', timeout: 10_000 });
    assert.equal(r.status, 0, r.stderr);
    const [waited, ...rest] = r.stdout.trim().split('\n');
    assert.deepEqual(rest, ['http-bridge', 'socks-bridge']);
    // Not the 2 s bound: the wait saw them listen (counted in sockstat6).
    assert.ok(Number(waited) < 1500, `waited ${waited} ms`);
  });

  test('keeps the command line as it was after the wait', () => {
    assert.ok(afterBridges('echo "a b" | cat').endsWith('\necho "a b" | cat'));
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sharedAnalyzer, WASM_PATHS } from './fixtures';
import { createShellAnalyzer, type ShellAnalysis } from '../../../src/core/permissions';
import { createLazyShellParser } from '../../../src/core/permissions/shell-parser';

async function analyze(command: string): Promise<ShellAnalysis> {
  return sharedAnalyzer().analyze(command);
}

const argvs = (a: ShellAnalysis): string[] => a.commands.map((c) => c.words.map((w) => w.value).join(' '));

describe('splitting into sub-commands', () => {
  const cases: [string, string[]][] = [
    ['a | b && c || d; e & f', ['a', 'b', 'c', 'd', 'e', 'f']],
    ['a\nb', ['a', 'b']],
    ['echo $(a) `b`', ['echo $(a) `b`', 'a', 'b']],
    ['(a; b) && { c; }', ['a', 'b', 'c']],
    ['diff <(a) >(b)', ['diff <(a) >(b)', 'a', 'b']],
    ['X=1 Y=$(a) b c', ['b c', 'a']],
    ["'r''m' \"-rf\" \\/", ['rm -rf /']],
    ["$'\\x6c\\x73' -l", ['ls -l']],
    ['if a; then b; elif c; then d; else e; fi', ['a', 'b', 'c', 'd', 'e']],
    ['while read l; do a "$l"; done < in.txt', ['read l', 'a $l']],
    ['case $x in y) a;; *) b;; esac', ['a', 'b']],
    ['f() { a; }; f', ['a', 'f']],
    ['export A=1 B=$(a)', ['export A=1 B=$(a)', 'a']],
  ];
  for (const [command, expected] of cases) {
    test(JSON.stringify(command), async () => assert.deepEqual(argvs(await analyze(command)), expected));
  }
});

describe('wrappers and nested shell code', () => {
  test('each wrapper layer is a sub-command, with the path it came through', async () => {
    const analysis = await analyze('sudo -u me env A=1 nice -n 5 timeout -s KILL 10 xargs -n1 rm -f');
    assert.deepEqual(argvs(analysis), [
      'sudo -u me env A=1 nice -n 5 timeout -s KILL 10 xargs -n1 rm -f',
      'env A=1 nice -n 5 timeout -s KILL 10 xargs -n1 rm -f',
      'nice -n 5 timeout -s KILL 10 xargs -n1 rm -f',
      'timeout -s KILL 10 xargs -n1 rm -f',
      'xargs -n1 rm -f',
      'rm -f',
    ]);
    assert.deepEqual(analysis.commands.at(-1)?.via, ['sudo', 'env', 'nice', 'timeout', 'xargs']);
  });

  test('bash -c strings are parsed recursively', async () => {
    const analysis = await analyze(`bash -c "ls && sh -c 'pwd; id'"`);
    assert.deepEqual(argvs(analysis).slice(1), ['ls', 'sh -c pwd; id', 'pwd', 'id']);
    assert.deepEqual(analysis.commands.at(-1)?.via, ['bash -c', 'sh -c']);
  });

  test('find -exec runs its command', async () => {
    assert.deepEqual(argvs(await analyze('find . -exec grep -l x {} + -execdir rm {} \\;')).slice(1), ['grep -l x {}', 'rm {}']);
  });

  test('a here-doc into a shell is its script', async () => {
    assert.deepEqual(argvs(await analyze('bash <<EOF\nmake\nmake install\nEOF')).slice(1), ['make', 'make install']);
  });

  test('command -v is a lookup, not a wrapper', async () => {
    assert.deepEqual(argvs(await analyze('command -v rm')), ['command -v rm']);
  });

  test('very long command lines are not parsed', async () => {
    const analysis = await analyze(`echo ${'x'.repeat(25_000)}`);
    assert.deepEqual(analysis.commands, []);
    assert.equal(analysis.findings[0]?.kind, 'too-complex');
  });

  test('nesting has a limit', async () => {
    let command = 'ls';
    for (let i = 0; i < 10; i++) command = `sh -c ${JSON.stringify(command)}`;
    const analysis = await analyze(command);
    assert.ok(analysis.findings.some((f) => f.kind === 'too-complex'));
  });
});

describe('redirections', () => {
  test('write, read and descriptor duplication', async () => {
    const [cmd] = (await analyze('cmd < in > out 2>&1 >> log &> all')).commands;
    assert.deepEqual(
      cmd?.redirects.map((r) => [r.operator, r.target?.value, r.access]),
      [
        ['<', 'in', 'read'],
        ['>', 'out', 'write'],
        ['>&', '1', 'none'],
        ['>>', 'log', 'write'],
        ['&>', 'all', 'write'],
      ],
    );
  });

  test('a redirection on a compound statement applies to the commands inside', async () => {
    const analysis = await analyze('{ a; b; } > out');
    assert.deepEqual(analysis.commands.map((c) => c.redirects.map((r) => r.target?.value)), [['out'], ['out']]);
  });
});

describe('lazy loading', () => {
  test('creating an analyzer loads nothing; a bad grammar path fails on first use, and can be retried', async () => {
    const analyzer = createShellAnalyzer({ ...WASM_PATHS, bashWasmPath: `${WASM_PATHS.bashWasmPath}.missing` });
    await assert.rejects(analyzer.analyze('ls'));
    await assert.rejects(analyzer.analyze('ls'));
  });

  test('the parser is built once and shared by concurrent and later calls', async () => {
    const load = createLazyShellParser(WASM_PATHS);
    const [first, second] = await Promise.all([load(), load()]);
    assert.equal(first, second);
    assert.equal(await load(), first);
    assert.equal(first('ls').root.type, 'program');
  });
});

describe('environment assignments', () => {
  const cases: [string, [name: string, value: string, scope: 'command' | 'shell', text: string][]][] = [
    ['FOO=1 BAR="x y" ls -l', [['FOO', '1', 'command', 'FOO=1 BAR="x y" ls -l'], ['BAR', 'x y', 'command', 'FOO=1 BAR="x y" ls -l']]],
    ['env A=1 B=2 ls', [['A', '1', 'command', 'env A=1 B=2 ls'], ['B', '2', 'command', 'env A=1 B=2 ls']]],
    ['export P=/tmp Q; ls', [['P', '/tmp', 'shell', 'export P=/tmp Q']]],
    ['X=1; ls', [['X', '1', 'shell', 'X=1']]],
    ['A=1 B=2', [['A', '1', 'shell', 'A=1'], ['B', '2', 'shell', 'B=2']]],
    ['ls > out.txt', []],
    ["bash -c 'Z=3 ls'", [['Z', '3', 'command', 'Z=3 ls']]],
  ];
  for (const [command, expected] of cases) {
    test(JSON.stringify(command), async () => {
      const analysis = await analyze(command);
      assert.deepEqual(
        analysis.assignments.map((a) => [a.name, a.value.value, a.scope, a.text]),
        expected,
      );
    });
  }

  test('a value of a command-valued variable is analysed as shell code', async () => {
    const analysis = await analyze("GIT_PAGER='rm -rf ~' git log");
    assert.deepEqual(argvs(analysis), ['rm -rf ~', 'git log']);
    assert.deepEqual(analysis.commands[0]!.via, ['GIT_PAGER=']);
  });

  test('a substitution in an assignment is walked once', async () => {
    assert.deepEqual(argvs(await analyze('X=$(pwd); export Y=$(id)')), ['pwd', 'export Y=$(id)', 'id']);
  });
});

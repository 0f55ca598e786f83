// Issue 25: a query that only prints stays read-only only while the workspace has none of the files that make
// the tool run code first (`yarnPath` in `.yarnrc.yml`, `-javaagent` in `.mvn/jvm.config`, a path toolchain in
// `rust-toolchain.toml`). With one, the query is judged like any other command.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { HOME, nodeFileSystem, policyFor, virtualFileSystem, WORKSPACE } from './fixtures';
import { suggestAlwaysAllow, type ApprovalMode, type Decision, type FileSystemFacts, type PermissionRule } from '../../../src/core/permissions';
import { buildApprovalPrompt } from '../../../src/host/permissions/approval-prompt';

async function run(command: string, files: string[], mode: ApprovalMode = 'default', rules: PermissionRule[] = [], fileSystem?: FileSystemFacts): Promise<Decision> {
  const policy = policyFor(mode, { rules, fileSystem: fileSystem ?? virtualFileSystem({}, files) });
  return policy.evaluate({ toolName: 'run_command', kind: 'execute', targets: { command } });
}

const W = WORKSPACE;

/** Command, the files that exist (absolute), and the file the reason must name. */
const ASKS: [string, string[], string][] = [
  ['yarn --version', [`${W}/.yarnrc.yml`], `${W}/.yarnrc.yml`],
  ['yarn -v', [`${W}/.yarnrc`], `${W}/.yarnrc`],
  ['yarnpkg --version', [`${W}/.yarnrc.yml`], `${W}/.yarnrc.yml`],
  ['yarn config get npmRegistryServer', [`${W}/.yarnrc.yml`], `${W}/.yarnrc.yml`],
  ['yarn config list', [`${W}/.yarnrc`], `${W}/.yarnrc`],
  ['yarn --version', ['/work/.yarnrc.yml'], '/work/.yarnrc.yml'], // searched upwards, as yarn does
  ['cd packages/app && yarn --version', [`${W}/.yarnrc.yml`], `${W}/.yarnrc.yml`],
  ['cd packages/app && yarn --version', [`${W}/packages/app/.yarnrc`], `${W}/packages/app/.yarnrc`],
  ['env yarn --version', [`${W}/.yarnrc.yml`], `${W}/.yarnrc.yml`],
  ['yarn --version && ls', [`${W}/.yarnrc.yml`], `${W}/.yarnrc.yml`],
  ['mvn -v', [`${W}/.mvn/jvm.config`], `${W}/.mvn/jvm.config`],
  ['mvn --version', [`${W}/.mvn/maven.config`], `${W}/.mvn/maven.config`],
  ['mvnd --version', [`${W}/.mvn/extensions.xml`], `${W}/.mvn/extensions.xml`],
  ['cd module && mvn -v', [`${W}/.mvn/jvm.config`], `${W}/.mvn/jvm.config`],
  ['gradle --version', [`${W}/gradle.properties`], `${W}/gradle.properties`],
  ['gradle -v', [`${W}/gradle.properties`], `${W}/gradle.properties`],
  ['cargo --version', [`${W}/rust-toolchain.toml`], `${W}/rust-toolchain.toml`],
  ['cargo version', [`${W}/rust-toolchain`], `${W}/rust-toolchain`],
  ['cargo -vV', [`${W}/rust-toolchain.toml`], `${W}/rust-toolchain.toml`],
  ['rustc --version', [`${W}/rust-toolchain.toml`], `${W}/rust-toolchain.toml`],
  ['rustc -vV', [`${W}/rust-toolchain`], `${W}/rust-toolchain`],
  ['rustc --version --verbose', [`${W}/rust-toolchain.toml`], `${W}/rust-toolchain.toml`],
  ['rustfmt --version', [`${W}/rust-toolchain.toml`], `${W}/rust-toolchain.toml`],
  ['rustup --version', [`${W}/rust-toolchain.toml`], `${W}/rust-toolchain.toml`],
  ['bazel --version', [`${W}/.bazelversion`], `${W}/.bazelversion`],
  ['bazelisk --version', [`${W}/.bazeliskrc`], `${W}/.bazeliskrc`],
  ['sbt --version', [`${W}/.jvmopts`], `${W}/.jvmopts`],
  ['sbt --version', [`${W}/.sbtopts`], `${W}/.sbtopts`],
  ['sbt --version', [`${W}/project/build.properties`], `${W}/project/build.properties`],
  ['sbt -V', [`${W}/.jvmopts`], `${W}/.jvmopts`],
  ['dotnet --info', [`${W}/global.json`], `${W}/global.json`],
  ['dotnet --version', [`${W}/global.json`], `${W}/global.json`],
  ['cd src/App && dotnet --info', [`${W}/global.json`], `${W}/global.json`],
];

/** Still read-only: no such file, a file another tool reads, the user's own home configuration. */
const ALLOWS: [string, string[]][] = [
  ['yarn --version', []],
  ['yarn config get npmRegistryServer', []],
  ['yarn --version', [`${W}/.npmrc`, `${W}/package.json`]],
  ['yarn --version', [`${HOME}/.yarnrc.yml`, `${HOME}/.yarnrc`]], // the user's own configuration
  ['yarn --version', ['/work/other/.yarnrc.yml', `${W}/packages/app/.yarnrc.yml`]], // not on the way up from the workspace
  ['npm --version', [`${W}/.yarnrc.yml`, `${W}/.npmrc`]],
  ['npm config get registry', [`${W}/.npmrc`]],
  ['node --version', [`${W}/rust-toolchain.toml`, `${W}/.node-version`]],
  ['go version', [`${W}/.mvn/jvm.config`, `${W}/go.mod`]],
  ['go env GOPATH', [`${W}/go.mod`]],
  ['python3 -V', [`${W}/.python-version`]],
  ['java -version', [`${W}/.mvn/jvm.config`]],
  ['mvn -v', []],
  ['mvn -v', [`${W}/.mvn/wrapper/maven-wrapper.properties`]],
  ['gradle --version', [`${W}/build.gradle`]],
  ['cargo --version', [`${W}/Cargo.toml`, `${W}/.cargo/config.toml`]],
  ['rustc --version', []],
  ['rustup toolchain list', [`${W}/rust-toolchain.toml`]], // lists, runs no toolchain
  ['bazel --version', [`${W}/MODULE.bazel`]],
  ['sbt --version', [`${W}/build.sbt`]],
  ['sbt -V', []],
  ['dotnet --info', []],
  ['dotnet --info', [`${W}/Directory.Build.props`, `${W}/NuGet.config`]],
  ['dotnet --list-sdks', [`${W}/global.json`]], // the host lists them, no SDK runs
  ['dotnet --list-runtimes', [`${W}/global.json`]],
];

describe('[issue 25] queries that a workspace file makes run code ask', () => {
  for (const [command, files, named] of ASKS) {
    test(`${command} with ${files.join(', ')}`, async () => {
      const decision = await run(command, files);
      assert.equal(decision.action, 'ask', decision.reason);
      assert.match(decision.reason, /is not read-only in this workspace/);
      assert.ok(decision.reason.includes(named), decision.reason);
      assert.match(decision.reason, /Default mode asks before running commands\./);
      const cause = decision.trigger;
      assert.equal(cause?.type === 'command' ? cause.cause : undefined, named, 'the modal names the file as the cause');
    });
  }
});

describe('[issue 25] the same queries stay read-only without such a file', () => {
  for (const [command, files] of ALLOWS) {
    test(`${command} with ${files.join(', ') || 'no files'}`, async () => {
      const decision = await run(command, files);
      assert.equal(decision.action, 'allow', decision.reason);
    });
  }
});

describe('[issue 25] what the mode and the user rules decide', () => {
  const yarnrc = [`${W}/.yarnrc.yml`];

  test('the reason names the setting and the file', async () => {
    const decision = await run('yarn --version', yarnrc);
    assert.match(decision.reason, /yarn runs the program named by yarnPath in \/work\/ws\/\.yarnrc\.yml/);
    const maven = await run('mvn -v', [`${W}/.mvn/jvm.config`]);
    assert.match(maven.reason, /Maven starts Java with the options in \/work\/ws\/\.mvn\/jvm\.config, where -javaagent runs a program/);
  });

  test('yolo runs it, auto-edit asks, plan refuses: like any other command', async () => {
    assert.equal((await run('yarn --version', yarnrc, 'yolo')).action, 'allow');
    assert.equal((await run('yarn --version', yarnrc, 'auto-edit')).action, 'ask');
    assert.equal((await run('yarn --version', yarnrc, 'plan')).action, 'deny');
  });

  test("the user's own allow rule still allows it", async () => {
    const rules: PermissionRule[] = [{ tool: 'run_command', pattern: 'yarn --version', action: 'allow' }];
    assert.equal((await run('yarn --version', yarnrc, 'default', rules)).action, 'allow');
    assert.equal((await run('yarn -v', yarnrc, 'default', rules)).action, 'ask');
  });

  test('Always allow offers the exact command, and the modal says which file', async () => {
    const command = 'yarn --version && ls';
    const decision = await run(command, yarnrc);
    const suggestion = suggestAlwaysAllow(decision);
    assert.deepEqual(suggestion.available && suggestion.rules.map((r) => r.pattern), ['yarn --version']);
    const prompt = buildApprovalPrompt({
      request: { callId: 'c', toolName: 'run_command', kind: 'execute', targets: { command } },
      decision,
      suggestion,
      saveTarget: 'user settings',
      workspaceFolders: [W],
      defaultCwd: W,
    });
    assert.match(prompt.detail, /"yarn --version" is not read-only in this workspace: yarn runs the program named by yarnPath in \/work\/ws\/\.yarnrc\.yml/, prompt.detail);
  });

  test('without a file probe, a path that resolves counts as a file (asks)', async () => {
    const { fileExists: _none, ...facts } = virtualFileSystem();
    assert.equal((await run('yarn --version', [], 'default', [], facts)).action, 'ask');
  });
});

test('`sbt -v` is verbose and starts the build, not a version query: it asks with no file at all', async () => {
  assert.equal((await run('sbt -v', [])).action, 'ask');
});

describe('[issue 25] on a real disk', () => {
  let dir: string | undefined;
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('a .yarnrc.yml makes yarn --version ask; removing it makes it read-only again', async () => {
    dir = await mkdtemp(join(tmpdir(), 'relay-launch-'));
    const fileSystem = nodeFileSystem({ workspaceFolders: [dir], homeDir: HOME, caseInsensitive: false });
    await writeFile(join(dir, '.yarnrc.yml'), 'yarnPath: ./evil.js\n');
    assert.equal((await run('yarn --version', [], 'default', [], fileSystem)).action, 'ask');
    await rm(join(dir, '.yarnrc.yml'));
    assert.equal((await run('yarn --version', [], 'default', [], fileSystem)).action, 'allow');
  });
});

// The escape suite of issue 36, sections 1 and 3, with real bubblewrap: a sandboxed run_command plants a payload
// whose only effect would be to write a marker file in a folder the sandbox cannot write (the fake home), then the
// suite triggers it the way real life would (git status at the root and in the submodule, git commit, a checkout in
// the submodule, git status in a parallel task's worktree) outside the sandbox, as VS Code's git extension or the
// user would. No marker may appear, and the card and the model name what was refused or put back. Each payload is
// first planted without the sandbox in a repository of its own and triggered the same way: its marker must appear
// there, so every variant is an escape that works when nothing stops it.
import * as assert from 'node:assert/strict';
import { execFile, execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { ToolContext, ToolResultContent, ToolResultOptions, ToolStatusOptions } from '../../../src/core/tools';
import type { CommandSandbox } from '../../../src/core/ports/command-sandbox';
import { effectiveSandboxSettings } from '../../../src/core/sandbox/boundary';
import { findRipgrep } from '../../../src/host/file-search/ripgrep-locator';
import { RuntimeSandbox, type SandboxManagerApi } from '../../../src/host/sandbox/runtime-sandbox';
import { workspaceCreatedGitEntries } from '../../../src/host/sandbox/workspace-created-paths';
import { CommandSandboxing } from '../../../src/host/sandbox/command-sandboxing';
import { ProcessManager } from '../../../src/host/processes/process-manager';
import { VsCodeWorkspaceFiles } from '../../../src/host/editing/workspace-files';
import { createBuiltinToolFactories, type ToolServices } from '../../../src/tools';

interface Variant {
  id: string;
  /** The sandboxed command (in the repository's folder, or the task's worktree for `inTask`). */
  plant: (marker: string) => string;
  /** git commands run outside afterwards, as `[folder relative to the repository, ...args]`. */
  triggers: [string, ...string[]][];
  /** The card must name this path (relative to the repository or the task's worktree). */
  named?: string;
  /** Whether the audit put it back (the card says so) rather than the read-only mounts refusing it. */
  putBack?: boolean;
  /** Refused by a `commondir` pin of Relay's (commondir-pins.ts): this path still names its own directory after. */
  pinned?: string;
  /** git commands run outside again and again while the command runs (VS Code's git extension does). */
  during?: [string, ...string[]];
  /** Runs in a parallel task's worktree (outside the workspace), the only folder it may write. */
  inTask?: boolean;
  /** Files that run code on opening (no git trigger): this path must be gone or unchanged afterwards. */
  absent?: string;
  unchanged?: string;
}

/** `node -e` writing base64 content to a file (creating its folder), appending with `a`: no shell quoting in the way. */
function nodeWrite(path: string, text: string, flag: 'w' | 'a' = 'w'): string {
  const script = "const f=require('fs'),p=require('path');f.mkdirSync(p.dirname(process.argv[1]),{recursive:true});f.writeFileSync(process.argv[1],Buffer.from(process.argv[2],'base64'),{flag:process.argv[3],mode:0o755})";
  return `node -e "${script}" '${path}' '${Buffer.from(text).toString('base64')}' ${flag}`;
}

const fsmonitor = (marker: string) => `[core]\n\tfsmonitor = touch ${marker}; false\n`;
const hook = (marker: string) => `#!/bin/sh\ntouch ${marker}\n`;
/** A git directory of the command's making whose configuration runs the payload on `git status`. */
const evilGitDir = (dir: string, marker: string) => `git init -q evil-src && cp -r evil-src/.git ${dir} && rm -rf evil-src && git config -f ${dir}/config core.fsmonitor "touch ${marker}; false"`;

const STATUS: [string, ...string[]] = ['.', 'status', '--porcelain'];
const SUB_STATUS: [string, ...string[]] = ['vendor/lib', 'status', '--porcelain'];
const COMMIT: [string, ...string[]] = ['.', 'commit', '-q', '--allow-empty', '-m', 'trigger'];

const VARIANTS: Variant[] = [
  // 1. Git configuration: the repository's, the submodule's, one reached through commondir.
  { id: 'config-node-append', plant: (m) => nodeWrite('.git/config', fsmonitor(m), 'a'), triggers: [STATUS], named: '.git/config' },
  { id: 'config-git-config', plant: (m) => `git config core.fsmonitor "touch ${m}; false"`, triggers: [STATUS], named: '.git/config' },
  { id: 'config-rename-over', plant: (m) => `${nodeWrite('cfg.new', fsmonitor(m))} && cat .git/config >> cfg.new; mv -f cfg.new .git/config`, triggers: [STATUS], named: '.git/config' },
  { id: 'config-submodule', plant: (m) => nodeWrite('.git/modules/vendor/lib/config', fsmonitor(m), 'a'), triggers: [SUB_STATUS, STATUS], named: '.git/modules/vendor/lib/config' },
  { id: 'config-commondir', plant: (m) => `${evilGitDir('evil-common', m)} && ${nodeWrite('.git/commondir', '../evil-common\n')}`, triggers: [STATUS], named: '.git/commondir', pinned: '.git/commondir' },
  { id: 'config-submodule-commondir', plant: (m) => `${evilGitDir('evil-common', m)} && ${nodeWrite('.git/modules/vendor/lib/commondir', '../../../../evil-common\n')}`, triggers: [SUB_STATUS], named: '.git/modules/vendor/lib/commondir', pinned: '.git/modules/vendor/lib/commondir' },
  // Written again and again while git runs outside: a removal after each write would leave it there most of the time.
  { id: 'config-commondir-loop', plant: (m) => `${evilGitDir('evil-common', m)}; i=0; while [ $i -lt 400 ]; do i=$((i+1)); rm -f .git/commondir; printf '../evil-common\n' > .git/commondir; done; true`, triggers: [STATUS], during: STATUS, pinned: '.git/commondir' },
  // 2. Hooks: husky's core.hooksPath folder, husky's scripts, a new hook there, the submodule's hooks, hooksPath itself.
  { id: 'hooks-husky-overwrite', plant: (m) => nodeWrite('.husky/_/pre-commit', hook(m)), triggers: [COMMIT], named: '.husky/_/pre-commit' },
  { id: 'hooks-husky-script', plant: (m) => nodeWrite('.husky/pre-commit', hook(m)), triggers: [COMMIT], named: '.husky/pre-commit' },
  { id: 'hooks-husky-new', plant: (m) => nodeWrite('.husky/_/post-commit', hook(m)), triggers: [COMMIT], named: '.husky/_/post-commit' },
  { id: 'hooks-husky-swap-folder', plant: (m) => `${nodeWrite('evil-hooks/pre-commit', hook(m))} && rm -rf .husky/_; mv .husky/_ husky-old; ln -sfn ../evil-hooks .husky/_`, triggers: [COMMIT], named: '.husky/_' },
  { id: 'hooks-submodule', plant: (m) => nodeWrite('.git/modules/vendor/lib/hooks/post-checkout', hook(m)), triggers: [['vendor/lib', 'checkout', '-q', '-b', 'trigger']], named: '.git/modules/vendor/lib/hooks/post-checkout' },
  { id: 'hooks-path-redirect', plant: (m) => `${nodeWrite('evil-hooks/pre-commit', hook(m))} && git config core.hooksPath evil-hooks`, triggers: [COMMIT], named: '.git/config' },
  // 3. Pointer files: the submodule's .git file, a worktree's, a worktree's commondir.
  { id: 'pointer-submodule', plant: (m) => `${evilGitDir('evil-gd', m)} && echo 'gitdir: ../../evil-gd' > vendor/lib/.git`, triggers: [SUB_STATUS], named: 'vendor/lib/.git' },
  { id: 'pointer-worktree', plant: (m) => `${evilGitDir('evil-gd', m)} && ${nodeWrite('wt/.git', 'gitdir: ../evil-gd\n')}`, triggers: [['wt', 'status', '--porcelain']], named: 'wt/.git' },
  { id: 'pointer-worktree-commondir', plant: (m) => `${evilGitDir('evil-gd', m)} && ${nodeWrite('.git/worktrees/wt/commondir', `${'../'.repeat(3)}evil-gd\n`)}`, triggers: [['wt', 'status', '--porcelain']], named: '.git/worktrees/wt/commondir' },
  // 4. Repositories the command makes: git init, a deep one by hand, a new .git file.
  { id: 'new-repo-git-init', plant: (m) => `mkdir -p evil && cd evil && git init -q && git config core.fsmonitor "touch ${m}; false"`, triggers: [['evil', 'status', '--porcelain']], named: 'evil/.git', putBack: true },
  { id: 'new-repo-deep', plant: (m) => `mkdir -p a/b/c/d/e && ${evilGitDir('a/b/c/d/e/.git', m)}`, triggers: [['a/b/c/d/e', 'status', '--porcelain']], named: 'a/b/c/d/e/.git', putBack: true },
  { id: 'new-repo-pointer-file', plant: (m) => `${evilGitDir('.cache-gd', m)} && mkdir -p tools && ${nodeWrite('tools/.git', 'gitdir: ../.cache-gd\n')}`, triggers: [['tools', 'status', '--porcelain']], named: 'tools/.git', putBack: true },
  // 5. A parallel task's worktree (outside the workspace, the only folder its commands may write).
  { id: 'task-worktree-pointer', inTask: true, plant: (m) => `${evilGitDir('evil-gd', m)} && ${nodeWrite('.git', 'gitdir: evil-gd\n')}`, triggers: [['.', 'status', '--porcelain']], named: '.git' },
  { id: 'task-worktree-husky', inTask: true, plant: (m) => nodeWrite('.husky/_/post-commit', hook(m)), triggers: [COMMIT], named: '.husky/_/post-commit' },
  { id: 'task-worktree-new-repo', inTask: true, plant: (m) => `mkdir -p pkg && cd pkg && git init -q && git config core.fsmonitor "touch ${m}; false"`, triggers: [['pkg', 'status', '--porcelain']], named: 'pkg/.git', putBack: true },
  // 6. Files that run code when the folder, a container or a terminal is opened (section 3).
  // A .gitmodules: VS Code's git extension opens every repository it lists (node_modules is scanned by nobody).
  { id: 'gitmodules-new-in-submodule', plant: () => nodeWrite('vendor/lib/.gitmodules', '[submodule "x"]\n\tpath = node_modules/x\n\turl = ./x\n'), triggers: [], absent: 'vendor/lib/.gitmodules', named: 'vendor/lib/.gitmodules' },
  { id: 'gitmodules-edit-existing', plant: () => nodeWrite('.gitmodules', '[submodule "x"]\n\tpath = node_modules/x\n\turl = ./x\n', 'a'), triggers: [], unchanged: '.gitmodules', named: '.gitmodules' },
  { id: 'open-devcontainer', plant: (m) => nodeWrite('.devcontainer/devcontainer.json', JSON.stringify({ image: 'x', postCreateCommand: `touch ${m}` })), triggers: [], absent: '.devcontainer', named: '.devcontainer', putBack: true },
  { id: 'open-code-workspace', plant: (m) => nodeWrite('team.code-workspace', JSON.stringify({ folders: [{ path: '.' }], tasks: { version: '2.0.0', tasks: [{ label: 'x', type: 'shell', command: `touch ${m}`, runOptions: { runOn: 'folderOpen' } }] } })), triggers: [], absent: 'team.code-workspace', named: 'team.code-workspace', putBack: true },
  { id: 'open-vscode-tasks', plant: (m) => nodeWrite('.vscode/tasks.json', JSON.stringify({ version: '2.0.0', tasks: [{ label: 'x', type: 'shell', command: `touch ${m}`, runOptions: { runOn: 'folderOpen' } }] })), triggers: [], absent: '.vscode/tasks.json', named: '.vscode' },
  { id: 'open-envrc', plant: (m) => nodeWrite('.envrc', `touch ${m}\n`), triggers: [], absent: '.envrc', named: '.envrc' },
  { id: 'open-mise', plant: (m) => nodeWrite('mise.toml', `[hooks]\nenter = "touch ${m}"\n`), triggers: [], absent: 'mise.toml', named: 'mise.toml', putBack: true },
  { id: 'commit-pre-commit-config', plant: (m) => nodeWrite('.pre-commit-config.yaml', `repos:\n- repo: local\n  hooks:\n  - id: x\n    name: x\n    entry: touch ${m}\n    language: system\n`), triggers: [], unchanged: '.pre-commit-config.yaml', named: '.pre-commit-config.yaml' },
];

describe('sandbox escapes: git control data and files that run code later (issue 36)', function () {
  this.timeout(600_000);
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const base = mkdtempSync(join(tmpdir(), 'relay-escapes-'));
  const home = join(base, 'home');
  const markers = join(home, 'markers');
  const temp = join(base, 'tmp');
  const gitEnv: NodeJS.ProcessEnv = { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_ALLOW_PROTOCOL: 'file' };
  for (const k of Object.keys(gitEnv)) if (/^GIT_(DIR|WORK_TREE|INDEX_FILE|COMMON_DIR)$/.test(k)) delete gitEnv[k];
  let writable: string[] = [];
  let sandbox: RuntimeSandbox;
  let services: ToolServices;
  let processes: ProcessManager;
  let n = 0;
  let lib = '';
  /** Whether the sandbox hears of new `.git` entries while a command runs (off only for the control run). */
  let hearing = true;
  /** What the sweep of node_modules after a command set aside. */
  const setAsides: string[] = [];

  const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'protocol.file.allow=always', ...args], { cwd, env: gitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  /** A repository with a submodule, husky's hooks folder (core.hooksPath), a linked worktree, pre-commit's config. */
  function repository(dir: string): { repo: string; task: string } {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    git(dir, 'init', '-q', '-b', 'main');
    writeFileSync(join(dir, 'a.txt'), 'a\n');
    mkdirSync(join(dir, '.husky', '_'), { recursive: true });
    writeFileSync(join(dir, '.husky', 'pre-commit'), 'true\n');
    writeFileSync(join(dir, '.husky', '_', 'pre-commit'), '#!/bin/sh\n. "$(dirname "$0")/../pre-commit"\n', { mode: 0o755 });
    writeFileSync(join(dir, '.pre-commit-config.yaml'), 'repos: []\n');
    git(dir, 'config', 'core.hooksPath', '.husky/_');
    git(dir, 'submodule', 'add', '-q', lib, 'vendor/lib');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'init');
    git(dir, 'worktree', 'add', '-q', 'wt', '-b', 'wt');
    // A parallel task's worktree lives outside the workspace.
    const task = `${dir}-task`;
    rmSync(task, { recursive: true, force: true });
    git(dir, 'worktree', 'add', '-q', task, '-b', `task-${n}`);
    return { repo: dir, task };
  }

  /** Runs `[folder, ...args]` outside, one after another, until stopped; resolves with how many ran. */
  function keepTriggering(folder: string, [rel, ...args]: [string, ...string[]]): { stop(): Promise<number> } {
    let stopped = false;
    let runs = 0;
    const loop = (async () => {
      while (!stopped) {
        await new Promise<void>((done) => execFile('git', args, { cwd: join(folder, rel), env: gitEnv }, () => done()));
        runs++;
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        await loop;
        return runs;
      },
    };
  }

  function trigger(folder: string, triggers: Variant['triggers']): void {
    for (const [rel, ...args] of triggers) {
      try {
        git(join(folder, rel), ...args);
      } catch {
        // A refused or broken repository is no escape; only the marker counts.
      }
    }
  }

  before(async () => {
    mkdirSync(markers, { recursive: true });
    mkdirSync(temp, { recursive: true });
    lib = join(base, 'lib');
    mkdirSync(lib);
    git(lib, 'init', '-q', '-b', 'main');
    writeFileSync(join(lib, 'lib.txt'), 'lib\n');
    git(lib, 'add', '.');
    git(lib, 'commit', '-qm', 'lib');
    const extension = vscode.extensions.all.find((e) => e.packageJSON.name === 'relay')!;
    const bundle = join(extension.extensionPath, 'dist', 'sandbox.mjs');
    const settings = effectiveSandboxSettings(undefined, undefined);
    sandbox = new RuntimeSandbox({
      load: async () => ((await import(`${pathToFileURL(bundle).href}?suite=escapes`)) as { SandboxManager: SandboxManagerApi }).SandboxManager,
      settings: () => settings,
      homeDir: home,
      tempDir: temp,
      ripgrepPath: findRipgrep(vscode.env.appRoot),
      createdPaths: (listener) => (hearing ? workspaceCreatedGitEntries(listener) : () => undefined),
      onSetAside: (found) => setAsides.push(...found.map((f) => f.path)),
    });
    const files = new VsCodeWorkspaceFiles();
    const commands = new CommandSandboxing({ sandbox, enabled: () => true });
    const confined = (s: CommandSandbox | undefined): CommandSandbox | undefined =>
      s && { available: s.available, wrap: (command, env, scope) => s.wrap(command, { ...env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' }, { ...scope, writableRoots: writable }) };
    processes = new ProcessManager({ logDir: join(temp, 'logs'), sandbox: async () => confined(await commands.forCommands()) });
    services = {
      files,
      search: { search: () => Promise.reject(new Error('unused')) } as unknown as ToolServices['search'],
      commands: { run: () => Promise.reject(new Error('run_command starts every command as a process here')) },
      processes,
      reviewer: undefined as unknown as ToolServices['reviewer'],
      applier: undefined as unknown as ToolServices['applier'],
      diagnostics: undefined as unknown as ToolServices['diagnostics'],
      language: undefined as unknown as ToolServices['language'],
      questions: { ask: () => Promise.reject(new Error('no questions')) },
      todos: { update: () => undefined },
      workspaceRoots: () => files.roots,
    };
    assert.ok(await sandbox.prepare(), `bubblewrap must work here: ${sandbox.unavailableReason}`);
  });

  after(async () => {
    await processes?.dispose();
    await sandbox?.dispose();
    rmSync(base, { recursive: true, force: true });
    rmSync(join(root(), 'escape-fixture'), { recursive: true, force: true });
    rmSync(join(root(), 'escape-fixture-task'), { recursive: true, force: true });
    for (const plain of ['escape-vscode', 'escape-vscode-control', 'escape-nm', 'escape-nm-control']) rmSync(join(root(), plain), { recursive: true, force: true });
  });

  async function run(command: string, cwd: string) {
    const entry = createBuiltinToolFactories(services).find((t) => t.name === 'run_command')!;
    const tool = entry.factory({ taskId: 'task', callId: `escape-${++n}` });
    const results: { content: ToolResultContent; options: ToolResultOptions }[] = [];
    const statuses: { status: string; options: ToolStatusOptions }[] = [];
    const ctx: ToolContext = {
      callId: `escape-${n}`,
      taskId: 'task',
      signal: new AbortController().signal,
      setToolResult: (_id, content, options = {}) => void results.push({ content, options }),
      sendToolStatus: (_id, status, options = {}) => void statuses.push({ status, options }),
      completeTask: () => undefined,
      log: { warn: () => undefined },
    };
    const validated = await tool.validate({ command, cwd });
    assert.ok(validated.ok, JSON.stringify(validated));
    await tool.execute(validated.params, ctx, false);
    const final = statuses.filter((s) => s.status === 'SUCCESS' || s.status === 'ERROR').at(-1)!;
    const card = (final.options.blocks ?? []).map((b) => ('text' in b ? String(b.text) : '')).join('\n');
    return { text: String(results[0]!.content), card };
  }

  for (const variant of VARIANTS) {
    it(variant.id, async () => {
      // The payload works when nothing stops it: planted without the sandbox, the trigger writes the marker.
      if (variant.triggers.length > 0) {
        const control = repository(join(base, `control-${variant.id}`));
        const folder = variant.inTask ? control.task : control.repo;
        const marker = join(markers, `control-${variant.id}`);
        try {
          execSync(variant.plant(marker), { cwd: folder, env: gitEnv, stdio: 'ignore', shell: '/bin/sh' });
        } catch {
          // part of a plant may fail outside too (a folder it removes first); the marker decides
        }
        trigger(folder, variant.triggers);
        assert.ok(existsSync(marker), `the payload of ${variant.id} does not work even without the sandbox`);
      }
      // In the sandbox.
      const { repo, task } = repository(join(root(), 'escape-fixture'));
      const folder = variant.inTask ? task : repo;
      writable = [folder];
      const before = variant.unchanged ? readFileSync(join(folder, variant.unchanged), 'utf8') : undefined;
      const marker = join(markers, variant.id);
      const outside = variant.during ? keepTriggering(folder, variant.during) : undefined;
      const r = await run(variant.plant(marker), variant.inTask ? folder : 'escape-fixture');
      const outsideRuns = await outside?.stop();
      if (outside) assert.ok(outsideRuns! > 0, 'git ran outside while the command ran');
      trigger(folder, variant.triggers);
      assert.ok(!existsSync(marker), `${variant.id} escaped: ${r.text}`);
      if (variant.absent) assert.ok(!existsSync(join(folder, variant.absent)) || readFileSync(join(folder, variant.absent)).length === 0, `${variant.absent} is left`);
      if (variant.unchanged) assert.equal(readFileSync(join(folder, variant.unchanged), 'utf8'), before);
      if (variant.named) {
        const path = join(folder, variant.named);
        // The card names it from the workspace folder, as every card does; the model gets the whole path.
        assert.ok(r.card.includes(variant.named), `the card names ${variant.named}:\n${r.card}`);
        assert.ok(r.text.includes(path), `the model is told about ${path}:\n${r.text}`);
        if (variant.putBack) assert.match(r.card, /Relay (removed it|put it back)/);
      }
      if (variant.pinned) {
        // Refused, not removed afterwards: the file never held what the command wrote.
        assert.equal(readFileSync(join(folder, variant.pinned), 'utf8'), '.\n');
        for (const line of r.card.split('\n').filter((l) => l.includes(variant.pinned!))) assert.doesNotMatch(line, /Relay (removed it|put it back)/);
      }
    });
  }

  // The other way round: what you change while a sandboxed command runs, where the command is held read-only, is
  // yours and stays (the audit puts back only what the command could have done).
  it("not the command's: a remote you add and a hook you write while a sandboxed command runs stay; the card names nothing", async () => {
    const { repo } = repository(join(root(), 'escape-fixture'));
    writable = [repo];
    const meanwhile = (async () => {
      await new Promise((r) => setTimeout(r, 700));
      git(repo, 'remote', 'add', 'upstream', 'https://example.com/up.git');
      git(join(repo, 'vendor', 'lib'), 'config', 'branch.main.note', 'mine');
      writeFileSync(join(repo, '.husky', '_', 'pre-push'), '#!/bin/sh\ntrue\n', { mode: 0o755 });
    })();
    const r = await run('sleep 2; echo done', 'escape-fixture');
    await meanwhile;
    assert.match(git(repo, 'remote', '-v'), /upstream/);
    assert.equal(git(join(repo, 'vendor', 'lib'), 'config', 'branch.main.note').trim(), 'mine');
    assert.ok(existsSync(join(repo, '.husky', '_', 'pre-push')));
    assert.doesNotMatch(r.card, /Relay (removed it|put it back)/, r.card);
  });

  // No git trigger of ours: VS Code's own git extension opens a repository while the command still runs, one its file
  // watcher reports in a folder no open repository holds, or one an open repository's `.gitmodules` lists (half a
  // second after the last report), and runs `git status` there. Each case has its control: the same sandbox without
  // the live watch, where the command waits (up to 60 s) for the marker, which must appear. With the watch, the
  // command outlives the time the extension took there three times over (at least 5 s).
  /** `outside`: the control runs the plant without the sandbox (the sandbox refuses it outright: nothing to race). */
  const BY_VSCODE: { id: string; repository?: true; control?: 'outside'; plant: (marker: string) => string; named: string; refused?: true }[] = [
    { id: 'new-repo-opened-by-vscode-git', plant: (m) => `mkdir -p evil && cd evil && git init -q; git config core.fsmonitor "touch ${m}; false"`, named: 'evil/.git' },
    {
      // A repository planted in node_modules (no scan looks there, nor VS Code's watcher), named by a new .gitmodules:
      // a repository's .gitmodules is held read-only whether it exists or not.
      id: 'gitmodules-names-planted-repo',
      repository: true,
      control: 'outside',
      refused: true,
      plant: (m) => `mkdir -p node_modules/pkg && (cd node_modules/pkg && git init -q && git config core.fsmonitor "touch ${m}; false"); printf '[submodule "pkg"]\\n\\tpath = node_modules/pkg\\n\\turl = ./pkg\\n' > .gitmodules; echo b > b.txt`,
      named: '.gitmodules',
    },
  ];
  /**
   * The working tree keeps changing while the command runs (as in a workspace at work): VS Code's git runs `git status`
   * a second after the last change (and reads `.gitmodules` then), so a change every 2 s lets each status run; without
   * changes its last status may predate the plant, and with one every half second it would never run.
   */
  const POKE = 'echo $i > poke.txt; sleep 2';
  const gitApi = () => vscode.extensions.getExtension<{ getAPI(version: 1): { repositories: { rootUri: vscode.Uri }[] } }>('vscode.git')!.exports.getAPI(1);

  for (const c of BY_VSCODE) {
    it(`${c.id}: VS Code's git extension would run it while the command runs`, async () => {
      /** A folder in the workspace, the only one the command may write; a repository VS Code's git has open, or plain. */
      const prepare = async (name: string) => {
        const folder = join(root(), name);
        rmSync(folder, { recursive: true, force: true });
        mkdirSync(folder, { recursive: true });
        if (c.repository) {
          git(folder, 'init', '-q', '-b', 'main');
          writeFileSync(join(folder, 'a.txt'), 'a\n');
          git(folder, 'add', '.');
          git(folder, 'commit', '-qm', 'init');
          const deadline = Date.now() + 30_000;
          while (!gitApi().repositories.some((r) => r.rootUri.fsPath === folder)) {
            assert.ok(Date.now() < deadline, `VS Code's git extension did not open ${folder}`);
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        writable = [folder];
        return folder;
      };
      const controlMarker = join(markers, `control-${c.id}`);
      await prepare(`escape-vscode-control`);
      hearing = false;
      const started = Date.now();
      const controlCommand = `${c.plant(controlMarker)}; i=0; while [ $i -lt 30 ] && [ ! -e ${controlMarker} ]; do i=$((i+1)); ${POKE}; done`;
      try {
        if (c.control === 'outside') await new Promise<void>((done) => execFile('/bin/sh', ['-c', controlCommand], { cwd: join(root(), 'escape-vscode-control'), env: gitEnv }, () => done()));
        else await run(controlCommand, 'escape-vscode-control');
      } finally {
        hearing = true;
      }
      const took = Date.now() - started;
      assert.ok(existsSync(controlMarker), `VS Code's git extension did not run the payload of ${c.id} within 60 s without the watch`);
      const folder = await prepare('escape-vscode');
      const marker = join(markers, c.id);
      const seconds = Math.max(5, Math.ceil((3 * took) / 1000));
      const r = await run(`${c.plant(marker)}; i=0; while [ $i -lt ${Math.ceil(seconds / 2)} ]; do i=$((i+1)); ${POKE}; done`, 'escape-vscode');
      assert.ok(!existsSync(marker), `escaped (the extension took ${took} ms in the control): ${r.text}`);
      assert.ok(r.card.includes(join('escape-vscode', c.named)), `the card names ${c.named}:\n${r.card}`);
      assert.match(r.card, c.refused ? /read-only/ : /Relay removed it/);
      assert.ok(r.text.includes(join(folder, c.named)), r.text);
      assert.ok(!existsSync(join(folder, c.named)), `${c.named} is gone`);
      assert.deepEqual(readdirSync(join(folder, c.named, '..')).filter((n) => n.startsWith('.relay-set-aside-')), [], 'what was set aside is removed when the command ends');
    });
  }

  // After the command: a repository made inside node_modules (which neither the walk nor VS Code's watcher reads) of
  // a folder no repository holds. VS Code's git opens it, and runs its fsmonitor, when a file below it is shown in
  // an editor (Go to Definition into a package). The control plants it without the sandbox and opens the file.
  it('node-modules-repo-opened-in-editor: swept after the command, before a file below it is opened', async () => {
    const plant = (marker: string) => `mkdir -p node_modules/pkg/lib && echo 'module.exports = 1;' > node_modules/pkg/lib/index.js && cd node_modules/pkg && git init -q && git config core.fsmonitor "touch ${marker}; false"`;
    const prepare = (name: string) => {
      const folder = join(root(), name);
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      return folder;
    };
    const open = async (folder: string, marker: string, ms: number) => {
      await vscode.window.showTextDocument(vscode.Uri.file(join(folder, 'node_modules', 'pkg', 'lib', 'index.js')));
      const deadline = Date.now() + ms;
      while (!existsSync(marker) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    };
    const control = prepare('escape-nm-control');
    const controlMarker = join(markers, 'control-node-modules-repo-opened-in-editor');
    execSync(plant(controlMarker), { cwd: control, env: gitEnv, stdio: 'ignore', shell: '/bin/sh' });
    const started = Date.now();
    await open(control, controlMarker, 30_000);
    const took = Date.now() - started;
    assert.ok(existsSync(controlMarker), "VS Code's git did not run the payload within 30 s of opening a file below it");

    const folder = prepare('escape-nm');
    writable = [folder];
    const marker = join(markers, 'node-modules-repo-opened-in-editor');
    setAsides.length = 0;
    const r = await run(plant(marker), 'escape-nm');
    await sandbox.settled();
    assert.deepEqual(setAsides, [join(folder, 'node_modules', 'pkg', '.git')]);
    await open(folder, marker, Math.max(5000, 3 * took));
    assert.ok(!existsSync(marker), `escaped (VS Code's git took ${took} ms in the control): ${r.text}`);
    assert.deepEqual(readdirSync(join(folder, 'node_modules', 'pkg')).filter((n) => n === '.git'), []);
  });
});

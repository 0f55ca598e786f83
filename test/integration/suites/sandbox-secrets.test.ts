// Secrets suite (issue 36 §4): no credential reaches a sandboxed command's output, through the real run_command
// tool (process manager, real bubblewrap) and search_text. Canary variables sit in this extension host's own
// environment, canary files in every credential store of a fake home folder, and canary secret files in the
// workspace. Each command tries a different way to reach them; positive controls (a variable and a file the user
// let through, a plain file) prove the commands can print what they read.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { ToolContext, ToolResultContent, ToolStatusOptions } from '../../../src/core/tools';
import type { CommandSandbox } from '../../../src/core/ports/command-sandbox';
import { effectiveSandboxSettings } from '../../../src/core/sandbox/boundary';
import { CREDENTIAL_STORES } from '../../../src/core/sandbox/credential-stores';
import { findRipgrep } from '../../../src/host/file-search/ripgrep-locator';
import { createFileSearch } from '../../../src/host/file-search';
import { RuntimeSandbox, type SandboxManagerApi } from '../../../src/host/sandbox/runtime-sandbox';
import { CommandSandboxing } from '../../../src/host/sandbox/command-sandboxing';
import { ProcessManager } from '../../../src/host/processes/process-manager';
import { VsCodeWorkspaceFiles } from '../../../src/host/editing/workspace-files';
import { createBuiltinToolFactories, type ToolServices } from '../../../src/tools';

/** Every canary holds this; no output may. */
const CANARY = 'CANARY-5e1c';
const VARIABLES: Record<string, string> = {
  GITHUB_TOKEN: `ghp_${CANARY}-gh`,
  GH_TOKEN: `${CANARY}-ghcli`,
  AWS_SECRET_ACCESS_KEY: `${CANARY}-aws`,
  AWS_SESSION_TOKEN: `${CANARY}-awssession`,
  OPENAI_API_KEY: `sk-${CANARY}-openai`,
  DB_PASSWORD: `${CANARY}-db`,
  SENTRY_DSN: `https://${CANARY}-dsn@sentry.example/1`,
  UPSTREAM: `https://bot:${CANARY}-url@git.example/x.git`,
};
/** Let through by the user's setting: the commands do print environment variables. */
const LET_THROUGH = { NPM_TOKEN: 'npm-let-through-4b7' };

/** Files of the stores, by name; the other entries are folders (a canary file is put inside). */
const FILE_STORES = /(\.json|\.xml|\.yml|\.toml|\.cnf|\.Config|rc|credentials|\.vault-token|\.s3cfg|\.boto|\.pgpass|token|\.netrc|\.git-credentials)$/;

describe('secrets stay out of sandboxed commands', function () {
  this.timeout(180_000);
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const fixture = () => join(root(), 'secrets-fixture');
  const home = mkdtempSync(join(tmpdir(), 'relay-secrets-home-'));
  const temp = mkdtempSync(join(tmpdir(), 'relay-secrets-tmp-'));
  let sandbox: RuntimeSandbox;
  let services: ToolServices;
  let processes: ProcessManager;
  let n = 0;
  const stores: string[] = [];

  before(async () => {
    for (const entry of CREDENTIAL_STORES) {
      const path = join(home, entry.slice(2));
      const file = FILE_STORES.test(basename(path)) ? path : join(path, 'canary');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${CANARY} in ${entry}\n`);
      stores.push(file);
    }
    writeFileSync(join(home, 'plain.txt'), 'a plain file in home\n');
    // The user's git configuration: tokens in a URL, a header, an inline helper and an included file, beside the
    // name and an alias a command may read; a credential helper's store file.
    writeFileSync(
      join(home, '.gitconfig'),
      [
        '[user]',
        '\tname = Relay Secrets Suite',
        `[url "https://bot:${CANARY}-url@git.example/"]`,
        '\tinsteadOf = https://git.example/',
        '[http]',
        `\textraHeader = Authorization: Bearer ${CANARY}-header`,
        '[credential]',
        `\thelper = "!f() { echo \\"password=${CANARY}-helper\\"; }; f"`,
        '\thelper = store --file ~/.my-git-creds',
        '[include]',
        '\tpath = ~/.gitconfig-tokens',
        '[alias]',
        '\trelay-check = status',
        '',
      ].join('\n'),
    );
    writeFileSync(join(home, '.gitconfig-tokens'), `[github]\n\ttoken = ${CANARY}-included\n`);
    writeFileSync(join(home, '.my-git-creds'), `https://bot:${CANARY}-store@git.example\n`);
    rmSync(fixture(), { recursive: true, force: true });
    const put = (rel: string, text: string) => {
      mkdirSync(dirname(join(fixture(), rel)), { recursive: true });
      writeFileSync(join(fixture(), rel), text);
    };
    put('.env', `API_TOKEN=${CANARY}-dotenv\n`);
    put('.env.local', `API_TOKEN=${CANARY}-dotenv-local\n`);
    put('apps/api/.env.production', `API_TOKEN=${CANARY}-nested\n`);
    put('config/master.key', `${CANARY}-rails\n`);
    put('deploy/id_rsa', `${CANARY}-key\n`);
    put('infra/prod.tfvars', `token = "${CANARY}-tfvars"\n`);
    put('.npmrc', `//registry.npmjs.org/:_authToken=${CANARY}-npmrc\n`);
    put('.env.example', 'API_TOKEN=example-value-3a9\n');
    put('.env.test', 'API_TOKEN=let-through-file-8c1\n');
    put('input.txt', 'workspace file\n');
    for (const [name, value] of Object.entries({ ...VARIABLES, ...LET_THROUGH })) process.env[name] = value;

    const extension = vscode.extensions.all.find((e) => e.packageJSON.name === 'relay')!;
    const bundle = join(extension.extensionPath, 'dist', 'sandbox.mjs');
    const settings = effectiveSandboxSettings(undefined, undefined);
    sandbox = new RuntimeSandbox({
      load: async () => ((await import(`${pathToFileURL(bundle).href}?suite=secrets`)) as { SandboxManager: SandboxManagerApi }).SandboxManager,
      settings: () => settings,
      homeDir: home,
      tempDir: temp,
      ripgrepPath: findRipgrep(vscode.env.appRoot),
      allowCredentialVariables: () => Object.keys(LET_THROUGH),
      allowSecretFiles: () => ['.env.test'],
    });
    const files = new VsCodeWorkspaceFiles();
    const commands = new CommandSandboxing({ sandbox, enabled: () => true });
    const asWorkspace = (s: CommandSandbox | undefined): CommandSandbox | undefined =>
      s && { available: s.available, wrap: (command, env, scope) => s.wrap(command, env, { ...scope, writableRoots: [fixture()] }) };
    processes = new ProcessManager({ logDir: join(temp, 'logs'), sandbox: async () => asWorkspace(await commands.forCommands()) });
    services = {
      files,
      search: createFileSearch(vscode.env.appRoot),
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
    for (const name of Object.keys({ ...VARIABLES, ...LET_THROUGH })) delete process.env[name];
    await processes?.dispose();
    await sandbox?.dispose();
    rmSync(home, { recursive: true, force: true });
    rmSync(temp, { recursive: true, force: true });
    rmSync(fixture(), { recursive: true, force: true });
  });

  async function call(name: string, params: Record<string, unknown>): Promise<string> {
    const entry = createBuiltinToolFactories(services).find((t) => t.name === name)!;
    const tool = entry.factory({ taskId: 'task', callId: `secrets-${++n}` });
    const results: ToolResultContent[] = [];
    const statuses: { status: string; options: ToolStatusOptions }[] = [];
    const ctx: ToolContext = {
      callId: `secrets-${n}`,
      taskId: 'task',
      signal: new AbortController().signal,
      setToolResult: (_id, content) => void results.push(content),
      sendToolStatus: (_id, status, options = {}) => void statuses.push({ status, options }),
      completeTask: () => undefined,
      log: { warn: () => undefined },
    };
    const validated = await tool.validate(params);
    assert.ok(validated.ok, JSON.stringify(validated));
    await tool.execute(validated.params, ctx, false);
    const card = statuses.flatMap((s) => (s.options.blocks ?? []).map((b) => JSON.stringify(b))).join('\n');
    return `${String(results[0] ?? '')}\n${card}`;
  }

  const run = (command: string) => call('run_command', { command, cwd: 'secrets-fixture', timeout: 60 });

  function assertClean(output: string, what: string): void {
    assert.ok(!output.includes(CANARY), `${what} printed a canary:\n${output}`);
  }

  it('the environment: no canary variable in any dump, by name, or through an interpreter; a let-through variable is there', async () => {
    const out = await run(
      [
        'env',
        'printenv',
        'set',
        'export -p',
        'declare -x',
        'echo "$GITHUB_TOKEN $GH_TOKEN $AWS_SECRET_ACCESS_KEY $AWS_SESSION_TOKEN $OPENAI_API_KEY $DB_PASSWORD $SENTRY_DSN $UPSTREAM"',
        'printenv GITHUB_TOKEN AWS_SECRET_ACCESS_KEY',
        `node -e "console.log(JSON.stringify(process.env))"`,
        'cat /proc/self/environ | tr "\\0" "\\n"',
        'for f in /proc/[0-9]*/environ; do tr "\\0" "\\n" < "$f"; done 2>/dev/null',
        'cat /proc/1/environ | tr "\\0" "\\n"',
        'ps eww -A 2>/dev/null || true',
        'echo "let through: $NPM_TOKEN"',
      ].join('; '),
    );
    assertClean(out, 'an environment dump');
    assert.match(out, /let through: npm-let-through-4b7/);
    assert.match(out, /Exit code: 0/);
  });

  it('the home folder: no canary from any credential store, by name, by a search of home, or by an interpreter; a plain file is read', async () => {
    assert.ok(stores.length >= 40, `${stores.length} stores`);
    const direct = await run(stores.map((f) => `cat '${f}' 2>/dev/null`).join('; ') + `; cat '${join(home, 'plain.txt')}'`);
    assertClean(direct, 'cat of every store');
    assert.match(direct, /a plain file in home/);
    const search = await run(`grep -r -a "${CANARY.slice(0, -1)}""${CANARY.slice(-1)}" '${home}' 2>/dev/null; find '${home}' -type f -exec cat {} + 2>/dev/null; true`);
    assertClean(search, 'a search of home');
    const node = await run(`node -e "const fs=require('fs');for(const f of ${JSON.stringify(stores).replace(/"/g, "'")}){try{console.log(fs.readFileSync(f,'utf8'))}catch(e){console.log(e.code)}}"`);
    assertClean(node, 'node reading every store');
    assert.match(node, /ENOENT|EACCES|^$/m);
  });

  it("the user's git configuration: its tokens are masked for cat, node and git; the rest of it is read", async () => {
    const gitconfig = join(home, '.gitconfig');
    const out = await run(
      [
        `cat '${gitconfig}' '${join(home, '.gitconfig-tokens')}'`,
        `node -e "process.stdout.write(require('fs').readFileSync('${gitconfig}', 'utf8'))"`,
        `HOME='${home}' XDG_CONFIG_HOME='${join(home, '.config')}' GIT_CONFIG_NOSYSTEM=1 git config --global --list --includes`,
        `cat '${join(home, '.my-git-creds')}' 2>/dev/null; true`,
      ].join('; '),
    );
    assertClean(out, 'reading the git configuration');
    // Given, not withheld: git reads it, masked spans and all.
    assert.match(out, /user\.name=Relay Secrets Suite/);
    assert.match(out, /alias\.relay-check=status/);
    assert.match(out, /url\.https:\/\/fake_value_[\w-]+@git\.example\/\.insteadof=https:\/\/git\.example\//);
    assert.match(out, /http\.extraheader=Authorization: Bearer fake_value_/);
    assert.match(out, /github\.token=fake_value_/);
    assert.match(out, /name = Relay Secrets Suite/);
  });

  it('the workspace: no canary from .env, keys or framework secrets, by cat, grep, node or python; examples and a let-through file are read', async () => {
    const out = await run(
      [
        'cat .env .env.local apps/api/.env.production config/master.key deploy/id_rsa infra/prod.tfvars .npmrc 2>/dev/null',
        `grep -r -a "${CANARY.slice(0, -1)}""${CANARY.slice(-1)}" . 2>/dev/null`,
        `node -e "console.log(require('fs').readFileSync('.env','utf8'))" 2>&1`,
        `python3 -c "print(open('config/master.key').read())" 2>&1`,
        'cp .env copied.env 2>/dev/null; cat copied.env 2>/dev/null',
        'cat .env.example .env.test input.txt',
      ].join('; '),
    );
    assertClean(out, 'reading the workspace secrets');
    assert.match(out, /example-value-3a9/);
    assert.match(out, /let-through-file-8c1/);
    assert.match(out, /workspace file/);
  });

  it('a .env made by an earlier command is unreadable to the next one', async () => {
    mkdirSync(join(fixture(), 'later'), { recursive: true });
    writeFileSync(join(fixture(), 'later', '.env'), `X=${CANARY}-later\n`);
    assertClean(await run('cat later/.env'), 'cat of a new .env');
  });

  it('search_text over the workspace leaves out the secret files and names them', async () => {
    const out = await call('search_text', { pattern: 'API_TOKEN|CANARY', path: 'secrets-fixture' });
    assertClean(out, 'search_text');
    assert.match(out, /example-value-3a9/);
    assert.match(out, /Left out: matches in \d+ secret files/);
  });
});

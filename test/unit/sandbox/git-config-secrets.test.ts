// Issue 36 §4: the user's git configuration reaches a sandboxed command with its tokens masked. What counts as a
// token is read from git's own parsing of the file (`git config --file F --list -z`, run here on real files); the
// pattern built from it masks each one where the file has it, and a file whose secret cannot be found as written
// is withheld rather than given half masked.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { DEFAULT_SANDBOX_SETTINGS } from '../../../src/core/sandbox/boundary';
import { gitConfigSecrets, maskPattern, resolveInclude, type GitConfigEntry } from '../../../src/core/sandbox/git-config-secrets';
import { RuntimeSandbox, type SandboxManagerApi } from '../../../src/host/sandbox/runtime-sandbox';

const base = mkdtempSync(join(tmpdir(), 'relay-gitconfig-secrets-'));
after(() => rmSync(base, { recursive: true, force: true }));

let n = 0;
/** Git's reading of a file, as the host reads it. */
function read(text: string): { raw: string; entries: GitConfigEntry[] } {
  const file = join(base, `config-${++n}`);
  writeFileSync(file, text);
  const listed = execFileSync('git', ['config', '--file', file, '--list', '-z'], { encoding: 'utf8', env: { ...process.env, GIT_DIR: '/nonexistent' } });
  const entries = listed
    .split('\0')
    .filter((r) => r !== '')
    .map((r) => {
      const cut = r.indexOf('\n');
      return cut < 0 ? { key: r, value: '' } : { key: r.slice(0, cut), value: r.slice(cut + 1) };
    });
  return { raw: text, entries };
}

/** What the sandbox sees: each group-1 match replaced, as the runtime does. */
function masked(text: string): string | undefined {
  const { raw, entries } = read(text);
  const pattern = maskPattern(raw, gitConfigSecrets(entries).secrets);
  if (pattern === undefined) return undefined;
  return raw.replace(new RegExp(pattern, 'g'), 'fake_value_0000');
}

describe('git configuration secrets', () => {
  test('a token in a URL (insteadOf base, a value, a proxy) is masked where it stands; the rest of the file is kept', () => {
    const text = [
      '[user]',
      '\tname = Ada Lovelace',
      '\temail = ada@example.com',
      '[url "https://bot:ghp_SECRET1234567890@github.com/"]',
      '\tinsteadOf = https://github.com/',
      '[url "https://ghp_TOKENASUSER0987654@github.com/org/"]',
      '\tinsteadOf = gh:',
      '[url "git@github.com:"]',
      '\tpushInsteadOf = https://github.com/',
      '[http]',
      '\tproxy = http://proxyuser:proxypass99@proxy.example:3128',
      '[remote "x"]',
      '\turl = https://oauth2:glpat-REMOTE5555@gitlab.example/x.git',
      '[alias]',
      '\tst = status',
      '',
    ].join('\n');
    const out = masked(text)!;
    assert.ok(out, 'masked, not withheld');
    for (const secret of ['ghp_SECRET1234567890', 'ghp_TOKENASUSER0987654', 'proxypass99', 'glpat-REMOTE5555']) assert.ok(!out.includes(secret), `${secret} in\n${out}`);
    for (const kept of ['name = Ada Lovelace', 'email = ada@example.com', 'insteadOf = https://github.com/', '[url "git@github.com:"]', 'st = status', '@github.com/"]', '@proxy.example:3128']) assert.ok(out.includes(kept), `${kept} kept in\n${out}`);
  });

  test('an Authorization extraHeader (global or per URL) is masked after its scheme; other headers stay', () => {
    const out = masked(
      [
        '[http]',
        '\textraHeader = Authorization: Basic eC1hY2Nlc3MtdG9rZW46Z2hwX3h4eA==',
        '\textraHeader = X-Trace: on',
        '[http "https://gitlab.example/"]',
        '\textraHeader = "PRIVATE-TOKEN: glpat-HEADER123456"',
        '[http "https://api.example/"]',
        '\textraheader = Authorization: Bearer sk-bearer-abcdefgh',
        '',
      ].join('\n'),
    )!;
    assert.ok(out);
    for (const secret of ['eC1hY2Nlc3MtdG9rZW46Z2hwX3h4eA==', 'glpat-HEADER123456', 'sk-bearer-abcdefgh']) assert.ok(!out.includes(secret), `${secret} in\n${out}`);
    assert.match(out, /Authorization: Basic fake_value_0000/);
    assert.match(out, /Authorization: Bearer fake_value_0000/);
    assert.match(out, /X-Trace: on/);
  });

  test('an inline credential helper is masked whole, even with quotes escaped inside it; a store file is named unreadable', () => {
    const text = [
      '[credential]',
      '\thelper = "!f() { echo username=bot; echo \\"password=ghp_HELPER7777777\\"; }; f"',
      '[credential "https://other.example"]',
      '\thelper = store --file ~/.secret-creds',
      '\thelper = cache --timeout 600',
      '',
    ].join('\n');
    const { entries } = read(text);
    const found = gitConfigSecrets(entries);
    assert.deepEqual(found.unreadable, ['~/.secret-creds']);
    assert.equal(found.secrets.length, 1, 'store and cache helpers are not secrets themselves');
    const out = masked(text)!;
    assert.ok(out);
    assert.ok(!out.includes('ghp_HELPER7777777'), out);
    assert.match(out, /helper = "fake_value_0000"/);
    assert.match(out, /cache --timeout 600/);
  });

  test('keys that name a credential (github.token, hub.oauthtoken, sendemail.smtpPass) are masked; signingKey and user.name are not', () => {
    const text = [
      '[github]',
      '\ttoken = ghp_KEYNAMED11111111',
      '[hub]',
      '\toauthtoken = gho_OAUTH22222222',
      '[sendemail]',
      '\tsmtpPass = smtp-pass-33333333',
      '[user]',
      '\tname = token holder',
      '\tsigningKey = ~/.ssh/id_ed25519.pub',
      '',
    ].join('\n');
    const out = masked(text)!;
    for (const secret of ['ghp_KEYNAMED11111111', 'gho_OAUTH22222222', 'smtp-pass-33333333']) assert.ok(!out.includes(secret), `${secret} in\n${out}`);
    assert.match(out, /name = token holder/);
    assert.match(out, /signingKey = ~\/\.ssh\/id_ed25519\.pub/);
  });

  test('a file without credentials needs no mask; ssh user names are not credentials', () => {
    const { raw, entries } = read('[user]\n\tname = x\n[url "ssh://git@github.com/"]\n\tinsteadOf = https://github.com/\n[core]\n\texcludesFile = ~/.gitignore\n');
    const found = gitConfigSecrets(entries);
    assert.deepEqual(found.secrets, []);
    assert.equal(maskPattern(raw, found.secrets), undefined);
  });

  test('a secret too short to mask safely withholds the file (no half-masked copy)', () => {
    const { raw, entries } = read('[github]\n\ttoken = abc\n');
    const found = gitConfigSecrets(entries);
    assert.equal(found.secrets.length, 1);
    assert.equal(maskPattern(raw, found.secrets), undefined);
  });

  test('includes are listed and resolved as git resolves them', () => {
    const { entries } = read('[include]\n\tpath = ~/.gitconfig-tokens\n[includeIf "gitdir:~/work/"]\n\tpath = work.inc\n');
    const found = gitConfigSecrets(entries);
    assert.deepEqual(found.includes, ['~/.gitconfig-tokens', 'work.inc']);
    assert.equal(resolveInclude('~/.gitconfig-tokens', '/home/u/.gitconfig', '/home/u'), '/home/u/.gitconfig-tokens');
    assert.equal(resolveInclude('work.inc', '/home/u/.config/git/config', '/home/u'), '/home/u/.config/git/work.inc');
    assert.equal(resolveInclude('/etc/x', '/home/u/.gitconfig', '/home/u'), '/etc/x');
  });
});

describe("the user's git configuration given to the sandbox", () => {
  test('each file with tokens (an included one too) is masked by the runtime, read-only, given back to no host; a helper store file is unreadable', async () => {
    const home = join(base, 'home');
    mkdirSync(home, { recursive: true });
    writeFileSync(
      join(home, '.gitconfig'),
      '[user]\n\tname = A\n[url "https://bot:ghp_MASKME123456@github.com/"]\n\tinsteadOf = https://github.com/\n[include]\n\tpath = ~/.gitconfig-more\n[credential]\n\thelper = store --file ~/.creds-store\n',
    );
    writeFileSync(join(home, '.gitconfig-more'), '[github]\n\ttoken = ghp_INCLUDED98765\n');
    mkdirSync(join(home, '.config', 'git'), { recursive: true });
    writeFileSync(join(home, '.config', 'git', 'config'), '[core]\n\tautocrlf = input\n');
    // The helper's store, as `git credential-store` writes it (a missing one has nothing to read: deny-read-present.ts).
    writeFileSync(join(home, '.creds-store'), 'https://bot:ghp_STORED123456@github.com\n', { mode: 0o600 });
    const seen: { credentials?: { files: { path: string; mode: string; extract: string; injectHosts: string[]; onExtractNoMatch: string }[] }; filesystem: { denyRead: string[] } }[] = [];
    const runtime = {
      checkDependencies: () => ({ errors: [], warnings: [] }),
      initialize: async () => undefined,
      updateConfig: () => undefined,
      wrapWithSandbox: async (command: string, _shell: unknown, custom: (typeof seen)[number]) => (seen.push(custom), command),
      getSandboxViolationStore: () => ({ getViolationsForCommand: () => [] }),
      cleanupAfterCommand: () => undefined,
      reset: async () => undefined,
    } as unknown as SandboxManagerApi;
    const ws = join(base, 'ws-mask');
    mkdirSync(ws, { recursive: true });
    const sandbox = new RuntimeSandbox({ load: async () => runtime, settings: () => DEFAULT_SANDBOX_SETTINGS, homeDir: home, tempDir: join(base, 'tmp'), platform: 'darwin' });
    (await sandbox.wrap('true', {}, { cwd: ws, writableRoots: [ws] })).dispose();
    const files = seen.at(-1)!.credentials?.files ?? [];
    assert.deepEqual(files.map((f) => f.path).sort(), [join(home, '.gitconfig'), join(home, '.gitconfig-more')]);
    for (const f of files) {
      assert.equal(f.mode, 'mask');
      assert.deepEqual(f.injectHosts, [], 'no host gets the real value back');
      assert.equal(f.onExtractNoMatch, 'deny');
    }
    const raw = readFileSync(join(home, '.gitconfig'), 'utf8');
    const extract = files.find((f) => f.path === join(home, '.gitconfig'))!.extract;
    assert.equal(raw.replace(new RegExp(extract, 'g'), 'X'), raw.replace('bot:ghp_MASKME123456', 'X'));
    assert.ok(seen.at(-1)!.filesystem.denyRead.includes(join(home, '.creds-store')));
    // Read again when a file changes: a token added to the XDG file is masked at the next command.
    writeFileSync(join(home, '.config', 'git', 'config'), '[core]\n\tautocrlf = input\n[hub]\n\toauthtoken = gho_LATER1234567\n');
    (await sandbox.wrap('true', {}, { cwd: ws, writableRoots: [ws] })).dispose();
    assert.ok((seen.at(-1)!.credentials?.files ?? []).some((f) => f.path === join(home, '.config', 'git', 'config')));
    await sandbox.dispose();
  });
});

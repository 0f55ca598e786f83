// Generate Commit Message inside the real VS Code, on a real repository the git extension opened: the staged change
// and the repository's own subjects go to the scripted model server (read with Relay's hardened git runner), the
// message streams into the repository's Source Control input box (a partial message is there while the server holds
// the rest), and nothing is committed or staged. Stop puts back what the box held. With nothing staged, every change
// and the untracked files' names are described instead.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { waitFor } from '../helpers';

const FOLDER = 'commit-message-it';
const TURN_MS = 20_000;
const SUBJECTS = ['feat(parser): read nested arrays', 'fix(cli): exit 2 on a bad flag', 'docs: explain the cache'];

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Relay Test', '-c', 'user.email=test@relay.invalid', ...args], { cwd, encoding: 'utf8' });
}

interface GitRepositoryApi {
  rootUri: vscode.Uri;
  inputBox: { value: string };
}
interface GitApi {
  repositories: GitRepositoryApi[];
  openRepository(root: vscode.Uri): Promise<GitRepositoryApi | null>;
}

type Json = Record<string, unknown>;

describe('commit message in Source Control', () => {
  const suite = useChatSuite({
    settings: ['provider', 'model', 'baseUrl', 'textProtocol'],
    initial: (server) => ({ provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false }),
  });
  const repo = () => join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, FOLDER);
  let repository: GitRepositoryApi;
  const userText = (request: RecordedRequest): string => {
    const user = ((request.body as Json).messages as Json[]).find((m) => m.role === 'user')!;
    return typeof user.content === 'string' ? user.content : JSON.stringify(user.content);
  };
  const state = () => ({ head: git(repo(), 'rev-parse', 'HEAD'), index: git(repo(), 'ls-files', '--stage'), status: git(repo(), 'status', '--porcelain', '--untracked-files=all') });

  before(async () => {
    await fs.rm(repo(), { recursive: true, force: true });
    await fs.mkdir(repo(), { recursive: true });
    git(repo(), 'init', '-q', '-b', 'main');
    for (const [i, subject] of SUBJECTS.entries()) {
      await fs.writeFile(join(repo(), `file${i}.txt`), `${subject}\n`);
      git(repo(), 'add', '.');
      git(repo(), 'commit', '-q', '-m', subject);
    }
    const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
    assert.ok(extension, 'the git extension is installed');
    const api = (extension.isActive ? extension.exports : await extension.activate()).getAPI(1);
    const opened = await api.openRepository(vscode.Uri.file(repo()));
    repository = opened ?? (await waitFor(() => api.repositories.find((r) => r.rootUri.fsPath === repo()), 20_000, 'the git extension to open the repository'));
  });

  beforeEach(() => {
    repository.inputBox.value = '';
  });

  after(async () => {
    repository.inputBox.value = '';
    await fs.rm(repo(), { recursive: true, force: true });
  });

  it('streams a message for the staged change, in the repository\'s style, into its input box; nothing is committed', async () => {
    await fs.writeFile(join(repo(), 'file0.txt'), 'parser reads nested arrays and maps\n');
    git(repo(), 'add', 'file0.txt');
    await fs.writeFile(join(repo(), 'unstaged.txt'), 'not staged, not described\n');
    const before = state();
    const message = 'feat(parser): read nested maps too';
    suite.server.setScript([{ text: message, chunkSize: 6, fault: { holdAfterChunks: 3 } }]);
    const running = vscode.commands.executeCommand('relay.scm.generateCommitMessage', vscode.Uri.file(repo()));
    // Held after a few chunks: the box shows the message so far.
    const partial = await waitFor(() => repository.inputBox.value, TURN_MS, 'the first streamed words in the input box');
    assert.ok(message.startsWith(partial) && partial.length < message.length, `a partial message: "${partial}"`);
    suite.server.release();
    await running;
    assert.equal(repository.inputBox.value, message);
    assert.deepEqual(state(), before, 'HEAD, the index and the working tree are as they were');

    assert.equal(suite.server.requests.length, 1);
    const sent = userText(suite.server.requests[0]!);
    assert.ok(sent.includes('Write the commit message for these staged changes.'), sent);
    assert.ok(sent.includes('+parser reads nested arrays and maps'), 'the staged patch');
    assert.ok(!sent.includes('unstaged.txt'), 'nothing unstaged');
    assert.ok(sent.includes('- fix(cli): exit 2 on a bad flag'), 'the recent subjects as examples');
    assert.ok(sent.includes('Conventional Commits prefix'), 'the prefix convention');
    assert.deepEqual((suite.server.requests[0]!.body as Json).tools ?? [], [], 'no tools: one answer');
    git(repo(), 'reset', '-q');
  });

  it('with nothing staged, describes every change and the new files; Stop puts back what the box held', async () => {
    git(repo(), 'reset', '-q');
    await fs.writeFile(join(repo(), 'file1.txt'), 'the cli exits 3 now\n');
    await fs.writeFile(join(repo(), 'brand-new.txt'), 'new\n');
    repository.inputBox.value = 'my own draft';
    suite.server.setScript([{ text: 'fix(cli): exit 3 on a bad flag', chunkSize: 4, fault: { holdAfterChunks: 2 } }]);
    const running = vscode.commands.executeCommand('relay.scm.generateCommitMessage', vscode.Uri.file(repo()));
    await waitFor(() => repository.inputBox.value !== 'my own draft' && repository.inputBox.value, TURN_MS, 'the streamed start of the message');
    await vscode.commands.executeCommand('relay.scm.stopCommitMessage');
    await running;
    assert.equal(repository.inputBox.value, 'my own draft', 'stopped: the draft is back');
    suite.server.release();
    const sent = userText(suite.server.requests[0]!);
    assert.ok(sent.includes('Nothing is staged: write the commit message for all the changes'), sent);
    assert.ok(sent.includes('+the cli exits 3 now'), 'the unstaged patch');
    assert.ok(sent.includes('- brand-new.txt'), 'the untracked file');
  });

  it("another extension's SourceControl of its own making: a folder outside is not read, and a message goes only to the repository's own box (issue 37)", async () => {
    const outside = await fs.mkdtemp(join(tmpdir(), 'relay-not-open-'));
    try {
      git(outside, 'init', '-q', '-b', 'main');
      await fs.writeFile(join(outside, 'secret.txt'), 'token=abc\n');
      git(outside, 'add', '.');
      const requests = suite.server.requests.length;
      const theirs = { value: '' };
      await vscode.commands.executeCommand('relay.scm.generateCommitMessage', { rootUri: vscode.Uri.file(outside), inputBox: theirs });
      assert.equal(suite.server.requests.length, requests, 'a repository the git extension does not have open is not read');
      assert.equal(theirs.value, '');

      await fs.writeFile(join(repo(), 'file2.txt'), 'docs say how to run it\n');
      git(repo(), 'add', 'file2.txt');
      suite.server.setScript([{ text: 'docs: say how to run it' }]);
      await vscode.commands.executeCommand('relay.scm.generateCommitMessage', { rootUri: vscode.Uri.file(repo()), inputBox: theirs });
      assert.equal(repository.inputBox.value, 'docs: say how to run it', "the repository's own box");
      assert.equal(theirs.value, '', "the caller's box gets nothing");
      git(repo(), 'reset', '-q');
    } finally {
      await fs.rm(outside, { recursive: true, force: true });
    }
  });
});

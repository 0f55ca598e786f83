// The built-in tools on the real host adapters inside VS Code: the diff editor and WorkspaceEdit applier for
// edits, the process manager (a pseudoterminal per command) for commands, VS Code's own ripgrep for search, VS Code's diagnostics.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AnyTool, ToolContext, ToolPreparation, ToolResultContent, ToolResultOptions, ToolStatusOptions } from '../../../src/core/tools';
import { ChildProcessRunner } from '../../../src/host/processes/child-process-runner';
import { VsCodeDiagnostics } from '../../../src/host/language/diagnostics-source';
import { VsCodeLanguageFeatures } from '../../../src/host/language/language-features';
import { DiffPreviewer } from '../../../src/host/review/diff-preview';
import { createFileSearch, ResilientFileSearch } from '../../../src/host/file-search';
import { PROPOSAL_SCHEME, ProposalFileSystem } from '../../../src/host/editing/proposal-fs';
import { createProcessManager } from '../../../src/host/processes/wiring';
import { WorkspaceEditApplier } from '../../../src/host/editing/workspace-edit-applier';
import { VsCodeWorkspaceFiles } from '../../../src/host/editing/workspace-files';
import { createBuiltinToolFactories, type ToolServices } from '../../../src/tools';
import { waitFor } from '../helpers';

describe('built-in tools inside real VS Code', () => {
  const proposals = new ProposalFileSystem();
  const log = vscode.window.createOutputChannel('Relay built-in tools tests', { log: true });
  const files = new VsCodeWorkspaceFiles();
  const processes = createProcessManager(log);
  const services: ToolServices = {
    files,
    search: createFileSearch(vscode.env.appRoot, { warn: (m) => log.warn(m) }),
    commands: new ChildProcessRunner(),
    processes,
    reviewer: new DiffPreviewer(proposals),
    applier: new WorkspaceEditApplier(),
    diagnostics: new VsCodeDiagnostics(),
    language: new VsCodeLanguageFeatures(),
    questions: { ask: () => Promise.reject(new Error('no questions in these tests')) },
    todos: { update: () => undefined },
    workspaceRoots: () => files.roots,
    // Generous waits: these tests check the pipeline on a loaded machine, not the default timing.
    options: { diagnosticsWait: { firstEventMs: 3_000, quietMs: 200, deadlineMs: 10_000 } },
  };
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  let registration: vscode.Disposable | undefined;
  let n = 0;

  before(async () => {
    registration = vscode.workspace.registerFileSystemProvider(PROPOSAL_SCHEME, proposals, { isCaseSensitive: true });
    // Start the TypeScript extension first, so its activation is not timed as part of the first .ts test. (The
    // "saving failed" once seen here was a racing save or a stale copy: edit-pipeline.test.ts reproduces both.)
    await vscode.extensions.getExtension('vscode.typescript-language-features')?.activate();
    await vscode.workspace.openTextDocument(vscode.Uri.joinPath(root(), 'src', 'greet.ts'));
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    registration?.dispose();
    await processes.dispose();
    log.dispose();
  });

  function tool(name: string): AnyTool {
    const entry = createBuiltinToolFactories(services).find((t) => t.name === name)!;
    return entry.factory({ taskId: 'task', callId: `call-${++n}` });
  }

  function context() {
    const results: { content: ToolResultContent; options: ToolResultOptions }[] = [];
    const statuses: { status: string; options: ToolStatusOptions }[] = [];
    const ctx: ToolContext = {
      callId: `call-${n}`,
      taskId: 'task',
      signal: new AbortController().signal,
      setToolResult: (_id, content, options = {}) => void results.push({ content, options }),
      sendToolStatus: (_id, status, options = {}) => void statuses.push({ status, options }),
      completeTask: () => undefined,
      log: { warn: (m) => log.warn(m) },
    };
    return { ctx, results, statuses };
  }

  /** validate → prepare → (the approval moment) → execute, as the scheduler runs a call. */
  async function call(name: string, params: unknown, approve?: (preparation: ToolPreparation | undefined) => Promise<void>) {
    const t = tool(name);
    const c = context();
    const validated = await t.validate(params);
    assert.ok(validated.ok, validated.ok ? '' : validated.message);
    const preparation = await t.prepare?.(validated.params, c.ctx);
    await approve?.(preparation);
    await t.execute(validated.params, c.ctx, false);
    await t.dispose?.();
    assert.equal(c.results.length, 1, 'one result');
    const final = c.statuses.filter((s) => s.status === 'SUCCESS' || s.status === 'ERROR').at(-1);
    return { text: String(c.results[0]!.content), error: c.results[0]!.options.error, final, preparation };
  }

  async function fileWith(name: string, text: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.joinPath(root(), name);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    return uri;
  }

  const onDisk = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const diffTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff);

  it('edit_file: a multi-hunk edit through the real applier is undone in one step', async () => {
    const base = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const uri = await fileWith('tools-multi-hunk.txt', base);
    const result = await call('edit_file', {
      path: 'tools-multi-hunk.txt',
      edits: [
        { old_text: 'line 2\n', new_text: 'LINE 2\n' },
        { old_text: 'line 30\n', new_text: 'LINE 30\nan added line\n' },
      ],
    });
    assert.equal(result.error, undefined, result.text);
    assert.match(result.text, /2 edits applied/);
    const edited = base.replace('line 2\n', 'LINE 2\n').replace('line 30\n', 'LINE 30\nan added line\n');
    assert.equal(await onDisk(uri), edited);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), base, 'one Undo reverted both hunks');
  });

  it('edit_file: what the user changed in the diff editor before approving is what lands', async () => {
    const uri = await fileWith('tools-user-edit.ts', 'export const a = 1;\nexport const b = 2;\n');
    const result = await call('edit_file', { path: 'tools-user-edit.ts', edits: [{ old_text: 'const b = 2;', new_text: 'const b = 3;' }] }, async (prep) => {
      assert.deepEqual(prep?.targets.paths, [uri.fsPath]);
      await prep!.diff!.open();
      const tab = await waitFor(() => diffTabs().find((t) => t.label.includes('tools-user-edit.ts')), 10_000, 'the proposal diff');
      const right = (tab.input as vscode.TabInputTextDiff).modified;
      const proposal = await vscode.workspace.openTextDocument(right);
      assert.equal(proposal.getText(), 'export const a = 1;\nexport const b = 3;\n');
      const userEdit = new vscode.WorkspaceEdit();
      userEdit.replace(right, proposal.lineAt(1).range, 'export const b = 42; // the user knows better');
      assert.ok(await vscode.workspace.applyEdit(userEdit));
    });
    assert.equal(result.error, undefined, result.text);
    assert.equal(await onDisk(uri), 'export const a = 1;\nexport const b = 42; // the user knows better\n');
    assert.match(result.text, /The user edited your proposal for tools-user-edit\.ts before accepting it/);
    assert.ok(!diffTabs().some((t) => t.label.includes('tools-user-edit.ts')), 'the diff editor was closed');
  });

  it('edit_file: reports the error it introduced, from the JSON language server', async () => {
    const uri = await fileWith('tools-settings.json', '{\n  "name": "relay",\n  "tabs": 2\n}\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    const result = await call('edit_file', { path: 'tools-settings.json', edits: [{ old_text: '"tabs": 2', new_text: '"tabs": 2,' }] });
    assert.equal(result.error, undefined, result.text);
    // The diagnostics come as data, in a marked block (written by language servers, never instructions).
    assert.match(result.text, /1 new error after the edit[^\n]*:\n<diagnostics untrusted="true">\n[^\n]*\n- tools-settings\.json:3:\d+ error[^\n]*trailing comma\n<\/diagnostics>/i);
  });

  it('run_command: runs as a process shown in its own terminal and returns exit code and output', async () => {
    const result = await call('run_command', { command: "printf 'hello from a tool\\n'; sh -c 'exit 5'" }, async (prep) => {
      assert.deepEqual(prep?.targets, { command: "printf 'hello from a tool\\n'; sh -c 'exit 5'", cwd: root().fsPath });
    });
    assert.equal(result.error, undefined, result.text);
    assert.match(result.text, /Exit code: 5/);
    assert.match(result.text, /hello from a tool/);
    assert.equal(result.final?.options.metadata?.transport, 'process');
  });

  it("search_text: searches with VS Code's ripgrep, honouring .gitignore", async () => {
    assert.ok(services.search instanceof ResilientFileSearch, `ripgrep was found under ${vscode.env.appRoot}`);
    await fileWith('search-fixture/.gitignore', 'ignored.ts\n');
    await fileWith('search-fixture/found.ts', 'const marker = "zebra-quartz-17";\n');
    await fileWith('search-fixture/ignored.ts', 'const marker = "zebra-quartz-17";\n');
    const result = await call('search_text', { pattern: 'zebra-quartz-\\d+', path: 'search-fixture' });
    assert.equal(result.error, undefined, result.text);
    assert.equal(result.final?.options.metadata?.engine, 'ripgrep');
    assert.match(result.text, /^1 match in 1 file .*\n\nsearch-fixture\/found\.ts\n {2}1: const marker = "zebra-quartz-17";$/);
  });
});

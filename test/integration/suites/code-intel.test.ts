// The code-intelligence tools inside real VS Code, answered by its built-in TypeScript language features on a
// small project (test/fixtures/code-intel, copied into the workspace): the first call waits for the TypeScript
// server to start, on the condition (an answer), not a sleep. A Ruby file (grammar only, no language server)
// gives the clear "no language support" message.
import * as assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ToolContext, ToolResultContent, ToolResultOptions, ToolStatusOptions } from '../../../src/core/tools';
import { ChildProcessRunner } from '../../../src/host/processes/child-process-runner';
import { VsCodeDiagnostics } from '../../../src/host/language/diagnostics-source';
import { DiffPreviewer } from '../../../src/host/review/diff-preview';
import { createFileSearch } from '../../../src/host/file-search';
import { VsCodeLanguageFeatures } from '../../../src/host/language/language-features';
import { ProposalFileSystem } from '../../../src/host/editing/proposal-fs';
import { WorkspaceEditApplier } from '../../../src/host/editing/workspace-edit-applier';
import { VsCodeWorkspaceFiles } from '../../../src/host/editing/workspace-files';
import { createBuiltinToolFactories, type ToolServices } from '../../../src/tools';
import { EXTENSION_ID, waitFor } from '../helpers';

describe('code intelligence inside real VS Code (TypeScript language features)', function () {
  this.timeout(120_000);
  const log = vscode.window.createOutputChannel('Relay code intelligence tests', { log: true });
  const files = new VsCodeWorkspaceFiles();
  const services: ToolServices = {
    files,
    search: createFileSearch(vscode.env.appRoot, { warn: (m) => log.warn(m) }),
    commands: new ChildProcessRunner(),
    reviewer: new DiffPreviewer(new ProposalFileSystem()),
    applier: new WorkspaceEditApplier(),
    diagnostics: new VsCodeDiagnostics(),
    language: new VsCodeLanguageFeatures(),
    questions: { ask: () => Promise.reject(new Error('no questions in these tests')) },
    todos: { update: () => undefined },
    workspaceRoots: () => files.roots,
    // The TypeScript server starts on the first call: a generous deadline for a loaded machine.
    options: { languageWait: { deadlineMs: 90_000 }, diagnosticsWait: { firstEventMs: 3_000, quietMs: 200, deadlineMs: 10_000 } },
  };
  let n = 0;
  const onDisk = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));

  before(() => {
    const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    cpSync(join(extension.extensionPath, 'test', 'fixtures', 'code-intel'), join(root, 'intel'), { recursive: true });
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    log.dispose();
  });

  async function call(name: string, params: unknown) {
    const entry = createBuiltinToolFactories(services).find((t) => t.name === name)!;
    const tool = entry.factory({ taskId: 'task', callId: `intel-${++n}` });
    const results: { content: ToolResultContent; options: ToolResultOptions }[] = [];
    const statuses: { status: string; options: ToolStatusOptions }[] = [];
    const ctx: ToolContext = {
      callId: `intel-${n}`,
      taskId: 'task',
      signal: new AbortController().signal,
      setToolResult: (_id, content, options = {}) => void results.push({ content, options }),
      sendToolStatus: (_id, status, options = {}) => void statuses.push({ status, options }),
      completeTask: () => undefined,
      log: { warn: (m) => log.warn(m) },
    };
    const validated = await tool.validate(params);
    assert.ok(validated.ok, validated.ok ? '' : validated.message);
    const preparation = await tool.prepare?.(validated.params, ctx);
    await tool.execute(validated.params, ctx, false);
    await tool.dispose?.();
    assert.equal(results.length, 1, 'one result');
    const final = statuses.filter((s) => s.status === 'SUCCESS' || s.status === 'ERROR').at(-1);
    return { text: String(results[0]!.content), error: results[0]!.options.error, final, preparation };
  }

  it('find_references: waits for the TypeScript server to start, then lists the real references only', async () => {
    const started = Date.now();
    const result = await call('find_references', { path: 'intel/src/math.ts', line: 4, symbol: 'addCents' });
    log.info(`first answer after ${Date.now() - started} ms`);
    assert.equal(result.error, undefined, result.text);
    assert.equal(
      result.text,
      [
        '6 references in 3 files for addCents (intel/src/math.ts:4):',
        '',
        'intel/src/invoice.ts',
        "  1: import { addCents, Ledger } from './math';",
        '  11: return addCents(ledger.balance(), shipping);',
        '',
        'intel/src/main.ts',
        "  2: import { addCents } from './math';",
        '  5: const tip = addCents(150, 25);',
        '',
        'intel/src/math.ts',
        '  4: export function addCents(a: number, b: number): number {',
        '  10: for (const value of values) total = addCents(total, value);',
      ].join('\n'),
    );
    assert.deepEqual(result.preparation?.targets.paths, [join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'intel', 'src', 'math.ts')]);
  });

  it('go_to_definition: from a use in one file to the declaration in another, with its line range', async () => {
    const result = await call('go_to_definition', { path: 'intel/src/main.ts', line: 5, symbol: 'addCents' });
    assert.equal(result.error, undefined, result.text);
    assert.equal(result.text, ['1 definition in 1 file for addCents (intel/src/main.ts:5):', '', 'intel/src/math.ts', '  4: [lines 4-6] export function addCents(a: number, b: number): number {'].join('\n'));
  });

  it('go_to_definition: a drifted line is corrected to the nearest line with the name', async () => {
    const result = await call('go_to_definition', { path: 'intel/src/invoice.ts', line: 8, symbol: 'Ledger' });
    assert.equal(result.error, undefined, result.text);
    assert.match(result.text, /^"Ledger" is not on line 8; used line 9 \(1 line below\)/);
    assert.match(result.text, /intel\/src\/math\.ts\n  14: \[lines 14-24\] export class Ledger \{/);
  });

  it('document_outline: the tree of classes, functions and members with line ranges', async () => {
    const result = await call('document_outline', { path: 'intel/src/math.ts' });
    assert.equal(result.error, undefined, result.text);
    assert.match(result.text, /^Outline of intel\/src\/math\.ts \(\d+ symbols\):\n/);
    for (const row of ['function addCents (lines 4-6)', 'function sumCents (lines 8-12)', 'class Ledger (lines 14-24)', '  property entries (line 15)', '  method record (lines 17-19)', '  method balance (lines 21-23)']) {
      assert.ok(result.text.split('\n').includes(row), `${row} in\n${result.text}`);
    }
  });

  it('hover_info: the signature and the doc comment as plain text', async () => {
    const result = await call('hover_info', { path: 'intel/src/math.ts', line: 4, symbol: 'addCents' });
    assert.equal(result.error, undefined, result.text);
    assert.equal(result.text, 'addCents (intel/src/math.ts:4):\nfunction addCents(a: number, b: number): number\n\nAdds two amounts of money, in cents.');
    const use = await call('hover_info', { path: 'intel/src/main.ts', line: 5, symbol: 'tip' });
    assert.match(use.text, /const tip: number/);
  });

  it('call_hierarchy: the callers of a function, and what a function calls', async () => {
    const incoming = await call('call_hierarchy', { path: 'intel/src/math.ts', line: 4, symbol: 'addCents' });
    assert.equal(incoming.error, undefined, incoming.text);
    assert.match(incoming.text, /^3 callers in 3 files of function addCents \(intel\/src\/math\.ts:4\):/);
    assert.match(incoming.text, /intel\/src\/invoice\.ts\n  function invoiceTotal \(line 8\)\n    11: return addCents\(ledger\.balance\(\), shipping\);/);
    assert.match(incoming.text, /intel\/src\/math\.ts\n  function sumCents \(line 8\)\n    10: for \(const value of values\) total = addCents\(total, value\);/);
    const outgoing = await call('call_hierarchy', { path: 'intel/src/invoice.ts', line: 8, symbol: 'invoiceTotal', direction: 'outgoing' });
    assert.equal(outgoing.error, undefined, outgoing.text);
    assert.match(outgoing.text, /^function invoiceTotal \(intel\/src\/invoice\.ts:8\) calls \d+ functions:/);
    assert.match(outgoing.text, /function addCents \(declared at intel\/src\/math\.ts:4\)\n  11: return addCents/);
  });

  it('find_symbol: a class by name and kind across the project', async () => {
    const result = await call('find_symbol', { query: 'Ledger', kind: 'class', path: 'intel/src/main.ts' });
    assert.equal(result.error, undefined, result.text);
    assert.equal(result.text, '1 class symbol matching "Ledger":\nclass Ledger intel/src/math.ts:14');
  });

  it('rename_symbol: renames across three files through the review path, and one Undo reverts all three', async () => {
    const root = vscode.workspace.workspaceFolders![0]!.uri;
    const uris = ['math.ts', 'invoice.ts', 'main.ts'].map((f) => vscode.Uri.joinPath(root, 'intel', 'src', f));
    const before = await Promise.all(uris.map(onDisk));
    const result = await call('rename_symbol', { path: 'intel/src/math.ts', line: 4, symbol: 'addCents', new_name: 'plusCents' });
    assert.equal(result.error, undefined, result.text);
    assert.match(result.text, /^Renamed addCents to plusCents: 6 places in 3 files: intel\/src\/invoice\.ts \(2\), intel\/src\/main\.ts \(2\), intel\/src\/math\.ts \(2\)\./);
    assert.equal(result.preparation?.summary, 'Rename addCents to plusCents in 3 files');
    const after = await Promise.all(uris.map(onDisk));
    after.forEach((text, i) => assert.equal(text, before[i]!.replaceAll('addCents(', 'plusCents(').replace('{ addCents', '{ plusCents').replace('function addCents', 'function plusCents')));
    assert.match(after[2]!, /\/\/ addCents is also mentioned here, in a comment/, 'the comment is not a reference');
    const docs = await Promise.all(uris.map((u) => vscode.workspace.openTextDocument(u)));
    await vscode.window.showTextDocument(docs[0]!);
    await vscode.commands.executeCommand('undo');
    await waitFor(() => docs.every((d, i) => d.getText() === before[i]), 10_000, 'one Undo to revert the rename in all three files');
  });

  it('a language with no language server says so and points to search_text', async () => {
    const result = await call('go_to_definition', { path: 'intel/scripts/tool.rb', line: 6, symbol: 'add_cents' });
    assert.equal(result.error, 'execution_failed');
    assert.equal(
      result.text,
      'No language support for ruby is installed in VS Code, so nothing can answer the definitions of add_cents in intel/scripts/tool.rb. Use search_text (pattern "\\badd_cents\\b") and read_file instead.',
    );
  });
});

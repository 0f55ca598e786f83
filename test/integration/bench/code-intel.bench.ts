// Benchmark, inside real VS Code with its TypeScript language features: "where is formatPrice used" in a project
// where 200 lines mention the name and 12 are real references (bench/code-intel-fixture.ts). Side by side: the
// tokens the model reads from search_text (default cap, and raised to see every hit) and from find_references;
// then the time to find_references' first answer with a cold TypeScript server (the first call, and after each
// restart) and a warm one.
//
// Not part of the integration run (it lives outside suites/): scripts/bench-code-intel.ts builds and runs it and
// prints what it writes to RELAY_BENCH_RESULTS.

import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { estimateTokens } from '../../../src/core/model/provider';
import type { ToolContext, ToolResultContent } from '../../../src/core/tools';
import { ChildProcessRunner } from '../../../src/host/processes/child-process-runner';
import { VsCodeDiagnostics } from '../../../src/host/language/diagnostics-source';
import { DiffPreviewer } from '../../../src/host/review/diff-preview';
import { createFileSearch } from '../../../src/host/file-search';
import { VsCodeLanguageFeatures } from '../../../src/host/language/language-features';
import { ProposalFileSystem } from '../../../src/host/editing/proposal-fs';
import { WorkspaceEditApplier } from '../../../src/host/editing/workspace-edit-applier';
import { VsCodeWorkspaceFiles } from '../../../src/host/editing/workspace-files';
import { createBuiltinToolFactories, type ToolServices } from '../../../src/tools';
import { codeIntelBenchProject, DECLARATION, listedLines, mentionLines, REAL_REFERENCES, SYMBOL } from '../../../bench/code-intel-fixture';

const COLD_RUNS = Number(process.env.RELAY_BENCH_COLD ?? 3);
const WARM_RUNS = Number(process.env.RELAY_BENCH_WARM ?? 5);

export interface CodeIntelBenchResults {
  vscodeVersion: string;
  /** Counted from the fixture's files: the lines that mention the name, and those that are real references. */
  textualHits: number;
  realReferences: number;
  /** Per tool result: the hits it listed, how many of them are real references (by path and line), and whether it listed every textual hit. */
  tokens: { method: string; tokens: number; hits: number; realReferences: number; complete: boolean; error?: string }[];
  coldMs: number[];
  warmMs: number[];
}

describe('bench: code intelligence vs text search (TypeScript language features)', function () {
  this.timeout(30 * 60_000);
  const files = new VsCodeWorkspaceFiles();
  const services: ToolServices = {
    files,
    search: createFileSearch(vscode.env.appRoot, { warn: () => undefined }),
    commands: new ChildProcessRunner(),
    reviewer: new DiffPreviewer(new ProposalFileSystem()),
    applier: new WorkspaceEditApplier(),
    diagnostics: new VsCodeDiagnostics(),
    language: new VsCodeLanguageFeatures(),
    questions: { ask: () => Promise.reject(new Error('no questions')) },
    todos: { update: () => undefined },
    workspaceRoots: () => files.roots,
    options: { languageWait: { deadlineMs: 180_000 } },
  };
  let n = 0;

  async function call(name: string, params: Record<string, unknown>): Promise<{ text: string; error?: string }> {
    const tool = createBuiltinToolFactories(services).find((t) => t.name === name)!.factory({ taskId: 'bench', callId: `bench-${++n}` });
    let result: { content: ToolResultContent; error?: string } | undefined;
    const ctx: ToolContext = {
      callId: `bench-${n}`,
      taskId: 'bench',
      signal: new AbortController().signal,
      setToolResult: (_id, content, options = {}) => void (result = { content, ...(options.error ? { error: options.error } : {}) }),
      sendToolStatus: () => undefined,
      completeTask: () => undefined,
      log: { warn: () => undefined },
    };
    const validated = await tool.validate(params);
    assert.ok(validated.ok);
    await tool.prepare?.(validated.params, ctx);
    await tool.execute(validated.params, ctx, false);
    return { text: String(result?.content ?? ''), ...(result?.error ? { error: result.error } : {}) };
  }

  const references = { path: `bench/${DECLARATION.path}`, line: DECLARATION.line, symbol: SYMBOL, limit: 500 };

  async function timedReferences(): Promise<number> {
    const started = performance.now();
    const result = await call('find_references', references);
    const elapsed = performance.now() - started;
    assert.equal(result.error, undefined, result.text);
    assert.match(result.text, new RegExp(`^${REAL_REFERENCES} references in`), result.text);
    return elapsed;
  }

  it('measures tokens for "where is formatPrice used", then cold and warm answer times', async () => {
    const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const project = codeIntelBenchProject();
    const mentions = mentionLines(project);
    for (const [path, text] of Object.entries(project)) {
      const file = join(root, 'bench', path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    const results: CodeIntelBenchResults = { vscodeVersion: vscode.version, textualHits: mentions.all.size, realReferences: mentions.real.size, tokens: [], coldMs: [], warmMs: [] };
    const realIn = (text: string) => listedLines(text, 'bench/').filter((l) => mentions.real.has(l)).length;

    // Cold: the very first call starts the TypeScript server and loads the project.
    results.coldMs.push(await timedReferences());
    const refs = await call('find_references', references);
    const hitsOf = (text: string) => text.split('\n').filter((l) => /^\s+\d+:/.test(l)).length;
    results.tokens.push({ method: 'find_references', tokens: estimateTokens(refs.text), hits: hitsOf(refs.text), realReferences: realIn(refs.text), complete: true });
    for (const max of [undefined, 500]) {
      const search = await call('search_text', { pattern: `\\b${SYMBOL}\\b`, path: 'bench', ...(max ? { max_results: max } : {}) });
      const hits = hitsOf(search.text);
      results.tokens.push({
        method: max ? `search_text (max_results ${max})` : 'search_text (default cap)',
        tokens: estimateTokens(search.text),
        hits,
        realReferences: realIn(search.text),
        complete: hits === mentions.all.size,
      });
    }
    for (let i = 0; i < WARM_RUNS; i++) results.warmMs.push(await timedReferences());
    for (let i = 1; i < COLD_RUNS; i++) {
      await vscode.commands.executeCommand('typescript.restartTsServer');
      results.coldMs.push(await timedReferences());
    }
    const out = process.env.RELAY_BENCH_RESULTS;
    if (out) writeFileSync(out, JSON.stringify(results, null, 2));
  });
});

// The agent loop end to end inside the real VS Code extension host: an AgentSession with the built-in tools on
// the real host adapters (workspace files, ripgrep, terminal, WorkspaceEdit applier, diagnostics) and a real
// provider talking real HTTP to the scripted model server, once per wire protocol (Anthropic Messages, OpenAI
// Chat Completions) and once in text-protocol mode over the OpenAI wire (tools in the prompt, calls parsed
// from text). What the provider sent is checked on the server's recorded requests; the task is saved by the
// FileTaskStore, reloaded and continued. Failures over HTTP: a 429 with Retry-After, and a connection dropped
// while a call's arguments are still streaming.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { AgentSession, type AgentEvent, type AgentSessionOptions, type AgentState } from '../../../src/core/agent';
import { abortableSleep, createProvider, type ModelProvider, type ProviderConfig } from '../../../src/core/model';
import { ToolRegistry, type ToolCallStatus } from '../../../src/core/tools';
import { ChildProcessRunner } from '../../../src/host/processes/child-process-runner';
import { VsCodeDiagnostics } from '../../../src/host/language/diagnostics-source';
import { VsCodeLanguageFeatures } from '../../../src/host/language/language-features';
import { DiffPreviewer } from '../../../src/host/review/diff-preview';
import { createFileSearch } from '../../../src/host/file-search';
import { PROPOSAL_SCHEME, ProposalFileSystem } from '../../../src/host/editing/proposal-fs';
import { PendingQuestions } from '../../../src/host/tool-ports/pending-questions';
import { FileTaskStore } from '../../../src/host/history/task-store';
import { createProcessManager } from '../../../src/host/processes/wiring';
import { WorkspaceEditApplier } from '../../../src/host/editing/workspace-edit-applier';
import { VsCodeWorkspaceFiles } from '../../../src/host/editing/workspace-files';
import { registerBuiltinTools, type ToolServices } from '../../../src/tools';
import { startScriptedModelServer, type RecordedRequest, type ScriptedModelServer, type ScriptTurn } from '../../support/scripted-model-server';

const API_KEY = 'sk-relay-agent-loop-test';

interface Mode {
  /** Also the name of the workspace folder this mode's files live in. */
  label: string;
  wire: 'anthropic' | 'openai';
  textProtocol: boolean;
  model: string;
  /** How the native call ids look on this wire. */
  idPrefix: string;
  /**
   * run_command as a process of the task shown in its own pseudoterminal, as the extension runs it, or straight
   * in a child process (hosts without a process manager).
   */
  terminal: boolean;
  /** The edit tool the model's family is given (src/core/prompts/families.ts): OpenAI's generations patch. */
  editTool: 'edit_file' | 'apply_patch';
  /** Whether the completion tool is offered: only where a plain answer does not end the task. */
  offersCompletion: boolean;
}

const MODES: readonly Mode[] = [
  { label: 'anthropic', wire: 'anthropic', textProtocol: false, model: 'claude-haiku-4-5', idPrefix: 'toolu_agent_', terminal: true, editTool: 'edit_file', offersCompletion: false },
  { label: 'openai', wire: 'openai', textProtocol: false, model: 'gpt-4.1', idPrefix: 'call_agent_', terminal: false, editTool: 'apply_patch', offersCompletion: false },
  // The text protocol is for models without native tool calls: a local model on an OpenAI-compatible server.
  { label: 'openai-text-protocol', wire: 'openai', textProtocol: true, model: 'qwen2.5-coder-7b', idPrefix: '', terminal: false, editTool: 'edit_file', offersCompletion: true },
];

/** The change "status: draft" → "status: reviewed" as the mode's edit tool takes it. */
function editArgs(mode: Mode, path: string): Record<string, unknown> {
  if (mode.editTool === 'edit_file') return { path, edits: [{ old_text: 'status: draft', new_text: 'status: reviewed' }] };
  return { patch: ['*** Begin Patch', `*** Update File: ${path}`, '@@', ' Release notes', '-status: draft', '+status: reviewed', '*** End Patch'].join('\n') };
}

/** One model turn, neutral: the script turns it into native tool calls or text-protocol tags. */
interface PlannedTurn {
  text?: string;
  calls: { key: string; name: string; args: Record<string, unknown> }[];
  chunkSize?: number;
}

function scriptTurn(mode: Mode, turn: PlannedTurn, extra: Partial<ScriptTurn> = {}): ScriptTurn {
  if (mode.textProtocol) {
    // Written by hand (not with the renderer under test), as a model would write it.
    const tags = turn.calls.map((call) => `<tool_call name="${call.name}">${JSON.stringify(call.args)}</tool_call>`);
    return { text: [turn.text ?? '', ...tags].filter(Boolean).join('\n'), ...(turn.chunkSize ? { chunkSize: turn.chunkSize } : {}), ...extra };
  }
  return {
    ...(turn.text ? { text: turn.text } : {}),
    toolCalls: turn.calls.map((call) => ({ id: mode.idPrefix + call.key, name: call.name, args: call.args })),
    ...(turn.chunkSize ? { chunkSize: turn.chunkSize } : {}),
    ...extra,
  };
}

/** The calls of the newest assistant message of a request and the results that answer them, as the wire carries them. */
interface Exchange {
  calls: { id?: string; name: string }[];
  results: { id: string; name?: string; text: string; isError: boolean }[];
  toolNames: string[];
  system: string;
}

type Json = Record<string, unknown>;

function exchangeOf(mode: Mode, request: RecordedRequest): Exchange {
  const body = request.body as Json;
  const messages = body.messages as Json[];
  if (mode.wire === 'anthropic') {
    const system = ((body.system as Json[] | undefined) ?? []).map((b) => String(b.text)).join('\n');
    const toolNames = ((body.tools as Json[] | undefined) ?? []).map((t) => String(t.name));
    const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
    const calls = lastAssistant < 0 ? [] : (messages[lastAssistant]!.content as Json[]).filter((b) => b.type === 'tool_use').map((b) => ({ id: String(b.id), name: String(b.name) }));
    const answer = messages[lastAssistant + 1];
    const results =
      lastAssistant < 0 || !answer
        ? []
        : (answer.content as Json[])
            .filter((b) => b.type === 'tool_result')
            .map((b) => ({ id: String(b.tool_use_id), text: String(b.content), isError: b.is_error === true }));
    return { calls, results, toolNames, system };
  }
  const system = messages.filter((m) => m.role === 'system').map((m) => String(m.content)).join('\n');
  const toolNames = ((body.tools as Json[] | undefined) ?? []).map((t) => String((t.function as Json).name));
  const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
  if (lastAssistant < 0) return { calls: [], results: [], toolNames, system };
  const assistant = messages[lastAssistant]!;
  if (!mode.textProtocol) {
    const calls = ((assistant.tool_calls as Json[] | undefined) ?? []).map((c) => ({ id: String(c.id), name: String((c.function as Json).name) }));
    const results: Exchange['results'] = [];
    for (let i = lastAssistant + 1; i < messages.length && messages[i]!.role === 'tool'; i++) {
      const text = String(messages[i]!.content);
      results.push({ id: String(messages[i]!.tool_call_id), text, isError: text.startsWith('Error: ') });
    }
    return { calls, results, toolNames, system };
  }
  // Text protocol: the calls are tags in the assistant's text, the results tags in the next user message.
  const calls = [...String(assistant.content).matchAll(/<tool_call name="([^"]+)">/g)].map((m) => ({ name: m[1]! }));
  const answer = String(messages[lastAssistant + 1]?.content ?? '');
  const results = [...answer.matchAll(/<tool_result name="([^"]+)" call_id="([^"]+)"( status="error")?>\n([\s\S]*?)\n<\/tool_result>/g)].map((m) => ({
    name: m[1]!,
    id: m[2]!,
    isError: Boolean(m[3]),
    text: m[4]!,
  }));
  return { calls, results, toolNames, system };
}

/** Every tool_status event of a session, grouped by call in the order the calls started. */
function statusesByCall(events: readonly AgentEvent[]): Map<string, ToolCallStatus[]> {
  const byCall = new Map<string, ToolCallStatus[]>();
  for (const event of events) {
    if (event.type !== 'tool_status') continue;
    const list = byCall.get(event.status.callId) ?? [];
    list.push(event.status);
    byCall.set(event.status.callId, list);
  }
  return byCall;
}

const TERMINAL = new Set(['SUCCESS', 'ERROR', 'CANCELLED']);

describe('agent loop over real HTTP inside real VS Code', () => {
  const proposals = new ProposalFileSystem();
  const log = vscode.window.createOutputChannel('Relay agent loop tests', { log: true });
  const files = new VsCodeWorkspaceFiles();
  const childProcesses = new ChildProcessRunner();
  const processes = createProcessManager(log);
  const services: ToolServices = {
    files,
    search: createFileSearch(vscode.env.appRoot, { warn: (m) => log.warn(m) }),
    commands: childProcesses,
    reviewer: new DiffPreviewer(proposals),
    applier: new WorkspaceEditApplier(),
    diagnostics: new VsCodeDiagnostics(),
    language: new VsCodeLanguageFeatures(),
    questions: new PendingQuestions(),
    todos: { update: () => undefined },
    workspaceRoots: () => files.roots,
    // Plain-text files have no language server: keep the wait for diagnostics after an edit short.
    options: { diagnosticsWait: { firstEventMs: 200, quietMs: 100, deadlineMs: 2_000 }, commandTimeoutMs: { default: 20_000, max: 60_000 } },
  };
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  const created: vscode.Uri[] = [];
  let registration: vscode.Disposable | undefined;
  let server: ScriptedModelServer;
  let storeDir: string;
  let store: FileTaskStore;

  before(async () => {
    registration = vscode.workspace.registerFileSystemProvider(PROPOSAL_SCHEME, proposals, { isCaseSensitive: true });
    server = await startScriptedModelServer();
    storeDir = await mkdtemp(join(tmpdir(), 'relay-agent-loop-tasks-'));
    store = new FileTaskStore(storeDir, { logger: { warn: (m, e) => log.warn(`${m} ${e ? String(e) : ''}`) } });
  });
  after(async () => {
    await server?.close();
    for (const uri of created) await vscode.workspace.fs.delete(uri, { recursive: true, useTrash: false }).then(undefined, () => undefined);
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    registration?.dispose();
    await processes.dispose();
    log.dispose();
  });

  /** A fresh folder for one test, deleted after the suite; its path relative to the workspace root. */
  async function folder(name: string, contents: Record<string, string>): Promise<string> {
    const dir = vscode.Uri.joinPath(root(), name);
    await vscode.workspace.fs.delete(dir, { recursive: true, useTrash: false }).then(undefined, () => undefined);
    created.push(dir);
    for (const [file, text] of Object.entries(contents)) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, file), new TextEncoder().encode(text));
    return name;
  }

  const onDisk = async (relative: string) => new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root(), relative)));

  function provider(mode: Mode, extra: Partial<ProviderConfig> = {}, sleep?: (ms: number, signal: AbortSignal) => Promise<void>): ModelProvider {
    return createProvider(
      {
        provider: mode.wire,
        model: mode.model,
        baseUrl: mode.wire === 'anthropic' ? server.url : server.openaiBaseUrl,
        apiKey: API_KEY,
        textProtocol: mode.textProtocol,
        maxRetries: 2,
        idleTimeoutMs: 5_000,
        requestTimeoutMs: 5_000,
        ...extra,
      },
      sleep ? { sleep } : {},
    );
  }

  function sessionOptions(mode: Mode, model: ModelProvider): AgentSessionOptions {
    const registry = new ToolRegistry();
    registerBuiltinTools(registry, { ...services, ...(mode.terminal ? { processes } : {}) });
    return {
      provider: model,
      registry,
      environment: { workspaceRoots: files.roots, os: process.platform, shell: process.env.SHELL ?? '/bin/bash' },
      store,
      maxSteps: 10,
      toolTimeoutMs: 30_000,
      logger: { warn: (m, e) => log.warn(`${m} ${e ? String(e) : ''}`) },
    };
  }

  function observe(session: AgentSession): AgentEvent[] {
    const events: AgentEvent[] = [];
    session.onEvent((event) => events.push(event));
    return events;
  }

  function assertCompleted(state: AgentState, result: string): void {
    assert.deepEqual(state, { status: 'completed', result }, `the task ended ${JSON.stringify(state)}`);
  }

  for (const mode of MODES) {
    describe(`${mode.label}${mode.textProtocol ? ' (tools in the prompt, calls parsed from text)' : ''}`, () => {
      it('reads, lists, edits with streamed arguments, runs a command and completes; the saved task reloads and continues', async () => {
        const dir = await folder(`agent-loop-${mode.label}`, {
          'notes.txt': 'Release notes\nstatus: draft\nowner: relay\n',
          'todo.txt': 'nothing yet\n',
        });
        const marker = `agent-loop-${mode.label}-ran`;
        const result = `Marked ${dir}/notes.txt as reviewed.`;
        const turns: PlannedTurn[] = [
          {
            text: 'Let me look at the notes first.',
            calls: [
              { key: 'read', name: 'read_file', args: { path: `${dir}/notes.txt` } },
              { key: 'list', name: 'list_files', args: { path: dir } },
            ],
          },
          {
            // Small chunks: the arguments arrive in many deltas, and the card follows them.
            chunkSize: 4,
            calls: [{ key: 'edit', name: mode.editTool, args: editArgs(mode, `${dir}/notes.txt`) }],
          },
          { calls: [{ key: 'run', name: 'run_command', args: { command: `echo ${marker}`, cwd: dir } }] },
          { text: 'Done.', calls: [{ key: 'done', name: 'attempt_completion', args: { result } }] },
        ];
        server.reset();
        server.setScript(turns.map((turn) => scriptTurn(mode, turn)));
        const options = sessionOptions(mode, provider(mode));
        const session = new AgentSession(options);
        const events = observe(session);

        const end = await session.send(`Mark ${dir}/notes.txt as reviewed and check the shell works.`);
        assertCompleted(end, result);
        assert.equal(await onDisk(`${dir}/notes.txt`), 'Release notes\nstatus: reviewed\nowner: relay\n', 'the edit reached the disk');

        // The calls as the session saw them, in order; native ids are the script's, text-protocol ids the parser's.
        const byCall = statusesByCall(events);
        const calls = [...byCall.entries()].map(([id, statuses]) => ({ id, name: statuses[0]!.toolName }));
        assert.deepEqual(
          calls.map((c) => c.name),
          turns.flatMap((t) => t.calls.map((c) => c.name)),
        );
        if (!mode.textProtocol) {
          assert.deepEqual(
            calls.map((c) => c.id),
            turns.flatMap((t) => t.calls.map((c) => mode.idPrefix + c.key)),
          );
        }

        // Every call: WAIT while its arguments streamed, then on to SUCCESS, which is its last status.
        for (const [id, statuses] of byCall) {
          const name = statuses[0]!.toolName;
          assert.equal(statuses[0]!.status, 'WAIT', `${name} starts waiting`);
          assert.equal(statuses[0]!.partial, true, `${name} starts while its arguments stream`);
          assert.equal(statuses[0]!.state, 'streaming');
          const last = statuses.at(-1)!;
          assert.equal(last.status, 'SUCCESS', `${name} (${id}) ended ${last.status}: ${last.error ?? ''}`);
          assert.ok(
            statuses.slice(0, -1).every((s) => !TERMINAL.has(s.status)),
            `${name}: nothing after a terminal status (${statuses.map((s) => s.status).join(' → ')})`,
          );
          assert.ok(
            statuses.some((s) => !s.partial && s.state === 'executing'),
            `${name} executed after its arguments completed (${statuses.map((s) => `${s.status}/${s.state}`).join(' → ')})`,
          );
        }
        const edit = byCall.get(calls[2]!.id)!;
        const tip = mode.editTool === 'apply_patch' ? `Patching ${dir}/notes.txt` : `Editing ${dir}/notes.txt`;
        const partialTips = edit.filter((s) => s.partial && s.showTip?.startsWith(tip));
        assert.ok(partialTips.length >= 1, `${mode.editTool} showed its target while streaming: ${edit.map((s) => `${s.status}:${s.partial}:${s.showTip ?? ''}`).join(' | ')}`);
        assert.ok(edit.filter((s) => s.partial).length >= 2, `${mode.editTool} got several partial updates`);

        // What the provider sent: four requests, the tool definitions (or the tools prompt), each request after the
        // first answering the previous turn's calls by id, with the real results.
        assert.equal(server.requests.length, 4);
        assert.ok(server.requests.every((r) => r.route === mode.wire && r.outcome === 'completed' && r.authHeader));
        const exchanges = server.requests.map((r) => exchangeOf(mode, r));
        for (const ex of exchanges) {
          if (mode.textProtocol) {
            assert.deepEqual(ex.toolNames, [], 'text protocol: no native tools are sent');
            for (const name of ['read_file', 'list_files', mode.editTool, 'run_command', 'attempt_completion']) {
              assert.ok(ex.system.includes(`\n## ${name}\n`), `the tools prompt describes ${name}`);
            }
            assert.match(ex.system, /# How to Call a Tool/);
          } else {
            for (const name of ['read_file', 'list_files', mode.editTool, 'write_file', 'run_command']) {
              assert.ok(ex.toolNames.includes(name), `${name} is offered to the model (${ex.toolNames.join(', ')})`);
            }
            const other = mode.editTool === 'apply_patch' ? 'edit_file' : 'apply_patch';
            assert.ok(!ex.toolNames.includes(other), `${other} is not offered beside ${mode.editTool}`);
            // Claude and GPT-4.1 end their task with a plain answer (src/core/prompts/families.ts).
            assert.equal(ex.toolNames.includes('attempt_completion'), mode.offersCompletion, `attempt_completion offered: ${ex.toolNames.join(', ')}`);
          }
        }
        assert.deepEqual(exchanges[0]!.results, [], 'the first request carries the task only');
        let offset = 0;
        for (let k = 0; k < 3; k++) {
          const made = calls.slice(offset, offset + turns[k]!.calls.length);
          offset += made.length;
          const ex = exchanges[k + 1]!;
          assert.deepEqual(
            ex.calls.map((c) => c.name),
            made.map((c) => c.name),
            `request ${k + 2} repeats the calls of turn ${k + 1}`,
          );
          if (!mode.textProtocol) assert.deepEqual(ex.calls.map((c) => c.id), made.map((c) => c.id));
          assert.deepEqual(
            ex.results.map((r) => r.id),
            made.map((c) => c.id),
            `request ${k + 2} answers turn ${k + 1}'s calls by id`,
          );
          if (mode.textProtocol) assert.deepEqual(ex.results.map((r) => r.name), made.map((c) => c.name));
          assert.ok(ex.results.every((r) => !r.isError), `no error results: ${JSON.stringify(ex.results)}`);
        }
        const [read, list] = exchanges[1]!.results;
        assert.match(read!.text, /status: draft/, 'read_file returned the file');
        assert.match(list!.text, /notes\.txt/);
        assert.match(list!.text, /todo\.txt/);
        assert.match(exchanges[2]!.results[0]!.text, /notes\.txt/, `${mode.editTool} reported the edit`);
        const run = exchanges[3]!.results[0]!.text;
        assert.match(run, new RegExp(marker), 'run_command returned the output');
        assert.match(run, /Exit code: 0/);
        const ran = byCall.get(calls[3]!.id)!.at(-1)!;
        assert.equal(ran.metadata?.transport, mode.terminal ? 'process' : 'child-process', JSON.stringify(ran.metadata));

        // Saved on disk; a session made from the loaded record has the same history, and goes on from it.
        await session.flush();
        const record = await store.load(session.id);
        assert.ok(record, 'the task was saved');
        assert.equal(record.status, 'completed');
        assert.equal(record.result, result);
        assert.equal(record.modelId, mode.model);
        assert.deepEqual(record.history, session.messages);
        assert.ok((await store.list()).some((s) => s.id === session.id && s.status === 'completed'));

        const reopened = new AgentSession(sessionOptions(mode, provider(mode)), record);
        assert.equal(reopened.id, session.id);
        assert.deepEqual(reopened.messages, session.messages, 'the reloaded task has the same history');
        assert.deepEqual(reopened.state, { status: 'completed', result });
        assert.deepEqual(reopened.transcript, session.transcript);

        const followUp = 'Also confirm todo.txt is untouched.';
        server.setScript([scriptTurn(mode, { calls: [{ key: 'done2', name: 'attempt_completion', args: { result: 'todo.txt is untouched.' } }] })]);
        assertCompleted(await reopened.send(followUp), 'todo.txt is untouched.');
        assert.equal(server.requests.length, 5);
        const continued = server.requests[4]!;
        const resent = JSON.stringify(continued.body);
        assert.ok(resent.includes(followUp), 'the follow-up was sent');
        assert.ok(resent.includes('status: draft'), 'the earlier read_file result is still in the conversation');
        const last = exchangeOf(mode, continued);
        assert.deepEqual(last.calls.map((c) => c.name), ['attempt_completion']);
        assert.deepEqual(last.results.map((r) => r.id), [calls[4]!.id], "the first run's attempt_completion stays answered");
        await reopened.flush();
        assert.equal((await store.load(session.id))?.result, 'todo.txt is untouched.');
        await reopened.dispose();
        await session.dispose();
      });

      if (!mode.textProtocol) {
        it('a 429 with Retry-After between steps is retried after the wait asked for, and the task completes', async () => {
          const dir = await folder(`agent-loop-${mode.label}-429`, { 'a.txt': 'alpha\n' });
          server.reset();
          server.setScript([
            scriptTurn(mode, { calls: [{ key: 'r1', name: 'read_file', args: { path: `${dir}/a.txt` } }] }),
            { fault: { status: 429, retryAfter: 1 } },
            scriptTurn(mode, { calls: [{ key: 'c1', name: 'attempt_completion', args: { result: 'Read a.txt.' } }] }),
          ]);
          // Records the wait the provider chose, and waits only a moment of it.
          const delays: number[] = [];
          const sleep = (ms: number, signal: AbortSignal) => (delays.push(ms), abortableSleep(Math.min(ms, 20), signal));
          const session = new AgentSession(sessionOptions(mode, provider(mode, {}, sleep)));
          const events = observe(session);
          assertCompleted(await session.send('Read a.txt.'), 'Read a.txt.');
          assert.deepEqual(delays, [1_000], 'Retry-After: 1 was honoured');
          assert.deepEqual(
            server.requests.map((r) => r.outcome),
            ['completed', 'error_status', 'completed'],
          );
          assert.deepEqual(server.requests[2]!.body, server.requests[1]!.body, 'the retry sent the same request');
          assert.deepEqual(exchangeOf(mode, server.requests[2]!).results.map((r) => r.id), [`${mode.idPrefix}r1`]);
          assert.ok(!events.some((e) => e.type === 'error'), 'the retried 429 never reached the chat');
          await session.dispose();
        });
      }

      it("a connection dropped while a call's arguments stream never runs the call; Retry continues from a clean history", async () => {
        const dir = await folder(`agent-loop-${mode.label}-drop`, { 'keep.txt': 'original\n' });
        const content = 'replaced by a call that never completed\n'.repeat(4);
        const call = { key: 'w1', name: 'write_file', args: { path: `${dir}/keep.txt`, content } };
        const planned = scriptTurn(mode, { calls: [call], chunkSize: 8 });
        // Frames before the drop: Anthropic message_start, block start, ping, the empty partial_json, then four
        // argument deltas; OpenAI the role chunk, the call's first chunk, then six argument deltas; text
        // protocol the role chunk, then the tag and a few argument characters. The arguments are longer.
        server.reset();
        server.setScript([
          { ...planned, fault: { dropAfterChunks: 8 } },
          scriptTurn(mode, { calls: [{ key: 'c2', name: 'attempt_completion', args: { result: 'Left keep.txt alone.' } }] }),
        ]);
        const session = new AgentSession(sessionOptions(mode, provider(mode)));
        const events = observe(session);
        const end = await session.send('Replace keep.txt.');
        assert.equal(end.status, 'failed', JSON.stringify(end));
        assert.equal(end.status === 'failed' && end.error.retryable, true, 'the user can retry');
        assert.equal(server.requests.length, 1, 'a stream that already produced output is not retried behind the loop');
        assert.equal(server.requests[0]!.outcome, 'dropped');

        const byCall = statusesByCall(events);
        assert.equal(byCall.size, 1, 'the call had started streaming');
        const [statuses] = [...byCall.values()];
        assert.equal(statuses![0]!.toolName, 'write_file');
        assert.ok(statuses!.some((s) => s.partial), 'its arguments were streaming');
        assert.equal(statuses!.at(-1)!.status, 'CANCELLED', statuses!.map((s) => `${s.status}/${s.state}`).join(' → '));
        assert.ok(!statuses!.some((s) => s.state === 'executing' || s.status === 'SUCCESS'), 'the call never executed');
        assert.equal(await onDisk(`${dir}/keep.txt`), 'original\n', 'the file is unchanged');
        assert.ok(events.some((e) => e.type === 'error'), 'the failure is shown');

        // "Retry": the failed turn left nothing behind, so the same request goes out again (the server would
        // refuse a tool call without its result).
        assertCompleted(await session.resume(), 'Left keep.txt alone.');
        assert.equal(server.requests.length, 2);
        assert.equal(server.requests[1]!.outcome, 'completed');
        assert.deepEqual(server.requests[1]!.body, server.requests[0]!.body, 'the retried request is the one that was dropped');
        assert.equal(await onDisk(`${dir}/keep.txt`), 'original\n');
        await session.flush();
        assert.equal((await store.load(session.id))?.status, 'completed');
        await session.dispose();
      });
    });
  }
});

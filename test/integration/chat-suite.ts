// The setup shared by the suites that drive the extension's own Relay through its chat against the scripted model
// server: Relay with scripted prompts, a fresh model server, the suite's `relay.*` settings (and API keys) saved and
// put back, an empty chat before each test, the last task stopped at the end. Call `useChatSuite` first thing in a
// Mocha `describe`: its hooks then run before the suite's own `before` and `beforeEach`.
import * as vscode from 'vscode';
import type { ProviderId } from '../../src/host/model/model-settings';
import type { RelayApi } from '../../src/extension';
import type { Relay } from '../../src/host/relay';
import type { ChatSnapshot } from '../../src/shared/chat-model';
import { startScriptedModelServer, type ScriptedModelServer } from '../support/scripted-model-server';
import { activateRelay, relayWithScriptedPrompter, type ScriptedMcpConfirmer, type ScriptedPrompter, type ScriptedRestoreConfirmer, waitFor } from './helpers';

export interface ChatSuiteOptions<K extends string> {
  /** The `relay.*` settings the suite changes (user level): saved before it and put back after it. */
  settings: readonly K[];
  /** Set once the model server listens, before the suite's own `before`. */
  initial?: (server: ScriptedModelServer) => Partial<Record<K, unknown>>;
  /** Providers whose API keys the suite changes: saved and put back. */
  keys?: readonly ProviderId[];
  /** Close every editor before each test and after the suite. */
  closeEditors?: boolean;
}

/** Filled in by the suite's first `before`; read it in hooks and tests, never while the describe is declared. */
export interface ChatSuite<K extends string> {
  api: RelayApi;
  relay: Relay;
  prompter: ScriptedPrompter;
  mcpConfirmer: ScriptedMcpConfirmer;
  restoreConfirmer: ScriptedRestoreConfirmer;
  server: ScriptedModelServer;
  snapshot(): ChatSnapshot;
  /** The user-level value a setting had before the suite (what `after` puts back). */
  saved(key: K): unknown;
  /** The API key a provider had before the suite (what `after` puts back). */
  savedKey(provider: ProviderId): string | undefined;
  /** Sets `relay.*` settings at the user level (put back after the suite). */
  setSettings(values: Partial<Record<K, unknown>>): Promise<void>;
  /** A new task, as the chat's button asks for it; resolves once the chat is empty. */
  newTask(): Promise<void>;
  /** Waits until the task on screen has run and stopped (the controller too); returns it. */
  taskStopped(what: string, timeoutMs: number): Promise<NonNullable<ChatSnapshot['task']>>;
}

export function useChatSuite<K extends string>(options: ChatSuiteOptions<K>): ChatSuite<K> {
  const saved = new Map<K, unknown>();
  const savedKeys = new Map<ProviderId, string | undefined>();
  const config = () => vscode.workspace.getConfiguration('relay');
  const closeEditors = async () => {
    if (options.closeEditors) await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  };
  const suite = {
    snapshot: () => suite.api.chat.snapshot,
    saved: (key) => saved.get(key),
    savedKey: (provider) => savedKeys.get(provider),
    async setSettings(values) {
      for (const [key, value] of Object.entries(values)) await config().update(key, value, vscode.ConfigurationTarget.Global);
    },
    async newTask() {
      suite.api.chat.submitIntent({ type: 'newTask' });
      await waitFor(() => !suite.snapshot().task && suite.snapshot().items.length === 0, 5_000, 'the new, empty task');
    },
    taskStopped: (what, timeoutMs) =>
      waitFor(() => {
        const task = suite.snapshot().task;
        return task && !task.running && !suite.relay.controller.isRunning ? task : undefined;
      }, timeoutMs, what),
  } as ChatSuite<K>;

  before(async () => {
    suite.api = await activateRelay();
    ({ relay: suite.relay, prompter: suite.prompter, mcpConfirmer: suite.mcpConfirmer, restoreConfirmer: suite.restoreConfirmer } = await relayWithScriptedPrompter());
    suite.server = await startScriptedModelServer();
    for (const key of options.settings) saved.set(key, config().inspect(key)?.globalValue);
    for (const provider of options.keys ?? []) savedKeys.set(provider, await suite.relay.keys.get(provider));
    await suite.setSettings(options.initial?.(suite.server) ?? {});
  });

  beforeEach(async () => {
    suite.server.reset();
    suite.prompter.script();
    await closeEditors();
    // Intents run one at a time, so this reset comes before the test's own.
    await suite.newTask();
  });

  after(async () => {
    if (suite.api) {
      suite.api.chat.submitIntent({ type: 'newTask' });
      await waitFor(() => !suite.relay.controller.isRunning, 5_000, 'the last task to stop').catch(() => undefined);
    }
    await suite.server?.close();
    for (const [key, value] of saved) await config().update(key, value, vscode.ConfigurationTarget.Global);
    for (const [provider, key] of savedKeys) await suite.relay.keys.set(provider, key);
    await closeEditors();
  });

  return suite;
}

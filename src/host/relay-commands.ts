// What the palette and menu commands do. Their ids are registered at activation (src/extension.ts) and call in
// here on first use, so this file and everything it needs load only when a command runs.
import * as vscode from 'vscode';
import type { ToolStats } from '../core/tools';
import type { RuntimeCommand } from './command-ids';
import { editorCommandHandlers } from './editor-commands';
import { modelChoices } from './model/model-choices';
import { selectModelCommand, setApiKeyCommand } from './model/model-commands';
import { showMcpServers } from './mcp/servers-command';
import { isProviderId } from './model/model-settings';
import type { Relay } from './relay';
import type { SetupStep } from '../shared/chat-model';

export function relayCommandHandlers(relay: Relay, focusChat: () => Promise<void>): Record<RuntimeCommand, (...args: unknown[]) => unknown> {
  const send = async (text: string): Promise<void> => {
    await focusChat();
    await relay.controller.send(text);
  };
  return {
    'relay.cancelTask': () => relay.controller.cancel(),
    'relay.condenseContext': () => relay.controller.condense(),
    'relay.setApiKey': (provider?: unknown) => setApiKeyCommand(relay.keys, typeof provider === 'string' && isProviderId(provider) ? provider : undefined),
    'relay.selectModel': async () => {
      await selectModelCommand(() => modelChoices(relay.keys));
      await relay.controller.publishSettings();
    },
    'relay.setUpProvider': (step?: unknown) => relay.setUpProvider(isSetupStep(step) ? step : undefined),
    'relay.testConnection': () => relay.testConnection(),
    'relay.showToolStatistics': () => showToolStatistics(relay.statistics.all()),
    'relay.openTaskHistory': () => openTaskHistory(relay, focusChat),
    'relay.mcpServers': () => showMcpServers(relay.mcp),
    'relay.reviewTaskChanges': async () => {
      await focusChat();
      await relay.controller.reviewChanges();
    },
    ...editorCommandHandlers(send, {
      mentionOf: (uri, lines) => relay.mentions.mentionOf(uri, lines),
      insert: async (mentions) => {
        await focusChat();
        relay.insertMentions(mentions);
      },
    }),
    ...relay.reviewCommands(),
  };
}

function isSetupStep(value: unknown): value is SetupStep {
  return typeof value === 'string' && ['key', 'model', 'baseUrl', 'proxy', 'provider'].includes(value);
}

/** Behaviour 23's counts for this window, one row per tool, busiest first. */
async function showToolStatistics(stats: Record<string, ToolStats>): Promise<void> {
  const rows = Object.entries(stats).sort(([, a], [, b]) => b.executions - a.executions);
  if (rows.length === 0) {
    void vscode.window.showInformationMessage('Relay: no tool has run in this window yet.');
    return;
  }
  await vscode.window.showQuickPick(
    rows.map(([name, s]) => ({
      label: name,
      description: `${s.executions} run${s.executions === 1 ? '' : 's'}: ${s.successes} succeeded, ${s.failures} failed`,
      detail: `average ${Math.round(s.averageDurationMs)} ms, total ${Math.round(s.totalDurationMs)} ms`,
    })),
    { title: 'Relay: Tool Statistics (this window)', placeHolder: 'Executions, outcomes and durations per tool' },
  );
}

async function openTaskHistory(relay: Relay, focusChat: () => Promise<void>): Promise<void> {
  const tasks = await relay.controller.listTasks();
  if (tasks.length === 0) {
    void vscode.window.showInformationMessage('Relay: no task has been saved yet.');
    return;
  }
  const picked = await vscode.window.showQuickPick(
    tasks.map((t) => ({ label: t.title || '(untitled task)', description: t.status, detail: new Date(t.updatedAt).toLocaleString(), id: t.id })),
    { title: 'Relay: Open Task', placeHolder: 'Past tasks, newest first', matchOnDetail: true },
  );
  if (!picked) return;
  await focusChat();
  await relay.controller.handle({ type: 'openTask', id: picked.id });
}

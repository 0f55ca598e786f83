// What the palette and menu commands do. Their ids are registered at activation (src/extension.ts) and call in
// here on first use, so this file and everything it needs load only when a command runs.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { ToolStats } from '../../core/tools';
import type { RuntimeCommand } from './command-ids';
import { editorCommandHandlers } from './editor-commands';
import { setApiKeyCommand } from '../model/model-commands';
import { showMcpServers } from '../mcp/servers-command';
import { showCustomizations } from '../customization/show-customizations';
import { isProviderId } from '../model/model-settings';
import type { Relay } from '../relay';
import type { SetupStep } from '../../shared/chat-model';
import { lazyTaskReviewHandlers, parallelTaskHandlers } from '../tasks/task-commands';
import { formatDateTime } from '../../shared/format-numbers';

export function relayCommandHandlers(relay: Relay, focusChat: () => Promise<void>): Record<RuntimeCommand, (...args: unknown[]) => unknown> {
  const send = async (text: string): Promise<void> => {
    await focusChat();
    await relay.controller.send(text);
  };
  return {
    'relay.cancelTask': () => relay.controller.cancel(),
    'relay.condenseContext': () => relay.controller.condense(),
    'relay.setApiKey': (provider?: unknown) => setApiKeyCommand(relay.keys, typeof provider === 'string' && isProviderId(provider) ? provider : undefined),
    'relay.selectModel': () => relay.selectModel(),
    'relay.setUpProvider': (step?: unknown) => relay.setUpProvider(isSetupStep(step) ? step : undefined),
    'relay.testConnection': () => relay.testConnection(),
    'relay.reviewWorkspaceSettings': () => relay.workspaceValues.askAll(),
    'relay.showToolStatistics': () => showToolStatistics(relay.statistics.all()),
    'relay.showCustomizations': () => showCustomizations(relay.customizations),
    'relay.selectAgent': () => relay.agents.pick(),
    'relay.openTaskHistory': () => openTaskHistory(relay, focusChat),
    'relay.mcpServers': () => showMcpServers(relay.mcp),
    'relay.showProcesses': () => relay.processStatus.showList(),
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
    ...parallelTaskHandlers(() => relay.parallel),
    ...lazyTaskReviewHandlers(() => relay.parallel),
  };
}

function isSetupStep(value: unknown): value is SetupStep {
  return typeof value === 'string' && ['key', 'model', 'baseUrl', 'proxy', 'provider'].includes(value);
}

/** Behaviour 23's counts for this window, one row per tool, busiest first. */
async function showToolStatistics(stats: Record<string, ToolStats>): Promise<void> {
  const rows = Object.entries(stats).sort(([, a], [, b]) => b.executions - a.executions);
  if (rows.length === 0) {
    void vscode.window.showInformationMessage(l10n.t('Relay: no tool has run in this window yet.'));
    return;
  }
  await vscode.window.showQuickPick(
    rows.map(([name, s]) => ({
      label: name,
      description:
        s.executions === 1
          ? l10n.t('1 run: {0} succeeded, {1} failed', s.successes, s.failures)
          : l10n.t('{0} runs: {1} succeeded, {2} failed', s.executions, s.successes, s.failures),
      detail: l10n.t('average {0} ms, total {1} ms', Math.round(s.averageDurationMs), Math.round(s.totalDurationMs)),
    })),
    { title: l10n.t('Relay: Tool Statistics (this window)'), placeHolder: l10n.t('Executions, outcomes and durations per tool') },
  );
}

async function openTaskHistory(relay: Relay, focusChat: () => Promise<void>): Promise<void> {
  const tasks = await relay.controller.listTasks();
  if (tasks.length === 0) {
    void vscode.window.showInformationMessage(l10n.t('Relay: no task has been saved yet.'));
    return;
  }
  const picked = await vscode.window.showQuickPick(
    tasks.map((t) => ({ label: t.title || l10n.t('(untitled task)'), description: taskStatusLabel(t.status), detail: formatDateTime(new Date(t.updatedAt)), id: t.id })),
    { title: l10n.t('Relay: Open Task'), placeHolder: l10n.t('Past tasks, newest first'), matchOnDetail: true },
  );
  if (!picked) return;
  await focusChat();
  await relay.controller.handle({ type: 'openTask', id: picked.id });
}

function taskStatusLabel(status: 'running' | 'completed' | 'cancelled' | 'failed' | 'paused'): string {
  switch (status) {
    case 'running':
      return l10n.t('Running');
    case 'completed':
      return l10n.t('Completed');
    case 'cancelled':
      return l10n.t('Cancelled');
    case 'failed':
      return l10n.t('Failed');
    case 'paused':
      return l10n.t('Paused');
  }
}

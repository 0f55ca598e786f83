// What the palette and menu commands do. Their ids are registered at activation (src/extension.ts) and call in
// here on first use, so this file and everything it needs load only when a command runs. The composition root
// (src/host/relay.ts) hands in exactly what the commands use.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { ToolStats } from '../../core/tools';
import type { MentionSuggestion } from '../../shared/chat-model';
import type { EntryPointCommand, RuntimeCommand } from './command-ids';
import { editorCommandHandlers } from './editor-commands';
import type { CustomizationService } from '../customization';
import { showCustomizations } from '../customization/show-customizations';
import type { McpServerManager } from '../mcp/server-manager';
import { showMcpServers } from '../mcp/servers-command';
import { setApiKeyCommand } from '../model/model-commands';
import { type ApiKeys, isProviderId } from '../model/model-settings';
import type { ModelSurface } from '../model/model-surface';
import type { WorkspaceValueReview } from '../permissions/workspace-review';
import type { TaskController } from '../session/task-controller';
import type { SetupStep } from '../../shared/chat-model';
import { lazyTaskReviewHandlers, parallelTaskHandlers } from '../tasks/task-commands';
import type { ParallelTaskSurface } from '../tasks/wiring';
import { formatDateTime } from '../../shared/format-numbers';

/** Hunk review in the diff editor: accept, reject, next hunk… (review/review-lenses.ts). */
type ReviewCommand = Extract<RuntimeCommand, `relay.review.${string}`>;

export interface CommandServices {
  controller: Pick<TaskController, 'cancel' | 'condense' | 'send' | 'reviewChanges' | 'listTasks' | 'handle'>;
  keys: ApiKeys;
  models: Pick<ModelSurface, 'selectModel' | 'setUpProvider' | 'testConnection'>;
  workspaceValues: Pick<WorkspaceValueReview, 'askAll'>;
  statistics: { all(): Record<string, ToolStats> };
  customizations: CustomizationService;
  agents: { pick(): Promise<unknown> };
  mcp: McpServerManager;
  processStatus: { showList(): Promise<void> };
  mentions: { mentionOf(uri: vscode.Uri, lines: { start: number; end: number }): MentionSuggestion | undefined };
  /** Adds mentions to the chat's composer, once the chat has loaded. */
  insertMentions(mentions: MentionSuggestion[]): void;
  review: Record<ReviewCommand, (...args: unknown[]) => unknown>;
  /** The parallel tasks, resolved when one of their commands runs. */
  parallel(): ParallelTaskSurface;
  focusChat(): Promise<void>;
}

/** Every runtime command but the entry points', which the composition root wires from their own folders. */
export function relayCommandHandlers(services: CommandServices): Record<Exclude<RuntimeCommand, EntryPointCommand>, (...args: unknown[]) => unknown> {
  const { controller, focusChat } = services;
  const send = async (text: string): Promise<void> => {
    await focusChat();
    await controller.send(text);
  };
  return {
    'relay.cancelTask': () => controller.cancel(),
    'relay.condenseContext': () => controller.condense(),
    'relay.setApiKey': (provider?: unknown) => setApiKeyCommand(services.keys, typeof provider === 'string' && isProviderId(provider) ? provider : undefined),
    'relay.selectModel': () => services.models.selectModel(),
    'relay.setUpProvider': (step?: unknown) => services.models.setUpProvider(isSetupStep(step) ? step : undefined),
    'relay.testConnection': () => services.models.testConnection(),
    'relay.reviewWorkspaceSettings': () => services.workspaceValues.askAll(),
    'relay.showToolStatistics': () => showToolStatistics(services.statistics.all()),
    'relay.showCustomizations': () => showCustomizations(services.customizations),
    'relay.selectAgent': () => services.agents.pick(),
    'relay.openTaskHistory': () => openTaskHistory(controller, focusChat),
    'relay.mcpServers': () => showMcpServers(services.mcp),
    'relay.showProcesses': () => services.processStatus.showList(),
    'relay.reviewTaskChanges': async () => {
      await focusChat();
      await controller.reviewChanges();
    },
    ...editorCommandHandlers(send, {
      mentionOf: (uri, lines) => services.mentions.mentionOf(uri, lines),
      insert: async (mentions) => {
        await focusChat();
        services.insertMentions(mentions);
      },
    }),
    ...services.review,
    ...parallelTaskHandlers(services.parallel),
    ...lazyTaskReviewHandlers(services.parallel),
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

async function openTaskHistory(controller: CommandServices['controller'], focusChat: () => Promise<void>): Promise<void> {
  const tasks = await controller.listTasks();
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
  await controller.handle({ type: 'openTask', id: picked.id });
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

// Asks the user about the workspace values that would make Relay ask less (core/permissions/workspace-values.ts):
// each in a native modal that names the setting, its value and the file. Asked when a task starts, once a window
// for each value; a value not allowed stays ignored and the user is told once how to allow it later
// ("Relay: Review Workspace Settings", which asks again).
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { WorkspaceValue } from '../../core/permissions/workspace-values';
import { decideMode } from './approval-mode-setting';
import { APPROVAL_MODE_KEY } from './approval-modes';
import { decidePermissionRules } from './permission-settings';
import { discoveryCommands } from '../mcp/discovery-tools';
import { CHECKPOINT_LIMIT_KEYS, CHECKPOINTS_ENABLED_KEY, checkpointLimits, checkpointsEnabled } from '../checkpoints/workspace-checkpoints';
import { settingLayers } from '../settings/workspace-layers';
import type { WorkspaceConfirmations } from '../settings/workspace-confirmations';
import { askUnasked } from '../dialogs/modal';
import { shownPath } from '../platform/shown-path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';

/**
 * One question: a setting, its value as written (JSON) and its file; for an endpoint, the key it would get, or
 * (no key stored) the conversation that would go there.
 */
export interface WorkspaceValueQuestion {
  setting: string;
  value: string;
  file: string;
  key?: { provider: string; origin: string; boundTo: string | undefined };
  endpoint?: { origin: string };
}

/** True when the user allowed the value. Integration tests answer it; the default is the native modal. */
export type ConfirmWorkspaceValue = (question: WorkspaceValueQuestion) => Promise<boolean>;

/** Every workspace value held back now: a looser mode, allow rules, discovery commands, checkpoints turned off or limited. */
export function pendingWorkspaceValues(confirmations: WorkspaceConfirmations): WorkspaceValue[] {
  return [
    ...decideMode(confirmations).pending,
    ...decidePermissionRules(confirmations).pending,
    ...discoveryCommands(confirmations).pending,
    ...checkpointsEnabled(confirmations).pending,
    ...Object.values(checkpointLimits(confirmations)).flatMap((limit) => limit.pending),
  ];
}

export class WorkspaceValueReview {
  /** Asked in this window (allowed or not), so a task start asks about each value once. */
  private readonly asked = new Set<string>();
  private told = false;

  constructor(
    private readonly confirmations: WorkspaceConfirmations,
    private readonly confirm: ConfirmWorkspaceValue,
  ) {}

  /** When a task starts: asks about each held-back value not asked about in this window. */
  async askNew(): Promise<void> {
    await this.ask(false);
  }

  /** The command: asks about every held-back value again. */
  async askAll(): Promise<void> {
    if ((await this.ask(true)) === 0) void vscode.window.showInformationMessage(l10n.t('Relay: this workspace sets nothing that waits for your confirmation.'));
  }

  private async ask(again: boolean): Promise<number> {
    const pending = pendingWorkspaceValues(this.confirmations).filter((v) => again || !this.asked.has(idOf(v)));
    let declined = 0;
    for (const value of pending) {
      this.asked.add(idOf(value));
      if (await this.confirm({ setting: value.setting, value: JSON.stringify(value.value), file: value.file })) await this.confirmations.add([value]);
      else declined++;
    }
    if (declined > 0 && !this.told) {
      this.told = true;
      const command = l10n.t('Review Workspace Settings');
      void vscode.window.showInformationMessage(
        declined === 1
          ? l10n.t('Relay ignores a setting of this workspace that would make it ask less, until you allow it. Run "Relay: {0}" to review it.', command)
          : l10n.t('Relay ignores {0} settings of this workspace that would make it ask less, until you allow them. Run "Relay: {1}" to review them.', declined, command),
      );
    }
    return pending.length;
  }
}

function idOf(value: WorkspaceValue): string {
  return JSON.stringify([value.setting, value.value, value.file]);
}

/**
 * The native modal: the setting by what it does (its key in the detail), its value, the file, and what allowing
 * it changes. The user did not ask for it (a repository's setting did): Enter shows the setting in its file and
 * asks again, Escape keeps ignoring it (or does not send); only Allow allows. Two safe answers, so VS Code adds no
 * Cancel beside "Keep Ignoring" that would mean the same (dialogs/button-order.ts).
 */
export const modalConfirmWorkspaceValue: ConfirmWorkspaceValue = async (question) => {
  const allow = l10n.t('Allow');
  const show = l10n.t('Show Setting');
  const file = shownPath(question.file);
  const [message, detail, safe] = question.key
    ? [
        l10n.t('Send your {0} API key to {1}?', question.key.provider, question.key.origin),
        l10n.t(
          '{0} is set to {1} in {2}. The key was saved for {3}. A repository\'s settings can point Relay at any server: allow only a server you trust. A changed value asks again.',
          question.setting,
          question.value,
          file,
          question.key.boundTo ?? '-',
        ),
        l10n.t('Do Not Send'),
      ]
    : question.endpoint
      ? [
          l10n.t('Send this conversation to {0}?', question.endpoint.origin),
          l10n.t(
            '{0} is set to {1} in {2}. Every request carries the conversation: your messages and the files Relay reads. A repository\'s settings can point Relay at any server: allow only a server you trust. A changed value asks again.',
            question.setting,
            question.value,
            file,
          ),
          l10n.t('Do Not Send'),
        ]
      : [
          settingQuestion(question.setting, question.value),
          l10n.t('Setting: {0} in {1}. {2} Relay ignores it until you allow it; a changed value asks again.', question.setting, file, whyItMatters(question.setting)),
          l10n.t('Keep Ignoring'),
        ];
  // Enter shows the setting in its file, behind the question asked again; Escape keeps ignoring it.
  return (await askUnasked({ message, detail, actions: [allow] }, { title: show, show: () => revealSetting(question.file, question.setting) }, safe)) === allow;
};

/** The question's title: what the setting does, by its name in words (the key is in the detail). */
export function settingQuestion(setting: string, value: string): string {
  switch (setting) {
    case APPROVAL_MODE_KEY:
      return l10n.t('This workspace sets the approval mode to {0}. Allow it?', value);
    case 'relay.permissions':
      return l10n.t('This workspace adds the permission rule {0}. Allow it?', value);
    case 'relay.toolDiscoveryCommand':
      return l10n.t('This workspace sets the command that lists its own tools to {0}. Allow it?', value);
    case 'relay.toolCallCommand':
      return l10n.t('This workspace sets the command that runs its own tools to {0}. Allow it?', value);
    case CHECKPOINTS_ENABLED_KEY:
      return l10n.t('This workspace turns checkpoints off. Allow it?');
    case CHECKPOINT_LIMIT_KEYS.maxFileSizeMB:
      return l10n.t('This workspace lowers the size limit of a checkpointed file to {0} MB. Allow it?', value);
    case CHECKPOINT_LIMIT_KEYS.maxStorageMB:
      return l10n.t('This workspace lowers the checkpoint storage limit to {0} MB. Allow it?', value);
    default:
      return l10n.t('This workspace sets {0} to {1}. Allow it?', setting, value);
  }
}

/** Opens the settings file with the setting's line selected (top-level in settings.json, under "settings" in a .code-workspace). */
async function revealSetting(file: string, setting: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const tree = parseTree(document.getText());
  const node = tree && (findNodeAtLocation(tree, [setting]) ?? findNodeAtLocation(tree, ['settings', setting]));
  const property = node?.parent;
  const range = property ? new vscode.Range(document.positionAt(property.offset), document.positionAt(property.offset + property.length)) : undefined;
  await vscode.window.showTextDocument(document, { preview: true, ...(range ? { selection: range } : {}) });
}

function whyItMatters(setting: string): string {
  if (setting === APPROVAL_MODE_KEY) {
    const own = settingLayers<string>(APPROVAL_MODE_KEY).user ?? 'default';
    return l10n.t('It makes Relay ask less than your own approval mode ({0}).', own);
  }
  if (setting === 'relay.permissions') return l10n.t('An allow rule lets matching tool calls run without asking.');
  if (setting === CHECKPOINTS_ENABLED_KEY) return l10n.t('It turns off the checkpoints that let you restore files Relay changed.');
  if (Object.values<string>(CHECKPOINT_LIMIT_KEYS).includes(setting)) {
    return l10n.t('It lowers a checkpoint limit below yours, so fewer of the files Relay changes can be restored.');
  }
  return l10n.t('Relay runs this command on your machine.');
}

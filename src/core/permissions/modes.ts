// What each approval mode decides when no rule and no "always ask" case applies (behaviour 29).
import { l10n, type Said, sentences } from '../l10n';
import type { ApprovalMode, PermissionAction, ToolKind } from './types';

export interface ModeVerdict {
  action: PermissionAction;
  reason: Said;
}

export const MODE_LABELS: Record<ApprovalMode, string> = {
  default: 'Default mode',
  'auto-edit': 'Auto-edit mode',
  yolo: 'Yolo mode',
  plan: 'Plan mode',
};

/**
 * @param allInsideWorkspace whether every file the call writes is inside a workspace folder (auto-edit
 *   allows only those; the outside-workspace check asks separately in any case).
 * @param risk the tool's own reason that it may change things (an MCP tool without a read-only hint): an
 *   `execute` call that runs no command is asked about for that reason, not as "running commands".
 */
export function decideByMode(mode: ApprovalMode, kind: ToolKind, allInsideWorkspace: boolean, risk?: Said): ModeVerdict {
  if (kind === 'readonly') return { action: 'allow', reason: l10n.both('Read-only tools run in every mode.') };
  if (mode === 'plan') return { action: 'deny', reason: planModeRefusal(kind) };
  if (mode === 'yolo') return { action: 'allow', reason: l10n.both('Yolo mode runs everything no rule denies or asks for.') };
  if (kind === 'write') {
    if (mode === 'auto-edit' && allInsideWorkspace) {
      return { action: 'allow', reason: l10n.both('Auto-edit mode edits files inside the workspace without asking.') };
    }
    return { action: 'ask', reason: mode === 'auto-edit' ? l10n.both('Auto-edit mode asks before changing files.') : l10n.both('Default mode asks before changing files.') };
  }
  if (risk) {
    const asks = mode === 'auto-edit' ? l10n.both('Auto-edit mode asks before running such a tool.') : l10n.both('Default mode asks before running such a tool.');
    return { action: 'ask', reason: sentences(risk, asks) };
  }
  return { action: 'ask', reason: mode === 'auto-edit' ? l10n.both('Auto-edit mode asks before running commands.') : l10n.both('Default mode asks before running commands.') };
}

export function planModeRefusal(kind: ToolKind): Said {
  return kind === 'write'
    ? l10n.both('Plan mode allows only read-only tools, so this call may not change files. Describe the change in the plan instead, or ask the user to switch the approval mode.')
    : l10n.both('Plan mode allows only read-only tools, so this call may not run commands. Describe the change in the plan instead, or ask the user to switch the approval mode.');
}

// What each approval mode decides when no rule and no "always ask" case applies (behaviour 29).
import type { ApprovalMode, PermissionAction, ToolKind } from './types';

export interface ModeVerdict {
  action: PermissionAction;
  reason: string;
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
 */
export function decideByMode(mode: ApprovalMode, kind: ToolKind, allInsideWorkspace: boolean): ModeVerdict {
  const label = MODE_LABELS[mode];
  if (kind === 'readonly') return { action: 'allow', reason: 'Read-only tools run in every mode.' };
  if (mode === 'plan') return { action: 'deny', reason: planModeRefusal(kind) };
  if (mode === 'yolo') return { action: 'allow', reason: `${label} runs everything no rule denies or asks for.` };
  if (kind === 'write') {
    if (mode === 'auto-edit' && allInsideWorkspace) {
      return { action: 'allow', reason: `${label} edits files inside the workspace without asking.` };
    }
    return { action: 'ask', reason: `${label} asks before changing files.` };
  }
  return { action: 'ask', reason: `${label} asks before running commands.` };
}

export function planModeRefusal(kind: ToolKind): string {
  const what = kind === 'write' ? 'change files' : 'run commands';
  return `Plan mode allows only read-only tools, so this call may not ${what}. Describe the change in the plan instead, or ask the user to switch the approval mode.`;
}

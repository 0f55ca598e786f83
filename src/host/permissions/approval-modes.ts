// How each approval mode is named and shown (status bar, mode picker, chat). No `vscode` and no zod here:
// this is in the activation bundle, so the setting keys are repeated from the core's settings schema (a
// unit test keeps them equal).
import type { ApprovalMode } from '../../core/permissions/types';

export const APPROVAL_MODE_KEY = 'relay.approvalMode';
export const PERMISSION_RULES_KEY = 'relay.permissions';
export const SWITCH_APPROVAL_MODE_COMMAND = 'relay.switchApprovalMode';

/** Picker order: from most careful to least, with plan (no changes at all) last. */
export const APPROVAL_MODE_ORDER: readonly ApprovalMode[] = ['default', 'auto-edit', 'yolo', 'plan'];

export interface ModePresentation {
  label: string;
  /** A codicon id. */
  icon: string;
  /** One sentence; equal to the setting's enumDescriptions so settings.json and the picker say the same. */
  description: string;
  /** Yolo runs commands without asking: the status bar shows it in warning colours. */
  warning: boolean;
}

export const MODE_PRESENTATION: Record<ApprovalMode, ModePresentation> = {
  default: {
    label: 'Default',
    icon: 'shield',
    description: 'Ask before every file change and every command.',
    warning: false,
  },
  'auto-edit': {
    label: 'Auto-edit',
    icon: 'edit',
    description: 'Edit files inside the workspace without asking; ask before commands.',
    warning: false,
  },
  yolo: {
    label: 'Yolo',
    icon: 'flame',
    description:
      'Run everything without asking, except what a rule denies or asks for, files outside the workspace and sensitive files.',
    warning: true,
  },
  plan: {
    label: 'Plan',
    icon: 'checklist',
    description: 'Plan only: read-only tools run, file changes and commands are refused.',
    warning: false,
  },
};

export function isApprovalMode(value: unknown): value is ApprovalMode {
  return typeof value === 'string' && (APPROVAL_MODE_ORDER as readonly string[]).includes(value);
}

export interface StatusBarContent {
  text: string;
  tooltip: string;
  accessibilityLabel: string;
  warning: boolean;
}

export function statusBarContent(mode: ApprovalMode): StatusBarContent {
  const p = MODE_PRESENTATION[mode];
  return {
    text: `$(${p.icon}) Relay: ${p.label}`,
    tooltip: `Relay approval mode: ${p.label}. ${p.description}\nClick to switch.`,
    accessibilityLabel: `Relay approval mode: ${p.label}`,
    warning: p.warning,
  };
}

// How each approval mode is named and shown (status bar, mode picker, chat). No `vscode` and no zod here:
// this is in the activation bundle, so the setting keys are repeated from the core's settings schema (a
// unit test keeps them equal).
import { l10n } from '../../core/l10n';
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
    get label() {
      return l10n.t('Default');
    },
    icon: 'shield',
    get description() {
      return l10n.t('Ask before every file change and every command.');
    },
    warning: false,
  },
  'auto-edit': {
    get label() {
      return l10n.t('Auto-edit');
    },
    icon: 'edit',
    get description() {
      return l10n.t('Edit files inside the workspace without asking; ask before commands.');
    },
    warning: false,
  },
  yolo: {
    get label() {
      return l10n.t('Yolo');
    },
    icon: 'flame',
    get description() {
      return l10n.t('Run everything without asking, except what a rule denies or asks for, files outside the workspace and sensitive files.');
    },
    warning: true,
  },
  plan: {
    get label() {
      return l10n.t('Plan');
    },
    icon: 'checklist',
    get description() {
      return l10n.t('Plan only: read-only tools run, file changes and commands are refused.');
    },
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
    text: `$(${p.icon}) ${l10n.t('Relay: {0}', p.label)}`,
    tooltip: l10n.t('Relay approval mode: {0}. {1}\nClick to switch.', p.label, p.description),
    accessibilityLabel: l10n.t('Relay approval mode: {0}', p.label),
    warning: p.warning,
  };
}

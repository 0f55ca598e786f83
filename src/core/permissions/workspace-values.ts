// A repository's settings may only make Relay stricter. Workspace trust means "this folder's code may run", not
// "this folder may switch off my approvals": a workspace value that asks less than the user's own (a looser approval
// mode, an allow rule, a command Relay would run) takes effect only once the user confirmed that exact value from
// that exact file; until then the user's value (or the default) stays in effect. Stricter values apply at once.
// Pure decisions here; src/host/settings reads the layers and keeps the confirmations.
import { canonicalJson } from './loop-guard';
import type { ApprovalMode, PermissionRule } from './types';

/** The same text for equal values whatever the order of their object keys: the identity of a confirmation. */
export { canonicalJson };

/** A value set by a workspace: which setting, the value as written, and the file it came from. */
export interface WorkspaceValue<T = unknown> {
  setting: string;
  value: T;
  /** The settings file: a folder's `.vscode/settings.json` or a `.code-workspace` file. */
  file: string;
}

/** Whether the user confirmed this exact setting, value and file (a changed value or another file asks again). */
export type IsConfirmed = (value: WorkspaceValue) => boolean;

/** What is in effect, and the workspace value held back until the user confirms it (if any). */
export interface Decision<T> {
  value: T;
  pending: WorkspaceValue[];
}

/** From the most careful mode to the least: plan changes nothing, yolo asks for nothing. */
const CAREFULNESS: Record<ApprovalMode, number> = { plan: 3, default: 2, 'auto-edit': 1, yolo: 0 };

export function isApprovalModeValue(value: unknown): value is ApprovalMode {
  return typeof value === 'string' && Object.hasOwn(CAREFULNESS, value);
}

/** True when `mode` asks at least as often as `than`. */
export function isAtLeastAsCareful(mode: ApprovalMode, than: ApprovalMode): boolean {
  return CAREFULNESS[mode] >= CAREFULNESS[than];
}

/**
 * The approval mode in effect. An unknown value (a typo) means the careful default, wherever it is written; a
 * workspace mode at least as careful as the user's applies; a looser one only once confirmed.
 */
export function decideApprovalMode(user: unknown, workspace: WorkspaceValue | undefined, confirmed: IsConfirmed): Decision<ApprovalMode> {
  const own = isApprovalModeValue(user) ? user : 'default';
  if (!workspace) return { value: own, pending: [] };
  const wanted = isApprovalModeValue(workspace.value) ? workspace.value : 'default';
  if (isAtLeastAsCareful(wanted, own) || confirmed(workspace)) return { value: wanted, pending: [] };
  return { value: own, pending: [workspace] };
}

/**
 * The workspace's rules that count: `ask` and `deny` rules only add questions and refusals (a deny always wins,
 * an ask never lets anything through without the user), so they apply at once; each `allow` rule counts once the
 * user confirmed that rule from that file.
 */
export function decideWorkspaceRules(setting: string, rules: readonly PermissionRule[], file: string, confirmed: IsConfirmed): Decision<PermissionRule[]> {
  const value: PermissionRule[] = [];
  const pending: WorkspaceValue[] = [];
  for (const rule of rules) {
    const asWorkspaceValue: WorkspaceValue = { setting, value: rule, file };
    if (rule.action !== 'allow' || confirmed(asWorkspaceValue)) value.push(rule);
    else pending.push(asWorkspaceValue);
  }
  return { value, pending };
}

/**
 * A command line Relay would run (`relay.toolDiscoveryCommand`, `relay.toolCallCommand`): a workspace may switch
 * it off (an empty value) or repeat the user's own; any other command runs only once confirmed.
 */
export function decideCommandSetting(user: string, workspace: WorkspaceValue | undefined, confirmed: IsConfirmed): Decision<string> {
  if (!workspace) return { value: user, pending: [] };
  const wanted = typeof workspace.value === 'string' ? workspace.value.trim() : '';
  if (wanted === '' || wanted === user || confirmed(workspace)) return { value: wanted, pending: [] };
  return { value: user, pending: [workspace] };
}

/**
 * A switch that protects the user (`relay.checkpoints.enabled`: checkpoints let them undo what Relay changed): a
 * workspace may turn it on, or leave it as the user has it; turning it off counts only once confirmed. A value
 * that is not a boolean is ignored.
 */
export function decideSafetySwitch(user: boolean, workspace: WorkspaceValue | undefined, confirmed: IsConfirmed): Decision<boolean> {
  if (!workspace || typeof workspace.value !== 'boolean') return { value: user, pending: [] };
  if (workspace.value || !user || confirmed(workspace)) return { value: workspace.value, pending: [] };
  return { value: user, pending: [workspace] };
}

/**
 * A limit that bounds a protection (`relay.checkpoints.maxFileSizeMB`, `maxStorageMB`: a file over the size is not
 * kept, a store over the cap drops its oldest checkpoints): a workspace may raise it or repeat the user's; a lower
 * one counts only once confirmed, or `maxFileSizeMB: 0` would turn checkpoints off without the question that
 * `enabled: false` gets. A value that is not a finite number is ignored.
 */
export function decideLowerLimit(user: number, workspace: WorkspaceValue | undefined, confirmed: IsConfirmed): Decision<number> {
  if (!workspace || typeof workspace.value !== 'number' || !Number.isFinite(workspace.value)) return { value: user, pending: [] };
  if (workspace.value >= user || confirmed(workspace)) return { value: workspace.value, pending: [] };
  return { value: user, pending: [workspace] };
}

/** The key a confirmation is stored under: setting, exact value and file (and for a key, the provider it is for). */
export function confirmationId(value: WorkspaceValue, subject = ''): string {
  return JSON.stringify([value.setting, canonicalJson(value.value), value.file, subject]);
}

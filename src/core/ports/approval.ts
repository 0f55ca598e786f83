// Asking before a tool acts (tool-system.md §9). The agent loop calls one `ApprovalGate` per tool call;
// the host decides with the permission policy and, when the policy asks, through an `ApprovalPrompter`
// (a native modal in VS Code, scripted answers in tests).
import type { ApprovalMode, DecisionAudit, PermissionRule, ToolKind, ToolTargets } from '../permissions/types';
import type { Said } from '../l10n';
import type { ReviewVerdict } from '../tools/types';
import type { SandboxAllowance } from '../sandbox/allowance';

/** The edit a write call would make, so the prompt can show its size and open the preview. */
export interface ApprovalDiff {
  /** Absolute path of the file being changed. */
  path: string;
  added: number;
  removed: number;
  /** Shows the proposed change (the diff editor); the prompt is asked again afterwards. */
  open(): Promise<void>;
  /** Lets the user decide in the diff editor, hunk by hunk; present when the change can be reviewed there. */
  review?(signal: AbortSignal): Promise<ReviewVerdict>;
}

export interface ApprovalRequest {
  callId: string;
  toolName: string;
  kind: ToolKind;
  /** What the call touches, taken from its params by the tool: the policy never reads params itself. */
  targets: ToolTargets;
  /** The call's arguments as the model sent them, for the loop guard; `targets` stands in when absent. */
  args?: unknown;
  /** One line for people, e.g. the tool's own description of the call. */
  summary?: string;
  /** The tool's own reason that the call may change things (see `ToolPreparation.risk`). */
  risk?: Said;
  /** The tool says the call may delete or overwrite data (see `ToolPreparation.destructive`). */
  destructive?: boolean;
  /** The tool's name for people, in the display language ("Run Command", an MCP tool's title and server). */
  displayName?: string;
  diff?: ApprovalDiff;
  /** What configured hooks answered for this call: allow (like an allow rule) or ask. */
  hook?: { action: 'allow' | 'ask'; reason: Said };
  /** The task's approval mode when it is not the user's: the agent's own (agent-mode.ts decides when it may be looser). */
  mode?: ApprovalMode;
}

/** The decision as stored in task history: how the call was allowed or denied (mode, rule or the user's answer). */
export interface ApprovalAudit extends DecisionAudit {
  callId: string;
  /** ISO time the decision was reached. */
  decidedAt: string;
  /** Rules written to settings by an "Always allow" answer. */
  savedRules?: PermissionRule[];
}

export type ApprovalOutcome =
  | { allowed: true; audit: ApprovalAudit }
  | {
      allowed: false;
      /** For people, in the display language: why the call was refused. */
      reason: string;
      /** For the model's tool result: the refusal, with the user's reason when they gave one. */
      messageForModel: string;
      audit: ApprovalAudit;
    };

export interface ApprovalGate {
  /**
   * Decides one call: by rule or mode, or by asking the user. Never throws for a refusal or a failure
   * (those are denials); rejects with an `AbortError` only when `signal` aborts first.
   */
  approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalOutcome>;
}

/** What the user is asked. The prompter renders it; the gate decides what each answer means. */
export interface ApprovalPrompt {
  callId: string;
  toolName: string;
  /** The tool's name for people (the modal's words); `toolName` only on the detail's last line. */
  displayName?: string;
  kind: ToolKind;
  /** The question, one line. */
  message: string;
  /** Everything needed to decide: command line, working directory, trigger, files, line counts, real paths. */
  detail: string;
  /** Present when an "Always allow" rule can settle this call: the rules that would be saved, shown before saving. */
  alwaysAllow?: {
    rules: PermissionRule[];
    /** Where they would be saved, for people: "Workspace settings" or "User settings". */
    target: string;
  };
  /**
   * Present on a "Run outside the sandbox…" prompt when what the sandboxed run needed can be added to the sandbox
   * instead (a domain, a folder to write): the "always allow" that keeps the command inside it.
   */
  sandboxAllowance?: SandboxAllowance;
  /** Whether an "Open Diff" answer is possible. */
  offersDiff: boolean;
  /** Whether a "Review Changes" answer is possible: the decision moves to the diff editor, hunk by hunk. */
  offersReview?: boolean;
  /**
   * The policy marks this call dangerous (a check no rule can allow: an environment variable that loads code, a
   * path outside the workspace, the loop guard), or the tool says it is destructive: the modal's default button,
   * the one Enter presses, is Deny.
   */
  denyByDefault?: boolean;
}

export type PromptAnswer =
  | { type: 'allow-once' }
  /** Saves `prompt.alwaysAllow.rules`; the prompter has shown them and the user confirmed. */
  | { type: 'always-allow' }
  /** Adds `prompt.sandboxAllowance` to the sandbox; the command is not run outside it. */
  | { type: 'allow-in-sandbox' }
  | { type: 'deny' }
  | { type: 'deny-with-reason'; reason: string }
  /** Show the diff, then ask again. */
  | { type: 'open-diff' }
  /** Decide in the diff editor: accepting some hunks allows them, rejecting all denies, closing it asks again. */
  | { type: 'review' }
  /** Escape or a closed dialog: a denial. */
  | { type: 'dismissed' };

export interface ApprovalPrompter {
  ask(prompt: ApprovalPrompt): Promise<PromptAnswer>;
}

/** A subscription in the shape of `vscode.Event`, so ports stay free of `vscode`. */
export type Subscribe<T> = (listener: (event: T) => void) => { dispose(): void };

/** Workspace trust as the approval side needs it; in VS Code, `workspace.isTrusted` and its grant event. */
export interface WorkspaceTrust {
  readonly trusted: boolean;
  /** Trust can only be granted while a window is open (revoking it reloads the window). */
  readonly onDidGrant: Subscribe<void>;
}

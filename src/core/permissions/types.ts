// The vocabulary of the permission system (tool-system.md §9): modes, rules, requests, decisions and their audit.
// Everything here is plain data so a decision can be stored in task history and shown in a modal as is.
import type { Said } from '../l10n';

/** How much the agent may do without asking (behaviour 29). */
export type ApprovalMode = 'default' | 'auto-edit' | 'yolo' | 'plan';

export type ToolKind = 'readonly' | 'write' | 'execute';

export type PermissionAction = 'allow' | 'ask' | 'deny';

/** What a rule's pattern is matched against: a shell command, a file path or a web domain. */
export type RuleSubject = 'command' | 'path' | 'domain';

/** A rule as written in settings (behaviour 30). */
export interface PermissionRule {
  /** `*` or one tool name, e.g. `run_command`, `write_file`. */
  tool: string;
  /** A command prefix or glob for commands, a path glob for files. */
  pattern: string;
  action: PermissionAction;
  /** Restricts the rule to commands or to paths; when absent it applies to whichever the tool has. */
  subject?: RuleSubject;
  /** Why the rule exists; shown to the user, and to the model when the rule denies. */
  reason?: string;
}

/** Where a rule came from, so an audit can say "your settings" or "Relay's defaults". */
export type RuleOrigin = 'default' | 'settings';

/** A rule as it appears in a decision: plain data, with its origin and (for shipped rules) a stable id. */
export interface RuleRef {
  tool: string;
  pattern: string;
  action: PermissionAction;
  subject?: RuleSubject;
  reason?: string;
  origin: RuleOrigin;
  id?: string;
}

/**
 * What a tool exposes to the policy, extracted from its own params: the files it touches and/or the
 * command it runs. The policy never looks inside tool params, so it stays tool-agnostic.
 */
export interface ToolTargets {
  paths?: readonly string[];
  command?: string;
  /** Directory relative paths and the command start from; defaults to the first workspace folder. */
  cwd?: string;
  /** A web address the call fetches; rules match its host (`docs.python.org`, `*.python.org`). */
  url?: string;
}

/** What the loop guard saw for this call (behaviour 34). */
export interface LoopObservation {
  /** How many times in a row this exact call has been made, this one included. */
  consecutive: number;
  /** True when the call has reached the repeat threshold and must be confirmed. */
  repeated: boolean;
}

export interface PermissionRequest {
  toolName: string;
  /** The tool's name for people ("Run Command"): what a reason the user reads says; the model reads `toolName`. */
  displayName?: string;
  kind: ToolKind;
  targets?: ToolTargets;
  /** From `LoopGuard.observe`; when `repeated`, an otherwise allowed call asks. */
  loop?: LoopObservation;
  /** Why a call without targets may change things, from the tool itself (an MCP tool's annotations). */
  risk?: Said;
  /** What configured hooks answered (hook-verdict.ts): an allow counts as an allow rule, an ask always asks. */
  hook?: { action: 'allow' | 'ask'; reason: Said };
  /** The approval mode of this call's task when it is not the user's (an agent's own mode, already agreed). */
  mode?: ApprovalMode;
}

/**
 * Facts about the file system and workspace, supplied by the host (VS Code or Node in tests), so that
 * the decision logic stays pure. Paths are absolute, in the host's native style.
 */
export interface FileSystemFacts {
  readonly workspaceFolders: readonly string[];
  readonly homeDir: string;
  /** Case-insensitive file systems (default macOS, Windows) compare paths, and command names, ignoring case. */
  readonly caseInsensitive: boolean;
  /** `windows` accepts `\` separators and drive letters. Defaults to `posix`. */
  readonly pathStyle?: 'posix' | 'windows';
  /** The OS, for its path limits and forms (path-platform.ts); defaults to the one the path style implies. */
  readonly os?: 'linux' | 'darwin' | 'win32';
  /** Absolute paths of the files holding approval rules and settings: writing them always asks. */
  readonly protectedFiles?: readonly string[];
  /**
   * Relay's own folders that read-only tools may read without asking although they lie outside the workspace
   * (the full text of truncated tool output, behaviour 25). Real paths; writing there is not affected.
   */
  readonly readableDirs?: readonly string[];
  /** The real path with symlinks resolved, or undefined when nothing exists at that path. */
  realpath(path: string): Promise<string | undefined>;
  /**
   * Whether a file exists at that path (symlinks followed). Without it, a path that resolves counts as one:
   * the queries that a workspace file can make run code (launch-files.ts) then ask.
   */
  fileExists?(path: string): Promise<boolean>;
}

/** What one check looked at. */
export type CheckSubject =
  /** The call as a whole: mode, plan refusal, loop guard. */
  | { type: 'call' }
  /**
   * One sub-command of a shell command line. `cause` is what made a command that is otherwise read-only or
   * allowed ask: the flag or operand (`-delete`, `--output=x`) or the environment variable (`LD_PRELOAD`).
   */
  | { type: 'command'; text: string; argv: string[]; cause?: string }
  /** The domain of a URL the tool fetches. */
  | { type: 'domain'; host: string; url: string }
  /** A file the tool (or a sub-command's argument or redirection) reads or writes. */
  | {
      type: 'path';
      /** As given. */
      path: string;
      /** Absolute, symlinks resolved. */
      resolved: string;
      /** Relative to the workspace folder holding it, when inside one. */
      workspacePath?: string;
      access: 'read' | 'write';
      /** The sub-command that names the file, for paths found in a command line. */
      command?: string;
    };

/** How a verdict was reached; the audit names it so history can explain any decision. */
export type DecisionBasis =
  | 'mode'
  | 'rule'
  | 'plan-mode'
  | 'restricted-mode'
  | 'outside-workspace'
  | 'sensitive-path'
  | 'device-write'
  /** A path the OS would read differently from how it was checked (NUL, `~`, a URI, `.env.` on Windows…). */
  | 'invalid-path'
  | 'unparseable'
  | 'dynamic-command'
  | 'opaque-script'
  | 'download-to-interpreter'
  | 'fork-bomb'
  | 'too-complex'
  /** An environment variable that changes what runs (`LD_PRELOAD`, `GIT_PAGER`, `PATH`). */
  | 'environment'
  /** Output that would carry a credential to the model (`echo $GITHUB_TOKEN`, `env`, `/proc/self/environ`). */
  | 'secret-output'
  /** A redirection into a file (`> out.txt`): a write, judged by the mode unless a rule names it. */
  | 'redirect'
  | 'analysis-failed'
  | 'no-target'
  /** Relay's own saved tool output, read by a read-only tool. */
  | 'relay-output'
  | 'loop-guard'
  /** A configured hook's allow or ask (src/core/customization/hooks). */
  | 'hook'
  /** Asked only because it runs code, and runs in the OS sandbox (core/sandbox/approval.ts). */
  | 'sandbox'
  | 'user';

export interface PermissionCheck {
  subject: CheckSubject;
  action: PermissionAction;
  basis: DecisionBasis;
  /** English: the audit's and, when it denies, the model's. */
  reason: string;
  /** The same sentence in the display language, for the modal and the card. */
  uiReason: string;
  rule?: RuleRef;
  /** Whether an allow rule could ever settle this check; false for the "always ask" cases. */
  allowRuleCanOverride: boolean;
  /**
   * Set on an ask that comes only from the mode asking before code runs (`npm test`, `make`, a workspace script):
   * no rule, no flag or operand that changes files, no path. An OS sandbox can settle exactly these.
   */
  asksBecause?: 'runs-code';
  /**
   * Why this call asks, for the modal's "Why" line (display language), where the reason is the mode's general
   * sentence ("Default mode asks before running commands"): not allow-listed, runs code, what a flag does.
   */
  uiWhy?: string;
}

/** The user's answer to an ask (behaviour 33). */
export type UserAnswer =
  | { type: 'allow-once' }
  | { type: 'always-allow'; rules: PermissionRule[] }
  | { type: 'deny' }
  /** `uiReason`: the same reason in the display language, when Relay wrote it (a review that rejected everything). */
  | { type: 'deny-with-reason'; reason: string; uiReason?: string };

export interface DecisionAudit {
  toolName: string;
  kind: ToolKind;
  mode: ApprovalMode;
  action: PermissionAction;
  basis: DecisionBasis;
  rule?: RuleRef;
  /** Every check that contributed, in order: sub-commands, paths, findings. */
  checks: PermissionCheck[];
  loop?: LoopObservation;
  /** Set once the user answered an ask. */
  answer?: UserAnswer;
}

export interface Decision {
  action: PermissionAction;
  /** One sentence in English: the model's when denied, and the audit's. */
  reason: string;
  /** The same sentence for people, in the display language. */
  uiReason: string;
  /** The deciding check's `uiWhy`: why this call asks, where the reason is the mode's general sentence. */
  uiWhy?: string;
  /** The sub-command or path that caused the ask or deny; absent when the call as a whole did. */
  trigger?: CheckSubject;
  rule?: RuleRef;
  audit: DecisionAudit;
}

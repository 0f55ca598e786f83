// Hooks: programs a team configured to run at points of a task (before a tool runs, when a prompt is sent…).
// Plain data shared by the parsers, the wire formats and the runner; no I/O here.

/** Relay's event names (Claude Code's spelling); other sources' names are mapped onto these when read. */
export const HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'Notification',
  'SessionEnd',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/**
 * Whose conventions a hook follows: its stdin field names, its exit codes and its output.
 * `claude`: Claude Code settings, Relay's own files and the `relay.hooks` setting (snake_case stdin, exit 2 blocks);
 * `copilot`: `.github/hooks/*.json` (camelCase stdin, the same outputs); `cline`: `.clinerules/hooks/<Event>`
 * (any failure blocks, `{cancel}` on stdout).
 */
export type HookStyle = 'claude' | 'copilot' | 'cline';

/** Where a hook was defined; `user` hooks run without the workspace confirmation. */
export type HookOrigin = 'user' | 'workspace';

export interface HookDefinition {
  /** Stable within one load: file, event, index; shown on cards and in Show Customizations. */
  id: string;
  event: HookEvent;
  style: HookStyle;
  origin: HookOrigin;
  /** The file it came from (workspace-relative for repository files), or `relay.hooks` for the setting. */
  source: string;
  /** The source's own event name when it differs (Cline's `TaskResume`), to tell apart events Relay merges. */
  nativeEvent?: string;
  /** Claude-style matcher on the tool name; undefined matches everything. */
  matcher?: string;
  /** The shell command line (for Cline: the script's path, run directly). */
  command: string;
  /** Working directory, relative to the workspace root or absolute; default the workspace root. */
  cwd?: string;
  env?: Record<string, string>;
  timeoutMs: number;
  /** Cline: a digest of the script's text, so an edited script is confirmed again like a changed command line. */
  scriptDigest?: string;
  /** A `.github/hooks` handler written for the Copilot CLI (`bash` / `powershell`), whose stdin differs from VS Code's. */
  copilotCli?: boolean;
}

/** A problem found while reading a hooks file, at its line when known. */
export interface HookConfigProblem {
  source: string;
  line?: number;
  message: string;
}

export interface HookConfig {
  hooks: HookDefinition[];
  problems: HookConfigProblem[];
}

/** What a finished hook process did. */
export interface HookProcessResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The process could not be started (spawn failure, sandbox refused). */
  spawnError?: string;
}

export type HookPermission = 'allow' | 'ask' | 'deny';

/** One hook's answer, in Relay's terms, whatever its source's wire format. */
export interface HookVerdict {
  /** PreToolUse: a permission decision. Other blocking events: `deny` means block. */
  permission?: HookPermission;
  /** Why it decided so (its stderr for exit 2, its `reason` / `permissionDecisionReason`). */
  reason?: string;
  /** PreToolUse: replacement tool input (in the source's or Relay's field names). */
  updatedInput?: Record<string, unknown>;
  /** Text for the model (`additionalContext`, plain stdout where the source reads it, Cline's contextModification). */
  context?: string;
  /** `continue: false`: the whole task stops, with this reason. */
  stop?: { reason?: string };
  /** Shown to the user only. */
  systemMessage?: string;
  /** The hook itself failed (non-blocking error exit, bad JSON, timeout): shown, never silent. */
  failure?: { kind: 'timeout' | 'error' | 'spawn'; detail: string };
}

/** One hook run, as cards and Show Customizations report it. */
export interface HookRunReport {
  hookId: string;
  event: HookEvent;
  /** Whose semantics its answer follows (a Cline TaskStart that cancels stops the task). */
  style?: HookStyle;
  source: string;
  command: string;
  verdict: HookVerdict;
  durationMs: number;
}

/** Everything the hooks of one event said, combined: deny beats ask beats allow. */
export interface HookOutcome {
  permission?: HookPermission;
  /** The deciding hook's reason, and which hook. */
  reason?: string;
  decidedBy?: HookRunReport;
  updatedInput?: Record<string, unknown>;
  context: string[];
  stop?: { reason?: string; hook: HookRunReport };
  runs: HookRunReport[];
}

// A slash command (Claude Code and OpenCode commands, Copilot prompt files, Roo commands, Cline and Kilo
// workflows, Cursor commands, Relay's own) as Relay keeps it: a prompt template, the argument syntax of the source
// it came from, and what the turn it starts runs with (agent, model, tools, pre-approved tools).

/**
 * Whose placeholders the body uses; each source's syntax applies only to its own files:
 * - claude: `$ARGUMENTS`, `$1`…`$9`; arguments appended when the body has no placeholder (Claude Code, Relay).
 * - opencode: `$ARGUMENTS`, `$1`…`$9`; nothing appended.
 * - copilot: `${input:name}`, `${input:name:placeholder}`, `${selection}`, `${file}` and the other prompt-file variables.
 * - plain: no placeholder; the arguments follow the text (Roo, Cline, Kilo, Cursor).
 */
export type ArgumentSyntax = 'claude' | 'opencode' | 'copilot' | 'plain';

export interface SlashCommand {
  /** The name its source gives it: the file name, with Claude's subfolders (`frontend:component`) or OpenCode's (`team/review`). */
  name: string;
  /** What is typed after "/": the name when no other source defines it, else `prefix:name`. */
  id: string;
  /** The source's prefix: claude, copilot, roo, cline, kilo, cursor, opencode, relay. */
  prefix: string;
  /** The format, for people: "Claude Code command". */
  source: string;
  path: string;
  /** A file from the user's home folder rather than the workspace. */
  userLevel: boolean;
  description?: string;
  argumentHint?: string;
  body: string;
  syntax: ArgumentSyntax;
  /** Whether `` !`cmd` `` in the body runs (Claude Code, OpenCode, Relay). */
  shell: boolean;
  /** Whether `@path` in the body includes that workspace file (Claude Code, OpenCode, Relay). */
  fileIncludes: boolean;
  /** The agent the turn runs with (Copilot's `agent`/`mode`, OpenCode's `agent`). */
  agent?: string;
  /** The model of the turn. */
  model?: string;
  /** The turn's tools: only these (Copilot's `tools`). */
  tools?: string[];
  /** OpenCode's `subtask`: the turn runs as a sub-agent (new_task) and only its report joins the conversation. */
  subtask?: boolean;
  /** Tools pre-approved for the turn (Claude's `allowed-tools`): an allow like a user's rule, never past a deny. */
  allowedTools?: string[];
}

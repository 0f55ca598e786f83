// An agent (Claude sub-agent, Copilot custom agent or chat mode, Roo/Kilo mode, OpenCode agent, Relay's own) as
// Relay keeps it: a role, where its prompt goes, which tools it may use, which files it may edit, its model.

/**
 * - system: the body is the agent's own instructions, first in the system prompt (Claude sub-agents, OpenCode, Relay).
 * - role-first: Roo's roleDefinition opens the system prompt; its customInstructions follow the rules.
 * - user: added to the user's turn (Copilot custom agents and chat modes).
 */
export type PromptPlacement = 'system' | 'role-first' | 'user';

export interface Handoff {
  label: string;
  agent: string;
  prompt?: string;
  /** Send at once instead of filling the chat box. */
  send?: boolean;
}

/** Edits allowed only to paths matching (Roo's fileRegex, a regular expression) or by OpenCode's edit patterns. */
export interface FileRestriction {
  regex?: string;
  /** Glob → action, the last match wins (OpenCode's `permission.edit` map). */
  patterns?: { glob: string; action: 'allow' | 'ask' | 'deny' }[];
  description?: string;
}

export interface AgentDefinition {
  /** Unique id (slug or file name); a clash gets the source's prefix, e.g. "claude:reviewer". */
  id: string;
  /** For people. */
  name: string;
  source: string;
  path: string;
  /** For people (the picker, Show Customizations); the model reads it too unless `whenToUse` is given. */
  description?: string;
  /** For the model, when it chooses a sub-agent (Roo's and Kilo's `whenToUse`); people see `description`. */
  whenToUse?: string;
  prompt: string;
  placement: PromptPlacement;
  /** Extra instructions after the rules (Roo's customInstructions). */
  instructions?: string;
  /** Peer tool names or groups allowed; undefined: every tool. */
  allow?: string[];
  /** Peer tool names or groups denied. */
  deny: string[];
  /** Models in order of preference. */
  models: string[];
  approvalMode?: 'default' | 'auto-edit' | 'yolo' | 'plan';
  files?: FileRestriction;
  handoffs: Handoff[];
  /** Whether the model may delegate to it through new_task (Copilot's disable-model-invocation, OpenCode's mode). */
  modelInvocable: boolean;
  /** Whether people pick it in the composer (OpenCode's `mode: subagent` and Copilot's `user-invocable: false` are not). */
  userInvocable: boolean;
}

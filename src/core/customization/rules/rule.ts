// A rule (instructions file) as Relay keeps it, whatever format it came from: its text and when it applies.

/**
 * - always: in every turn.
 * - glob: when the turn reads, edits or mentions a file matching `globs`.
 * - nested: an AGENTS.md / CLAUDE.md in a subfolder, for files under that folder (the closest one wins).
 * - catalogue: listed by name and description; the model reads it when it judges it relevant.
 * - manual: only when the user names it (`@name` in the message).
 * - mode: only while the agent with slug `mode` is selected (Roo's `.roo/rules-<slug>/`).
 */
export type RuleActivation = 'always' | 'glob' | 'nested' | 'catalogue' | 'manual' | 'mode';

export interface Rule {
  /** A short name, unique within the set (the file's name, with a folder or source prefix on a clash). */
  name: string;
  /** Absolute path of the file. */
  path: string;
  /** Path as shown (relative to its workspace folder). */
  display: string;
  /** The format, e.g. "Cursor rule". */
  source: string;
  activation: RuleActivation;
  /** Globs relative to `base` (activation "glob"). */
  globs?: readonly string[];
  /** Absolute folder the globs (or a nested file's scope) are relative to. */
  base: string;
  description?: string;
  /** Agent slug for activation "mode". */
  mode?: string;
  text: string;
}

/** What the prompt gets for one turn. */
export interface ChosenRules {
  /** In prompt order: always-on first, then nested and glob rules, each group in file order. */
  active: { rule: Rule; why: string }[];
  /** Model-requested rules the model may read by path. */
  catalogue: Rule[];
}

// Where the content of each kind of mention comes from. The host implements each with a small VS Code adapter
// (diagnostics, shell integration, the git extension, the active editor, the web fetcher); tests with fakes.
import type { ProblemEntry, SelectionText, TerminalOutput } from '../mentions/attachments';

export type { ProblemEntry, SelectionText, TerminalOutput };

export type PathKind = 'file' | 'folder';

export interface WorkspacePaths {
  /** What a workspace-relative path names, or undefined when it does not exist or lies outside the workspace. */
  kind(path: string): Promise<PathKind | undefined>;
  /** The text of a file as the user sees it (unsaved changes included). Throws when unreadable or binary. */
  readText(path: string): Promise<string>;
  /** The tree under a folder, depth-first, relative to it, folders ending in "/"; at most `limit` entries. */
  listTree(path: string, limit: number): Promise<{ entries: string[]; truncated: boolean }>;
}

export interface MentionSources {
  paths: WorkspacePaths;
  problems(): Promise<ProblemEntry[]>;
  /** The last command run in a terminal with shell integration, or undefined when none is known. */
  lastTerminalCommand(): Promise<TerminalOutput | undefined>;
  /** The working tree's uncommitted diff, or undefined when there is no repository. */
  uncommittedChanges(): Promise<string | undefined>;
  /** The active editor's selection, or undefined when nothing is selected. */
  selection(): Promise<SelectionText | undefined>;
  /** A web page as Markdown; absent until a fetcher is wired in. */
  fetchPage?(url: string, signal: AbortSignal): Promise<{ markdown: string; title?: string }>;
}

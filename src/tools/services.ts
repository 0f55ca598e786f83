// What the built-in tools need from their host, as one bundle of ports. The extension builds it from the VS Code
// adapters in src/host; unit tests build it from test/support/in-memory-host.ts. Nothing here imports `vscode`.
import type { CommandRunner } from '../core/ports/command-runner';
import type { DiagnosticsSource, DiagnosticsWaitOptions } from '../core/ports/diagnostics';
import type { EditApplier, EditReviewer } from '../core/ports/edit-review';
import type { FileSearch } from '../core/ports/file-search';
import type { LanguageFeatures } from '../core/ports/language-features';
import type { PageChecker } from '../core/ports/page-check';
import type { TaskProcesses } from '../core/ports/processes';
import type { UserQuestions } from '../core/ports/user-questions';
import type { WebFetcher } from '../core/ports/web-fetch';
import type { WorkspaceFiles } from '../core/ports/workspace-files';
import type { LanguageWaitOptions } from '../core/code-intel/language-wait';
import type { TodoStatus } from '../core/tools';

export interface TodoItem {
  text: string;
  status: TodoStatus;
}

/** Where todo_write's checklist goes (the task's state, shown by the chat); the list is replaced whole each time. */
export interface TodoSink {
  update(taskId: string, items: readonly TodoItem[]): void;
}

/** What web_fetch needs: the fetcher, and the user's rules on private addresses (see `privateAddressAllowed`). */
export interface WebAccess {
  fetcher: WebFetcher;
  allowsPrivateAddress(toolName: string, host: string, address: string): boolean;
}

export interface BuiltinToolOptions {
  /**
   * Open the diff editor as soon as an edit is proposed (before the approval question). When false, the
   * approval prompt's "Open Diff" opens it on demand, so auto-approved edits never flash an editor.
   */
  previewEdits?: boolean;
  /** How long to wait for the language servers after an edit (by event: first change, then quiet). */
  diagnosticsWait?: Omit<DiagnosticsWaitOptions, 'signal'>;
  /** How long the code-intelligence tools wait for a language server that is still starting. */
  languageWait?: Omit<LanguageWaitOptions, 'signal'>;
  /** run_command's default and largest timeout. */
  commandTimeoutMs?: { default: number; max: number };
}

export interface ToolServices {
  files: WorkspaceFiles;
  search: FileSearch;
  /** Runs a command to its end; used by run_command only in hosts without `processes`. */
  commands: CommandRunner;
  /** The task's processes (foreground and background commands, read_output, send_input, …); the extension always has them. Also how web_fetch and check_page know the task's own server. */
  processes?: TaskProcesses;
  reviewer: EditReviewer;
  applier: EditApplier;
  diagnostics: DiagnosticsSource;
  questions: UserQuestions;
  todos: TodoSink;
  /** Without it, web_fetch is not offered. */
  web?: WebAccess;
  /** check_page's headless browser; without it (or without `web`), check_page is not offered. */
  pages?: PageChecker;
  /** The editor's language features (symbols, definitions, references, hover, calls, rename). */
  language: LanguageFeatures;
  /** Variables every command of the task sees (a parallel task's RELAY_PORT and its worktree); none by default. */
  commandEnv?: Readonly<Record<string, string>>;
  /** Absolute workspace folders, read at call time (folders can be added while a task runs); the first resolves relative paths. */
  workspaceRoots(): readonly string[];
  options?: BuiltinToolOptions;
}

export const DEFAULT_DIAGNOSTICS_WAIT: Omit<DiagnosticsWaitOptions, 'signal'> = { firstEventMs: 300, quietMs: 150, deadlineMs: 3000 };

export const DEFAULT_COMMAND_TIMEOUT_MS = { default: 120_000, max: 600_000 };

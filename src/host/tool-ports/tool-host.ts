// The built-in tools' ports on the real VS Code adapters: files, VS Code's ripgrep, the task's processes (each
// in a terminal of its own), the diff editor for proposals, one WorkspaceEdit per call (remembered for "Open diff"),
// diagnostics, and questions answered in the chat.
import * as vscode from 'vscode';
import { VsCodeDiagnostics } from '../language/diagnostics-source';
import { DiffPreviewer } from '../review/diff-preview';
import { createFileSearch } from '../file-search';
import { VsCodeLanguageFeatures } from '../language/language-features';
import { readModelSettings } from '../model/model-settings';
import { PROPOSAL_SCHEME, ProposalFileSystem } from '../editing/proposal-fs';
import { AppliedEdits } from './applied-edits';
import { CardDiffs } from './card-diffs';
import { ReviewDecorations } from '../review/review-decorations';
import { ReviewLenses } from '../review/review-lenses';
import { PendingQuestions } from './pending-questions';
import { ChildProcessRunner } from '../processes/child-process-runner';
import { createProcessManager } from '../processes/wiring';
import type { ProcessManager } from '../processes/process-manager';
import { WorkspaceEditApplier } from '../editing/workspace-edit-applier';
import { VsCodeWorkspaceFiles } from '../editing/workspace-files';
import type { BuiltinToolOptions, TodoItem, ToolServices } from '../../tools';
import { createWebFetcher } from '../web';
import { createPageChecker } from '../browser';
import { createSandboxHost, type SandboxHost } from '../sandbox';

export interface ToolHost extends vscode.Disposable {
  services: ToolServices;
  questions: PendingQuestions;
  diffs: CardDiffs;
  /** Per-hunk review in the diff editor: commands and their context key, lenses (labels and hovers live beside them). */
  review: ReviewLenses;
  processes: ProcessManager;
  /** The OS sandbox foreground run_command calls run in, when the extension's folder was given. */
  sandbox?: SandboxHost;
}

/** The user's rules on private addresses, read at call time (the approval service is built after the tools). */
export type PrivateAddressRules = (toolName: string, host: string, address: string) => boolean;

/** Where the process manager keeps output logs and the records of running processes (see processes/wiring.ts). */
export interface ToolHostStorage {
  logDir: string;
  recordsPath?: string;
  /** Where the sandbox records the mount points its commands may leave (see sandbox/placeholders.ts). */
  placeholderDir?: string;
  /** VS Code's global storage of every extension (`<user data>/User/globalStorage`), which commands may not read. */
  vscodeGlobalStorage?: string;
}

export interface ToolHostOptions {
  storage?: ToolHostStorage;
  /** The extension's folder, where the sandbox runtime's bundle is. */
  extensionPath?: string;
  /** Domains the user allowed for web_fetch, which sandboxed commands may reach too. */
  webFetchDomains?: () => readonly string[];
  /** Told each question ask_followup_question puts to the person (Notification hooks). */
  onQuestion?: (callId: string, question: string) => void;
}

export function createToolHost(log: vscode.LogOutputChannel, privateAddressRules: PrivateAddressRules, hostOptions: ToolHostOptions = {}): ToolHost {
  const proposals = new ProposalFileSystem();
  const registration = vscode.workspace.registerFileSystemProvider(PROPOSAL_SCHEME, proposals, { isCaseSensitive: true });
  const files = new VsCodeWorkspaceFiles();
  const applied = new AppliedEdits(new WorkspaceEditApplier(log));
  const questions = new PendingQuestions();
  const previewer = new DiffPreviewer(proposals);
  const review = new ReviewLenses(previewer);
  const reviewLabels = new ReviewDecorations(previewer);
  const pages = createPageChecker({
    configuredPath: () => vscode.workspace.getConfiguration('relay').inspect<string>('checkPage.browserPath')?.globalValue,
    log,
  });
  let sandbox: SandboxHost | undefined;
  const processes = createProcessManager(log, hostOptions.storage, () => sandbox?.commands.forCommands());
  if (hostOptions.extensionPath) {
    sandbox = createSandboxHost({
      extensionPath: hostOptions.extensionPath,
      webFetchDomains: hostOptions.webFetchDomains,
      processes,
      log,
      placeholderDir: hostOptions.storage?.placeholderDir,
      vscodeGlobalStorage: hostOptions.storage?.vscodeGlobalStorage,
    });
  }
  const services: ToolServices = {
    files,
    search: createFileSearch(vscode.env.appRoot, { warn: (m) => log.warn(m) }),
    commands: new ChildProcessRunner(),
    processes,
    reviewer: previewer,
    applier: applied,
    diagnostics: new VsCodeDiagnostics(),
    questions: {
      ask: (callId, question, options, signal) => {
        hostOptions.onQuestion?.(callId, question);
        return questions.ask(callId, question, options, signal);
      },
    },
    web: { fetcher: createWebFetcher(), allowsPrivateAddress: privateAddressRules },
    pages,
    language: new VsCodeLanguageFeatures(),
    todos: { update: (taskId, items) => log.info(`task ${taskId}: checklist ${progress(items)}`) },
    workspaceRoots: () => files.roots,
    // A getter: a change to relay.previewEdits applies to the next edit without a reload.
    get options(): BuiltinToolOptions {
      return { previewEdits: readModelSettings().previewEdits };
    },
  };
  return {
    services,
    questions,
    diffs: new CardDiffs(applied, proposals),
    review,
    processes,
    ...(sandbox ? { sandbox } : {}),
    dispose: () => {
      void pages.dispose();
      processes.killAll();
      void sandbox?.sandbox.dispose();
      review.dispose();
      reviewLabels.dispose();
      previewer.dispose();
      registration.dispose();
    },
  };
}

function progress(items: readonly TodoItem[]): string {
  return `${items.filter((i) => i.status === 'done').length}/${items.length} done`;
}

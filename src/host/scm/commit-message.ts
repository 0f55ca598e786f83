// "Generate Commit Message" in Source Control (the input box's button, and the view's title where VS Code keeps the
// input box's menu to extensions it lets use proposals): reads the staged changes (or every change when nothing is
// staged) and the last commits' subjects with Relay's hardened git runner, asks the model for one message in the
// repository's style (core/commit-message) and streams it into the repository's input box. Stop (the same place, while
// it writes) cancels and puts back what the box held; so does a failure. It never stages, commits or pushes.
import * as vscode from 'vscode';
import { cleanCommitMessage, commitMessageRequest, type CommitChanges } from '../../core/commit-message/commit-prompt';
import { commitStyle } from '../../core/commit-message/commit-style';
import { l10n } from '../../core/l10n';
import type { ModelProvider } from '../../core/model/provider';
import { untilAborted } from '../../core/model/until-aborted';
import { type GitRepository, runGit } from '../git/git-process';
import { discoverRepository } from '../git/git-repositories';
import { gitExtensionRepositories, namesRepository, openRepositoryOf, type InputBox } from '../git/vscode-git';
import type { EntryPointCommand } from '../commands/command-ids';

export const GENERATE_COMMIT_MESSAGE = 'relay.scm.generateCommitMessage' satisfies EntryPointCommand;
export const STOP_COMMIT_MESSAGE = 'relay.scm.stopCommitMessage' satisfies EntryPointCommand;
/** True while a message is being written: the input box shows Stop instead of Generate. */
const WRITING_CONTEXT = 'relay.writingCommitMessage';
const SUBJECTS = 30;


export interface CommitMessageServices {
  /** The provider a task would use (the user's settings), read when the command runs. */
  provider(): ModelProvider;
  log: { warn(message: string, error?: unknown): void };
}

export function commitMessageHandlers(services: CommitMessageServices) {
  let running: AbortController | undefined;
  return {
    [GENERATE_COMMIT_MESSAGE]: async (target?: unknown) => {
      if (running) return; // one at a time; the button is Stop meanwhile
      if (!vscode.workspace.isTrusted) {
        void vscode.window.showInformationMessage(l10n.t('Relay: trust this workspace to let Relay read its git history.'));
        return;
      }
      const found = await targetRepository(target);
      if (!found) {
        void vscode.window.showInformationMessage(l10n.t('Relay: open a git repository in Source Control first.'));
        return;
      }
      const controller = new AbortController();
      running = controller;
      await vscode.commands.executeCommand('setContext', WRITING_CONTEXT, true);
      try {
        await vscode.window.withProgress({ location: vscode.ProgressLocation.SourceControl, title: l10n.t('Relay is writing a commit message…') }, () =>
          writeMessage(found.root, found.inputBox, services, controller.signal),
        );
      } finally {
        running = undefined;
        await vscode.commands.executeCommand('setContext', WRITING_CONTEXT, false);
      }
    },
    [STOP_COMMIT_MESSAGE]: () => running?.abort(),
  } as const;
}

async function writeMessage(root: string, box: InputBox, services: CommitMessageServices, signal: AbortSignal): Promise<void> {
  const before = box.value;
  const repository = await discoverRepository(root);
  if (!repository) {
    void vscode.window.showWarningMessage(l10n.t('Relay: {0} is not a git repository with a commit yet.', root));
    return;
  }
  const [changes, subjects] = await Promise.all([readChanges(repository), recentSubjects(repository)]);
  if (!changes) {
    void vscode.window.showInformationMessage(l10n.t('Relay: there are no changes to write a commit message for.'));
    return;
  }
  if (signal.aborted) return;
  const request = commitMessageRequest(commitStyle(subjects), subjects, changes);
  let streamed = '';
  let failure: string | undefined;
  for await (const event of untilAborted(services.provider().stream(request, signal), signal)) {
    if (event.type === 'text_delta') {
      streamed += event.text;
      const shown = cleanCommitMessage(streamed);
      if (shown) box.value = shown;
    } else if (event.type === 'restart') {
      streamed = '';
    } else if (event.type === 'error') {
      failure = event.error.kind === 'cancelled' ? '' : event.error.message;
    }
  }
  const message = cleanCommitMessage(streamed);
  if (failure !== undefined || signal.aborted || !message) {
    box.value = before; // stopped or failed: the box holds what the person had
    if (failure) {
      services.log.warn(`The commit message could not be written: ${failure}`);
      void vscode.window.showWarningMessage(l10n.t('Relay could not write a commit message: {0}', failure));
    } else if (!signal.aborted && failure === undefined) {
      void vscode.window.showWarningMessage(l10n.t('Relay could not write a commit message: the model answered with no text.'));
    }
    return;
  }
  box.value = message;
}

/** The staged changes; when nothing is staged, every change against HEAD and the untracked files' names. */
async function readChanges(repository: GitRepository): Promise<CommitChanges | undefined> {
  const git = (args: string[]) => runGit(repository, args).then((r) => r.stdout);
  const diffArgs = ['--no-color', '--no-ext-diff', '--no-textconv', '--find-renames'];
  const staged = await git(['diff', '--cached', ...diffArgs]);
  if (staged.trim()) return { staged: true, diff: staged, stat: await git(['diff', '--cached', '--stat', '--no-color']), untracked: [] };
  const [diff, stat, untracked] = await Promise.all([
    git(['diff', 'HEAD', ...diffArgs]),
    git(['diff', 'HEAD', '--stat', '--no-color']),
    git(['ls-files', '--others', '--exclude-standard', '-z']).then((out) => out.split('\0').filter(Boolean)),
  ]);
  if (!diff.trim() && untracked.length === 0) return undefined;
  return { staged: false, diff, stat, untracked };
}

async function recentSubjects(repository: GitRepository): Promise<string[]> {
  const out = await runGit(repository, ['log', `-n${SUBJECTS}`, '--no-merges', '--format=%s'], { allowFailure: true });
  return out.code === 0 ? out.stdout.split('\n').filter((s) => s.trim()) : [];
}

/**
 * The repository and its input box: from the menu, VS Code passes the SourceControl, and the git extension's open
 * repository with that root is used (its own input box: an object another extension made names no repository of
 * ours, issue 37); from a test or the palette, a folder's URI or nothing, and the git extension's repository for that
 * folder (the active editor's, or the only one).
 */
async function targetRepository(target: unknown): Promise<{ root: string; inputBox: InputBox } | undefined> {
  if (namesRepository(target)) {
    const open = await openRepositoryOf(target);
    return open ? { root: open.rootUri.fsPath, inputBox: open.inputBox } : undefined;
  }
  const repositories = await gitExtensionRepositories();
  const wanted = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
  const inside = (root: vscode.Uri) => wanted !== undefined && (wanted.fsPath === root.fsPath || wanted.fsPath.startsWith(root.fsPath.endsWith('/') ? root.fsPath : `${root.fsPath}/`));
  const repository =
    repositories.filter((r) => inside(r.rootUri)).sort((a, b) => b.rootUri.fsPath.length - a.rootUri.fsPath.length)[0] ??
    (target === undefined && repositories.length === 1 ? repositories[0] : undefined);
  return repository ? { root: repository.rootUri.fsPath, inputBox: repository.inputBox } : undefined;
}

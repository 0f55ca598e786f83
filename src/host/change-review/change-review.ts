// "Relay: Review My Changes" (palette, Source Control title) and a finding's Fix. The review runs as its own
// session, outside the chat, with the built-in Ask agent narrowed to the read-only tools (a command's turn:
// `tools: ["read"]`, so no edit, command or web tool is even offered), and ends with one JSON answer validated
// against the reviewed change (src/core/change-review/findings.ts), as Codex's review mode does: the findings arrive
// together, a malformed or misplaced one is set aside with the reason, and no extra tool has to exist in the
// shared registry for one agent. The findings become comment threads (review-comments.ts); Fix starts a chat task
// carrying the finding. A parallel task's changes are reviewed the same way before Apply (`reviewTask`, from the Tasks
// view): the session reads the task's worktree, the threads sit on the worktree's files (the lines the findings name
// exist only there until Apply), and their Fix goes to that task.
import * as vscode from 'vscode';
import { parseReviewAnswer, ReviewAnswerError, type Finding } from '../../core/change-review/findings';
import { changedFiles, type ChangedFile } from '../../core/change-review/changed-lines';
import { fixPrompt, reviewPrompt } from '../../core/change-review/review-prompt';
import type { SlashCommand } from '../../core/customization/commands/command';
import { l10n } from '../../core/l10n';
import type { AgentState } from '../../core/agent/events';
import type { CommandTurn } from '../customization/commands';
import type { TaskScope } from '../session/session-scope';
import { ReviewComments, type ReviewedTask } from './review-comments';
import { reviewSubject } from './review-subject';
import { type ConfirmReview, modalConfirmReview } from './review-question';
import { namesRepository, openRepositoryOf } from '../git/vscode-git';

/** What the review needs of a session (AgentSession). */
export interface ReviewSession {
  send(text: string): Promise<AgentState>;
  cancel(): void;
  dispose(): Promise<void>;
}

export interface ChangeReviewDeps {
  /** A headless session for a command's turn (the composition root's createSession), in `scope` when given (a task's worktree). */
  createSession(turn: CommandTurn, scope?: TaskScope): Promise<ReviewSession>;
  /** Starts a chat task with this message; false when a task is running (the user is told). */
  startTask(text: string): Promise<boolean>;
  /** The model a review runs on, as the chat's header names it (for the question before the review). */
  model(): string;
  /** Asks before the working tree's review is sent to the model (integration tests answer it); the default is a modal. */
  confirm?: ConfirmReview;
  log: vscode.LogOutputChannel;
}

/** The review's turn: the built-in Ask agent, only the read-only tools. */
const REVIEW_COMMAND: SlashCommand = {
  name: 'review-my-changes',
  id: 'review-my-changes',
  prefix: 'relay',
  source: 'Relay',
  path: '',
  userLevel: false,
  body: '',
  syntax: 'plain',
  shell: false,
  fileIncludes: false,
  agent: 'ask',
  tools: ['read'],
};

/** A parallel task's changes to review (built by src/host/tasks/review/task-agent-review.ts). */
export interface TaskReviewRequest {
  task: ReviewedTask;
  /** The worktree's top folder: the diff's paths are relative to it. */
  root: string;
  /** For the prompt: "the changes of parallel task … against its base". */
  what: string;
  diff: string;
  /** The review session's scope: the worktree as its only workspace root, nothing of the task's state followed. */
  scope: TaskScope;
  /** A finding's Fix: its prompt sent to the task (false when it could not take it; the person was told). */
  fix(text: string): Promise<boolean>;
}

interface Subject {
  root: vscode.Uri;
  what: string;
  diff: string;
  files: ChangedFile[];
  scope?: TaskScope;
  task?: ReviewedTask;
}

export type ReviewOutcome = { status: 'reviewed'; findings: Finding[]; rejected: string[] } | { status: 'not-run'; message: string };

export class ChangeReview implements vscode.Disposable {
  readonly comments = new ReviewComments();
  private running: ReviewSession | undefined;
  /** Each reviewed task's Fix, by task id. */
  private readonly taskFixes = new Map<string, (text: string) => Promise<boolean>>();

  constructor(private readonly deps: ChangeReviewDeps) {}

  /**
   * The command: `arg` is the Source Control provider when run from its title bar (its rootUri says the repository).
   * It asks first, every time: another extension's call looks the same (review-question.ts).
   */
  async run(arg?: unknown): Promise<ReviewOutcome> {
    if (this.running) return this.notRun(l10n.t('Relay: a review is already running.'));
    const folder = await folderOf(arg);
    if (!folder) return this.notRun(l10n.t('Relay: open a folder in a git repository to review its changes.'));
    const found = await reviewSubject(folder.fsPath);
    if (found.type === 'none') {
      return this.notRun(
        found.reason === 'no-repository' ? l10n.t('Relay: {0} is not in a git repository with a commit.', folder.fsPath) : l10n.t('Relay: there are no changes to review (the working tree is clean and the branch has no commits of its own).'),
      );
    }
    const { subject } = found;
    // Anyone can run this command (issue 37): nothing goes to the model until the person says yes to what would.
    const confirm = this.deps.confirm ?? modalConfirmReview;
    if (!(await confirm({ repository: subject.repository.root, range: subject.range, files: subject.files.length, model: this.deps.model(), diff: subject.diff }))) {
      this.deps.log.info('Review My Changes: not reviewed (the person said no).');
      return { status: 'not-run', message: 'declined' };
    }
    return this.review({ root: vscode.Uri.file(subject.repository.root), what: subject.what, diff: subject.diff, files: subject.files });
  }

  /** Reviews a parallel task's changes against its base; its threads replace only that task's. */
  async reviewTask(request: TaskReviewRequest): Promise<ReviewOutcome> {
    if (this.running) return this.notRun(l10n.t('Relay: a review is already running.'));
    const files = changedFiles(request.diff);
    if (files.length === 0) return this.notRun(l10n.t('Task "{0}" has not changed any file the review can read.', request.task.title));
    this.taskFixes.set(request.task.id, request.fix);
    return this.review({ root: vscode.Uri.file(request.root), what: request.what, diff: request.diff, files, scope: request.scope, task: request.task });
  }

  /** Removes a task's threads (its worktree is gone). */
  forgetTask(id: string): void {
    this.comments.clearTask(id);
    this.taskFixes.delete(id);
  }

  private async review(subject: Subject): Promise<ReviewOutcome> {
    const { root } = subject;
    if (this.running) return this.notRun(l10n.t('Relay: a review is already running.'));
    const state = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: subject.files.length === 1 ? l10n.t('Relay: reviewing 1 file…') : l10n.t('Relay: reviewing {0} files…', subject.files.length), cancellable: true },
      async (_progress, token) => {
        const session = await this.deps.createSession({ command: REVIEW_COMMAND, text: '', agent: 'ask', tools: ['read'] }, subject.scope);
        this.running = session;
        const cancel = token.onCancellationRequested(() => session.cancel());
        try {
          return await session.send(reviewPrompt({ description: subject.what, diff: subject.diff, files: subject.files }));
        } finally {
          cancel.dispose();
          this.running = undefined;
          await session.dispose().catch((e: unknown) => this.deps.log.warn(`The review session did not close: ${String(e)}`));
        }
      },
    );
    if (state.status === 'cancelled') return { status: 'not-run', message: 'cancelled' };
    if (state.status !== 'completed') {
      const why = state.status === 'failed' ? state.error.message : state.status === 'paused' ? state.message : state.status;
      return this.notRun(l10n.t('Relay: the review did not finish: {0}', why), 'warning');
    }
    let answer: { findings: Finding[]; rejected: string[] };
    try {
      answer = parseReviewAnswer(state.result, subject.files);
    } catch (e) {
      if (!(e instanceof ReviewAnswerError)) throw e;
      this.deps.log.warn(`Review My Changes: ${e.message}\n${state.result}`);
      return this.notRun(l10n.t('Relay: the review answered in a form Relay could not read; the previous comments are kept. {0}', e.message), 'warning');
    }
    const outcome = { status: 'reviewed' as const, ...answer };
    for (const reason of outcome.rejected) this.deps.log.warn(`Review My Changes set a finding aside: ${reason}`);
    this.comments.show(root, outcome.findings, subject.task);
    const summary =
      outcome.findings.length === 0
        ? l10n.t('Relay: the review found nothing to report.')
        : outcome.findings.length === 1
          ? l10n.t('Relay: the review left 1 comment.')
          : l10n.t('Relay: the review left {0} comments.', outcome.findings.length);
    const unplaced = outcome.rejected.length === 1 ? l10n.t('1 finding could not be placed (see the Relay log).') : l10n.t('{0} findings could not be placed (see the Relay log).', outcome.rejected.length);
    if (outcome.findings.length > 0) void vscode.commands.executeCommand('workbench.action.focusCommentsPanel').then(undefined, () => undefined);
    void vscode.window.showInformationMessage(outcome.rejected.length > 0 ? `${summary} ${unplaced}` : summary);
    return outcome;
  }

  /** Says why nothing was reviewed, in a notification and the log, and returns it. */
  private notRun(message: string, level: 'info' | 'warning' = 'info'): ReviewOutcome {
    this.deps.log.info(message);
    void (level === 'warning' ? vscode.window.showWarningMessage(message) : vscode.window.showInformationMessage(message));
    return { status: 'not-run', message };
  }

  /** A finding's Fix (its thread's title action or its comment's): a chat task carrying the finding, or (a task's finding) that task's next message. */
  async fix(arg?: unknown): Promise<boolean> {
    const shown = this.comments.shownOf(arg);
    if (!shown) {
      void vscode.window.showInformationMessage(l10n.t('Relay: pick Fix on a review comment.'));
      return false;
    }
    if (shown.task) {
      const fix = this.taskFixes.get(shown.task.id);
      return fix ? fix(fixPrompt(shown.finding)) : false;
    }
    return this.deps.startTask(fixPrompt(shown.finding));
  }

  /** Its commands, by id (registered at activation, command-ids.ts ENTRY_POINT_COMMANDS). */
  handlers(): Record<'relay.reviewMyChanges' | 'relay.reviewFinding.fix', (...args: unknown[]) => unknown> {
    return {
      'relay.reviewMyChanges': (scm?: unknown) => this.run(scm),
      'relay.reviewFinding.fix': (thread?: unknown) => this.fix(thread),
    };
  }

  dispose(): void {
    this.running?.cancel();
    this.comments.dispose();
  }
}

/** The Source Control provider's root, else the active editor's workspace folder, else the first one. */
async function folderOf(arg: unknown): Promise<vscode.Uri | undefined> {
  // A SourceControl from the title bar names its repository; only one the git extension has open is reviewed (issue 37:
  // another extension's object could name any folder on the disk, and its diff would go to the model).
  if (namesRepository(arg)) return (await openRepositoryOf(arg))?.rootUri;
  const editor = vscode.window.activeTextEditor?.document.uri;
  const folder = editor ? vscode.workspace.getWorkspaceFolder(editor) : undefined;
  return (folder ?? vscode.workspace.workspaceFolders?.[0])?.uri;
}

// The review's findings as VS Code comments: one thread per finding on its lines (listed in the Comments panel),
// its severity in the label and the comment, the reason as the body, and a Fix action in the thread's title bar.
// A re-run replaces the threads of the last one (thread-plan.ts): a finding reported again keeps its thread.
// A parallel task's review owns its own threads (on its worktree's files): it replaces only those, and the working
// tree's review leaves them alone.
import * as vscode from 'vscode';
import { type Finding, findingKey, type Severity } from '../../core/change-review/findings';
import { markdownText } from '../../core/change-review/markdown-text';
import { planThreads } from '../../core/change-review/thread-plan';
import { l10n } from '../../core/l10n';

/** The threads' context value: the Fix action shows on these only (package.json, comments/commentThread/title). */
export const FINDING_CONTEXT = 'relayFinding';

export interface ShownFinding {
  id: string;
  finding: Finding;
  thread: vscode.CommentThread;
  /** The parallel task whose worktree was reviewed; undefined for the working tree's review. */
  task?: ReviewedTask;
}

/** A parallel task whose changes were reviewed: its Fix goes to that task. */
export interface ReviewedTask {
  id: string;
  title: string;
}

export function severityLabel(severity: Severity): string {
  switch (severity) {
    case 'error':
      return l10n.t('Error');
    case 'warning':
      return l10n.t('Warning');
    case 'info':
      return l10n.t('Info');
  }
}

export class ReviewComments implements vscode.Disposable {
  private readonly controller = vscode.comments.createCommentController('relay.review', l10n.t('Relay Review'));
  private readonly shown = new Map<string, ShownFinding & { key: string }>();
  private next = 0;

  constructor() {
    // Findings are Relay's to write: no comment may be added to their lines by hand.
    this.controller.options = { prompt: l10n.t('Relay review comments are read-only.') };
  }

  /** Replaces the last run's threads of the same subject (the working tree, or `task`) with these findings (paths relative to `root`). */
  show(root: vscode.Uri, findings: readonly Finding[], task?: ReviewedTask): void {
    // The key carries the repository: a finding of another repository never keeps a thread.
    const keyOf = (f: Finding) => `${root.toString()}\n${findingKey(f)}`;
    const plan = planThreads(
      [...this.shown.values()].filter((s) => s.task?.id === task?.id),
      findings,
      keyOf,
    );
    for (const id of plan.dispose) {
      this.shown.get(id)?.thread.dispose();
      this.shown.delete(id);
    }
    for (const finding of plan.create) this.add(root, finding, keyOf(finding), task);
  }

  /** Removes a task's threads (its worktree is gone: applied or discarded). */
  clearTask(id: string): void {
    for (const [key, s] of this.shown) {
      if (s.task?.id !== id) continue;
      s.thread.dispose();
      this.shown.delete(key);
    }
  }

  list(): ShownFinding[] {
    return [...this.shown.values()].map(({ id, finding, thread, task }) => ({ id, finding, thread, ...(task ? { task } : {}) }));
  }

  /** The finding a Fix action was given (its thread, title action, or one of its comments), with the task it belongs to. */
  shownOf(arg: unknown): ShownFinding | undefined {
    for (const s of this.shown.values()) {
      if (arg === s.thread || s.thread.comments.includes(arg as vscode.Comment)) return s;
    }
    return undefined;
  }

  /** The finding a Fix action was given: its thread (title action) or one of its comments. */
  findingOf(arg: unknown): Finding | undefined {
    return this.shownOf(arg)?.finding;
  }

  private add(root: vscode.Uri, finding: Finding, key: string, task?: ReviewedTask): void {
    const uri = vscode.Uri.joinPath(root, finding.path);
    const range = new vscode.Range(finding.line - 1, 0, (finding.endLine ?? finding.line) - 1, 0);
    const body = new vscode.MarkdownString();
    // The model's words as text (markdownText): escaped, with wrapping spaces (appendText's &nbsp; never wrap).
    body.appendMarkdown(`**${markdownText(severityLabel(finding.severity))}: ${markdownText(finding.title.replace(/\s+/g, ' '))}**\n\n`);
    body.appendMarkdown(markdownText(finding.reason));
    const author = task ? l10n.t('Relay review of task "{0}"', task.title) : l10n.t('Relay review');
    const comment: vscode.Comment = { body, mode: vscode.CommentMode.Preview, author: { name: author }, label: severityLabel(finding.severity), contextValue: FINDING_CONTEXT };
    const thread = this.controller.createCommentThread(uri, range, [comment]);
    thread.label = `${severityLabel(finding.severity)}: ${finding.title}`;
    thread.contextValue = FINDING_CONTEXT;
    thread.canReply = false;
    thread.collapsibleState = finding.severity === 'info' ? vscode.CommentThreadCollapsibleState.Collapsed : vscode.CommentThreadCollapsibleState.Expanded;
    const id = String(++this.next);
    this.shown.set(id, { id, finding, thread, key, ...(task ? { task } : {}) });
  }

  dispose(): void {
    for (const s of this.shown.values()) s.thread.dispose();
    this.shown.clear();
    this.controller.dispose();
  }
}

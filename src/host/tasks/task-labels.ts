// How a parallel task's state, size and branch read to people (the Tasks view, its tooltip and notifications).
import { l10n } from '../../core/l10n';
import type { ParallelTaskRecord } from '../../core/tasks/task-record';
import type { TaskState } from '../../core/tasks/task-state';

export function stateLabel(state: TaskState): string {
  switch (state) {
    case 'queued':
      return l10n.t('Queued');
    case 'setting-up':
      return l10n.t('Setting up');
    case 'setup-failed':
      return l10n.t('Setup failed');
    case 'running':
      return l10n.t('Running');
    case 'needs-approval':
      return l10n.t('Needs approval');
    case 'needs-input':
      return l10n.t('Needs input');
    case 'ready-for-review':
      return l10n.t('Ready for review');
    case 'applied':
      return l10n.t('Applied');
    case 'failed':
      return l10n.t('Failed');
    case 'discarded':
      return l10n.t('Discarded');
  }
}

/** "Waiting behind "Fix login"": an approval queued behind another task's question is not the one on screen. */
function queuedState(task: ParallelTaskRecord, behind: string | undefined): string {
  if (task.state !== 'needs-approval' || behind === undefined) return stateLabel(task.state);
  // '' is the chat's own task, which has no title of its own here.
  return behind ? l10n.t('Waiting behind "{0}"', behind) : l10n.t("Waiting behind the chat's question");
}

/** Bytes in the largest unit that keeps the number at least 1 (1 decimal from KB on); unit symbols are not translated. */
export function sizeLabel(bytes: number): string {
  const kb = bytes / 1024;
  const mb = kb / 1024;
  const gb = mb / 1024;
  if (gb >= 1) return `${gb.toFixed(1)} GB`;
  if (mb >= 1) return `${mb.toFixed(1)} MB`;
  if (kb >= 1) return `${kb.toFixed(1)} KB`;
  return `${bytes} B`;
}

/** What the task changed, said as it is: "no changes", "1 file", "3 files"; undefined before it is known. */
export function changesLabel(changedFiles: number | undefined): string | undefined {
  if (changedFiles === undefined) return undefined;
  if (changedFiles === 0) return l10n.t('no changes');
  return changedFiles === 1 ? l10n.t('1 file') : l10n.t('{0} files', changedFiles);
}

/**
 * The row under a task's title: its state first, then what it changed ("Ready for review", "no changes"). The
 * state starts a line of its own, so no title, however long, cuts it off at 300 px (after the title, on the
 * title's line, a longer title such as "Check the readme" pushed it out). `behind`: the title of the task whose
 * question is on screen while this task's approval waits in the queue behind it ('' for the chat's).
 */
export function taskStateLine(task: ParallelTaskRecord, behind?: string): { label: string; description?: string } {
  const changes = changesLabel(task.changedFiles);
  return { label: queuedState(task, behind), ...(changes ? { description: changes } : {}) };
}

/**
 * The row under a task's: where its work is (its branch now, or "in the folder itself") and its disk use; undefined
 * when there is nothing to say (an applied task whose branch the apply deleted).
 */
export function taskBranchLine(task: ParallelTaskRecord): { label: string; description?: string; inPlace: boolean } | undefined {
  const branch = liveBranch(task);
  const size = task.diskBytes !== undefined ? sizeLabel(task.diskBytes) : undefined;
  if (branch) return { label: branch, ...(size ? { description: size } : {}), inPlace: false };
  if (task.isolation === 'in-place') return { label: l10n.t('in the folder itself'), ...(size ? { description: size } : {}), inPlace: true };
  return undefined;
}

/** The row's tooltip: everything the view knows about the task, one fact a line. */
export function taskTooltip(task: ParallelTaskRecord, behind?: string): string {
  const lines = [task.title, l10n.t('State: {0}', queuedState(task, behind))];
  const branch = liveBranch(task);
  if (branch) lines.push(l10n.t('Branch: {0}', branch));
  lines.push(l10n.t('Folder: {0}', task.workRoot));
  const changes = changesLabel(task.changedFiles);
  if (changes) lines.push(l10n.t('Changes: {0}', changes));
  if (task.diskBytes !== undefined) lines.push(l10n.t('Disk use: {0}', sizeLabel(task.diskBytes)));
  if (task.appliedRef) lines.push(l10n.t('Its branch was deleted after the apply; its work is kept (Restore Branch makes a branch of it again).'))
  if (task.conflicts?.length) lines.push(l10n.t('Conflicts: {0}', task.conflicts.join(', ')));
  if (task.state === 'setup-failed' && task.setupOutput) lines.push(l10n.t('Setup output: {0}', task.setupOutput.slice(-400)));
  return lines.join('\n');
}

/**
 * The branch the task has now: its kept (or restored) branch once its worktree went, none once an apply deleted it
 * (an applied row named a branch that no longer existed); the tooltip says where its work is kept.
 */
function liveBranch(task: ParallelTaskRecord): string | undefined {
  if (task.removed) return task.keptBranch;
  return task.branch;
}

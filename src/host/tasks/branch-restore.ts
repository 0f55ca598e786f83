// "Restore files to here" in a parallel task's chat: its checkpoints are commits on its branch, so the restore
// puts the worktree's files back to that commit (the state before is committed first, so the restore can be undone
// from its note, as for the user's folder). The question names the files; the chat marks the cards after the point
// as reverted through the same notice as a normal restore, and the model is told which files changed.
import { l10n } from '../../core/l10n';
import { join } from 'node:path';
import type { AgentSession } from '../../core/agent';
import { restoredFilesNote } from '../../core/checkpoints/conversation';
import type { ParallelTaskRecord } from '../../core/tasks/task-record';
import { displayPath } from '../../tools/paths';
import { files, questionMessage, restorePointOf, type RestoreConfirm, type RestoreQuestion } from '../checkpoints/restore-flow';
import type { BranchCheckpoints } from './branch-checkpoints';
import type { CommitChange } from './worktree-commits';

export interface TaskRestoreDeps {
  confirm: RestoreConfirm;
  notify(message: string, level: 'info' | 'warning'): void;
}

const BEFORE_RESTORE = 'before restoring files';

export async function restoreTaskToItem(
  deps: TaskRestoreDeps,
  checkpoints: BranchCheckpoints,
  task: ParallelTaskRecord,
  session: AgentSession,
  itemId: string,
  conversation: boolean,
): Promise<void> {
  const point = session.restorePoint(itemId);
  if (!point) return deps.notify(l10n.t('This message cannot be restored to: it has no restore point.'), 'warning');
  if (point.checkpointId !== undefined && (task.removed || task.state === 'discarded')) {
    return deps.notify(l10n.t('The worktree of task "{0}" was removed; its files cannot be restored to this point.', task.title), 'warning');
  }
  let changes: CommitChange[] = [];
  if (point.checkpointId !== undefined) {
    // The state now is a checkpoint too: what the restore changes is the difference of two commits.
    const now = await checkpoints.commit(BEFORE_RESTORE);
    const found = await checkpoints.changes(now, point.checkpointId).catch(() => undefined);
    if (!found) return deps.notify(l10n.t('The checkpoint of this step is no longer on the branch {0} of the task.', task.branch ?? ''), 'warning');
    changes = found;
  }
  if (changes.length === 0 && !conversation) {
    return deps.notify(point.checkpointId === undefined ? l10n.t('No file has changed since this message.') : l10n.t('The files are already as they were at this point.'), 'info');
  }
  const answer = await deps.confirm(question(task, changes, conversation, restorePointOf(session, itemId)));
  if (!answer) return;
  let undoId: string | undefined;
  if (changes.length > 0) undoId = await checkpoints.restore(point.checkpointId!, BEFORE_RESTORE);
  if (conversation && !session.restoreConversation(itemId)) {
    deps.notify(l10n.t('The files were restored, but not the conversation: it was shortened to fit the model since that point.'), 'warning');
  }
  if (changes.length > 0) {
    const show = (path: string) => displayPath(path, [task.workRoot]);
    session.noteForModel(restoredFilesNote(changes.map((c) => ({ path: join(task.workRoot, c.path), deleted: c.kind === 'delete' })), show, []));
    session.recordRestore(l10n.t('Restored {0} to an earlier point.', files(changes.length)), undoId, itemId);
  }
}

function question(task: ParallelTaskRecord, changes: readonly CommitChange[], conversation: boolean, point: ReturnType<typeof restorePointOf>): RestoreQuestion {
  const lines: string[] = [];
  const listed = changes.slice(0, 15).map((c) => (c.kind === 'delete' ? l10n.t('delete {0}', c.path) : c.kind === 'recreate' ? l10n.t('recreate {0}', c.path) : l10n.t('restore {0}', c.path)));
  if (listed.length > 0) lines.push(listed.join('\n') + (changes.length > listed.length ? `\n${l10n.t('…and {0} more', changes.length - listed.length)}` : ''));
  if (conversation) lines.push(l10n.t('The messages after this point are removed from the task.'));
  if (changes.length > 0) lines.push(l10n.t("The task's files as they are now stay committed on its branch {0}: the restore can be undone from its note in the chat.", task.branch ?? ''));
  return { message: questionMessage(changes.length, conversation, point), detail: lines.join('\n\n'), conflicts: 0 };
}

// "Restore files to here" / "Restore files and conversation to here" (issue 14): plan the restore, show what
// will change in the multi-file diff editor, ask in a native modal (conflicts listed and kept unless the user
// overwrites them), take a checkpoint of those files first (so the restore can be undone from its notice),
// write them, cut the conversation when asked, and tell the model which files were restored.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { AgentSession } from '../../core/agent';
import { restoredFilesNote } from '../../core/checkpoints/conversation';
import { changesToApply, type RestoreChange, type RestorePlan } from '../../core/checkpoints/restore-plan';
import type { CheckpointDocuments } from './checkpoint-documents';
import type { WorkspaceCheckpoints } from './workspace-checkpoints';
import { modalWithCancel } from '../dialogs/modal';

export type RestoreAnswer = 'restore' | 'overwrite' | undefined;

export interface RestoreQuestion {
  message: string;
  detail: string;
  conflicts: number;
}

/** The modal; integration tests answer it instead. */
export type RestoreConfirm = (question: RestoreQuestion) => Promise<RestoreAnswer>;

export interface RestoreFlowDeps {
  checkpoints: WorkspaceCheckpoints;
  documents: CheckpointDocuments;
  /** How a path is shown (relative to the workspace). */
  show(path: string): string;
  confirm: RestoreConfirm;
  notify(message: string, level: 'info' | 'warning'): void;
}

export const modalConfirm: RestoreConfirm = async (question) => {
  const RESTORE = l10n.t('Restore');
  const OVERWRITE = l10n.t('Restore and Overwrite My Changes');
  const buttons = question.conflicts > 0 ? [RESTORE, OVERWRITE] : [RESTORE];
  const answer = await modalWithCancel('warning', question.message, question.detail, buttons);
  return answer === RESTORE ? 'restore' : answer === OVERWRITE ? 'overwrite' : undefined;
};

export async function restoreToItem(deps: RestoreFlowDeps, session: AgentSession, itemId: string, conversation: boolean): Promise<void> {
  const point = session.restorePoint(itemId);
  if (!point) return deps.notify(l10n.t('This message cannot be restored to: it has no restore point.'), 'warning');
  const store = deps.checkpoints.store();
  let plan: RestorePlan = { changes: [], unrestorable: [] };
  if (point.checkpointId !== undefined) {
    const planned = store ? await store.planRestore(session.id, point.checkpointId) : undefined;
    if (!planned) {
      return deps.notify(
        l10n.t('The checkpoint of this step is no longer stored (older tasks are removed to keep checkpoint storage under relay.checkpoints.maxStorageMB).'),
        'warning',
      );
    }
    plan = planned.plan;
  }
  if (plan.changes.length === 0 && !conversation) {
    return deps.notify(point.checkpointId === undefined ? l10n.t('No file has changed since this message.') : l10n.t('The files are already as they were at this point.'), 'info');
  }

  if (plan.changes.length > 0) await showChanges(deps, plan.changes);
  const answer = await deps.confirm(question(deps, plan, conversation, restorePointOf(session, itemId)));
  // The preview answered its question: whatever the answer, it does not stay open showing a change that is done.
  if (plan.changes.length > 0) await closeChanges(deps, plan.changes);
  if (!answer) return;

  const apply = changesToApply(plan, answer === 'overwrite');
  let undoId: string | undefined;
  if (apply.length > 0 && store) {
    const before = await store.capture({ taskId: session.id, itemId: 'restore', label: l10n.t('Before restoring files'), paths: apply.map((c) => c.path) });
    undoId = before?.id;
    await store.apply(apply);
    if (undoId) await store.afterStep(undoId);
  }
  if (conversation && !session.restoreConversation(itemId)) {
    deps.notify(l10n.t('The files were restored, but not the conversation: it was shortened to fit the model since that point.'), 'warning');
  }
  if (apply.length > 0) {
    const kept = plan.changes.filter((c) => c.conflict && !apply.includes(c)).map((c) => c.path);
    session.noteForModel(restoredFilesNote(apply.map((c) => ({ path: c.path, deleted: c.target === null })), deps.show, kept));
    session.recordRestore(
      kept.length > 0
        ? l10n.t('Restored {0} to an earlier point; kept {1} you had changed.', files(apply.length), files(kept.length))
        : l10n.t('Restored {0} to an earlier point.', files(apply.length)),
      undoId,
      itemId,
    );
  }
}

/** Closes the restore's preview: the multi-file diff tab holding its right-hand documents. */
async function closeChanges(deps: RestoreFlowDeps, changes: readonly RestoreChange[]): Promise<void> {
  const rights = new Set(changes.flatMap((c) => deps.documents.uri(c.path, c.target)?.toString() ?? []));
  const title = l10n.t('Relay: Restore Preview');
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((tab) => {
    if (tab.label === title) return true;
    // The multi-file diff editor's input type is not in the 1.95 API: it is read by its shape.
    const input = tab.input as { modified?: vscode.Uri; textDiffs?: { modified: vscode.Uri }[] } | undefined;
    if (input instanceof vscode.TabInputTextDiff) return rights.has(input.modified.toString());
    return input?.textDiffs?.some((d) => rights.has(d.modified.toString())) ?? false;
  });
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
}

/** The restore's preview: each file now (left) against what it becomes (right). */
async function showChanges(deps: RestoreFlowDeps, changes: readonly RestoreChange[]): Promise<void> {
  const resources = changes.map((c) => {
    const file = vscode.Uri.file(c.path);
    return [file, c.current === null ? undefined : c.current.type === 'file' ? file : deps.documents.uri(c.path, c.current), deps.documents.uri(c.path, c.target)];
  });
  await vscode.commands.executeCommand('vscode.changes', l10n.t('Relay: Restore Preview'), resources);
}

/** Which point a restore goes back to, as its question names it: the user's message or the card's step. */
export type PointName = { kind: 'message' | 'step'; text: string } | undefined;

export function restorePointOf(session: AgentSession, itemId: string): PointName {
  const item = session.transcript.find((i) => i.id === itemId);
  if (item?.kind === 'user') return { kind: 'message', text: excerpt(item.text) };
  if (item?.kind === 'tool') return { kind: 'step', text: excerpt(item.status.showTip || item.status.displayName) };
  return undefined;
}

/** The first line, cut to a length a modal's title holds. */
function excerpt(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 48 ? `${line.slice(0, 47)}…` : line;
}

export function questionMessage(count: number, conversation: boolean, point: PointName): string {
  if (!point) {
    if (count === 0) return l10n.t('Restore the conversation to this point?');
    return conversation ? l10n.t('Restore {0} and the conversation to this point?', files(count)) : l10n.t('Restore {0} to this point?', files(count));
  }
  if (point.kind === 'message') {
    if (count === 0) return l10n.t('Restore the conversation to your message "{0}"?', point.text);
    return conversation
      ? l10n.t('Restore {0} and the conversation to your message "{1}"?', files(count), point.text)
      : l10n.t('Restore {0} to how they were when you sent "{1}"?', files(count), point.text);
  }
  if (count === 0) return l10n.t('Restore the conversation to before "{0}"?', point.text);
  return conversation
    ? l10n.t('Restore {0} and the conversation to before "{1}"?', files(count), point.text)
    : l10n.t('Restore {0} to how they were before "{1}"?', files(count), point.text);
}

function question(deps: RestoreFlowDeps, plan: RestorePlan, conversation: boolean, point: PointName): RestoreQuestion {
  const { changes, unrestorable } = plan;
  const conflicts = changes.filter((c) => c.conflict);
  const lines: string[] = [];
  const listed = changes.slice(0, 15).map((c) => {
    const path = deps.show(c.path);
    const line = c.target === null ? l10n.t('delete {0}', path) : c.current === null ? l10n.t('recreate {0}', path) : l10n.t('restore {0}', path);
    return c.conflict ? `${line}${l10n.t(' (changed by you since)')}` : line;
  });
  if (listed.length > 0) lines.push(listed.join('\n') + (changes.length > listed.length ? `\n${l10n.t('…and {0} more', changes.length - listed.length)}` : ''));
  if (conflicts.length > 0) {
    const names = conflicts.map((c) => deps.show(c.path)).join(', ');
    lines.push(
      l10n.t('{0} changed since that step by you or another program: {1}. "Restore" keeps them as they are; "Restore and Overwrite My Changes" restores them too.', files(conflicts.length), names),
    );
  }
  if (unrestorable.length > 0) {
    lines.push(l10n.t('Not stored in the checkpoint (over relay.checkpoints.maxFileSizeMB), left as they are: {0}.', unrestorable.map((u) => deps.show(u.path)).join(', ')));
  }
  if (conversation) lines.push(l10n.t('The messages after this point are removed from the task.'));
  if (changes.length > 0) lines.push(l10n.t('Relay takes a checkpoint of these files first: the restore can be undone from its note in the chat.'));
  const message = questionMessage(changes.length, conversation, point);
  return { message, detail: lines.join('\n\n'), conflicts: conflicts.length };
}

export function files(n: number): string {
  return n === 1 ? l10n.t('1 file') : l10n.t('{0} files', n);
}

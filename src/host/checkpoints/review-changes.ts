// Review Task Changes (issue 14): every file the task changed since its first checkpoint, in the multi-file
// diff editor (the file then on the left, now on the right), and a list with Keep / Undo per file. Undo puts the
// file back as it was at the first checkpoint through one WorkspaceEdit (one Undo step); Keep marks it reviewed,
// so it is left out of the next review until it changes again.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { AgentSession } from '../../core/agent';
import type { RestoreChange } from '../../core/checkpoints/restore-plan';
import type { FileState } from '../../core/checkpoints/types';
import type { CheckpointStore } from './checkpoint-store';
import type { CheckpointDocuments } from './checkpoint-documents';
import type { WorkspaceCheckpoints } from './workspace-checkpoints';

export interface ReviewDeps {
  checkpoints: WorkspaceCheckpoints;
  documents: CheckpointDocuments;
  show(path: string): string;
  notify(message: string, level: 'info' | 'warning'): void;
}

interface ReviewItem extends vscode.QuickPickItem {
  change: RestoreChange;
}


export class TaskChangesReview {
  /** Per task: files marked kept, with the state they were kept in. */
  private readonly kept = new Map<string, Map<string, string>>();
  /** The list of the review on screen, for tests. */
  current: vscode.QuickPick<ReviewItem> | undefined;

  constructor(private readonly deps: ReviewDeps) {}

  async open(session: AgentSession): Promise<void> {
    const store = this.deps.checkpoints.store();
    const steps = store ? await store.steps(session.id) : [];
    if (!store || steps.length === 0) return this.deps.notify(l10n.t('This task has not changed any file yet (no checkpoint was taken).'), 'info');
    const planned = await store.planRestore(session.id, steps[0]!.id);
    const kept = this.kept.get(session.id) ?? new Map<string, string>();
    this.kept.set(session.id, kept);
    const changes = (planned?.plan.changes ?? []).filter((c) => kept.get(c.path) !== key(c.current));
    if (changes.length === 0) return this.deps.notify(l10n.t("No file differs from the task's first checkpoint (or you kept every change)."), 'info');

    const resources = changes.map((c) => {
      const file = vscode.Uri.file(c.path);
      return [file, this.deps.documents.uri(c.path, c.target), c.current === null ? undefined : c.current.type === 'file' ? file : this.deps.documents.uri(c.path, c.current)];
    });
    await vscode.commands.executeCommand('vscode.changes', l10n.t('Relay: Task Changes ({0})', session.view().title || l10n.t('task')), resources);
    this.showList(store, changes, kept);
  }

  private showList(store: CheckpointStore, changes: RestoreChange[], kept: Map<string, string>): void {
    this.current?.dispose();
    const pick = vscode.window.createQuickPick<ReviewItem>();
    this.current = pick;
    const KEEP: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('check'), tooltip: l10n.t('Keep') };
    const UNDO: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('discard'), tooltip: l10n.t('Undo (back to the first checkpoint)') };
    pick.title = l10n.t('Relay: Review Task Changes');
    pick.placeholder = l10n.t('Keep or Undo each file (buttons on the right); Enter opens its diff');
    pick.ignoreFocusOut = true;
    pick.items = changes.map((change) => ({
      label: this.deps.show(change.path),
      description: change.target === null ? l10n.t('created') : change.current === null ? l10n.t('deleted') : l10n.t('modified'),
      buttons: [KEEP, UNDO],
      change,
    }));
    const remove = (item: ReviewItem) => {
      pick.items = pick.items.filter((i) => i !== item);
      if (pick.items.length === 0) pick.hide();
    };
    pick.onDidTriggerItemButton(async ({ item, button }) => {
      if (button === KEEP) {
        kept.set(item.change.path, key(item.change.current));
        remove(item);
        return;
      }
      try {
        await undoFile(store, item.change);
        remove(item);
      } catch (error) {
        this.deps.notify(l10n.t('Could not undo {0}: {1}', item.label, error instanceof Error ? error.message : String(error)), 'warning');
      }
    });
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0];
      if (item) void openDiff(this.deps, item.change);
    });
    pick.onDidHide(() => {
      pick.dispose();
      if (this.current === pick) this.current = undefined;
    });
    pick.show();
  }
}

/** Back to the first checkpoint's state: text files through one WorkspaceEdit (saved), links and binaries directly. */
export async function undoFile(store: CheckpointStore, change: RestoreChange): Promise<void> {
  const uri = vscode.Uri.file(change.path);
  const target = change.target;
  const text = target?.type === 'file' ? asText(await store.read(target)) : undefined;
  const textual = (target === null || text !== undefined) && (change.current === null || change.current.type === 'file');
  if (!textual) return store.apply([change]);
  const edit = new vscode.WorkspaceEdit();
  if (target === null) edit.deleteFile(uri, { ignoreIfNotExists: true });
  else if (change.current === null) edit.createFile(uri, { overwrite: true, contents: Buffer.from(text!, 'utf8') });
  else {
    const document = await vscode.workspace.openTextDocument(uri);
    edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text!);
  }
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('VS Code refused the edit');
  if (target !== null && change.current !== null) await vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.save();
}

async function openDiff(deps: ReviewDeps, change: RestoreChange): Promise<void> {
  const file = vscode.Uri.file(change.path);
  const left = deps.documents.uri(change.path, change.target) ?? file.with({ scheme: 'relay-checkpoint', query: 'absent=1' });
  await vscode.commands.executeCommand('vscode.diff', left, file, l10n.t('{0} (first checkpoint ↔ now)', deps.show(change.path)));
}

function asText(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? text : undefined;
}

function key(state: FileState | null): string {
  if (state === null) return 'absent';
  return state.type === 'file' ? `f:${state.hash}` : state.type === 'symlink' ? `l:${state.target}` : `s:${state.size}`;
}

// Read-only documents holding a file as a checkpoint stored it, for the multi-file diff editor
// (`relay-checkpoint:/abs/path?hash=…`): the restore preview and Review Task Changes compare them with the file.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import type { FileState } from '../../core/checkpoints/types';
import type { WorkspaceCheckpoints } from './workspace-checkpoints';

export const CHECKPOINT_SCHEME = 'relay-checkpoint';

export class CheckpointDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly registration: vscode.Disposable;

  constructor(private readonly checkpoints: WorkspaceCheckpoints) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(CHECKPOINT_SCHEME, this);
  }

  /** The document for a stored state; undefined for nothing (the diff editor then shows an added or removed file). */
  uri(path: string, state: FileState | null): vscode.Uri | undefined {
    if (state === null) return undefined;
    const file = vscode.Uri.file(path);
    const query = state.type === 'file' ? `hash=${state.hash}` : state.type === 'symlink' ? `link=${encodeURIComponent(state.target)}` : `skipped=${state.size}`;
    return file.with({ scheme: CHECKPOINT_SCHEME, query });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const query = new URLSearchParams(uri.query);
    const hash = query.get('hash');
    if (hash && /^[0-9a-f]{64}$/.test(hash)) {
      const store = this.checkpoints.store();
      if (!store) return '';
      return (await store.read({ type: 'file', hash, size: 0 })).toString('utf8');
    }
    if (query.has('absent')) return '';
    const link = query.get('link');
    if (link !== null) return `${l10n.t('Symbolic link to {0}', link)}\n`;
    return `${l10n.t('Not stored in the checkpoint: {0} bytes, over {1}.', query.get('skipped') ?? '?', 'relay.checkpoints.maxFileSizeMB')}\n`;
  }

  dispose(): void {
    this.registration.dispose();
  }
}

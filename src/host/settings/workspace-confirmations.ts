// The workspace values the user confirmed (see core/permissions/workspace-values.ts), kept in the extension's
// global state: outside every workspace, so no repository can write a confirmation for itself. Keyed by setting,
// exact value and file, so a changed value or another file asks again. In the activation bundle (no validator).
import * as vscode from 'vscode';
import { confirmationId, type WorkspaceValue } from '../../core/permissions/workspace-values';

const STATE_KEY = 'relay.confirmedWorkspaceValues';

export class WorkspaceConfirmations implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires after a confirmation is recorded, so what reads the settings reads them again. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: Pick<vscode.Memento, 'get' | 'update'>) {}

  /** Nothing confirmed and nothing kept: every looser workspace value is held back. */
  static none(): WorkspaceConfirmations {
    const values = new Map<string, unknown>();
    return new WorkspaceConfirmations({
      get: <T>(key: string) => values.get(key) as T,
      update: async (key: string, value: unknown) => void values.set(key, value),
    } as Pick<vscode.Memento, 'get' | 'update'>);
  }

  has(value: WorkspaceValue, subject = ''): boolean {
    return this.ids().includes(confirmationId(value, subject));
  }

  async add(values: readonly WorkspaceValue[], subject = ''): Promise<void> {
    const ids = this.ids();
    const added = values.map((v) => confirmationId(v, subject)).filter((id) => !ids.includes(id));
    if (added.length === 0) return;
    await this.state.update(STATE_KEY, [...ids, ...added]);
    this.changed.fire();
  }

  private ids(): string[] {
    const stored = this.state.get<unknown>(STATE_KEY);
    return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [];
  }

  dispose(): void {
    this.changed.dispose();
  }
}

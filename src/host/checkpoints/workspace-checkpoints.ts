// The checkpoint store of the workspace open now, under the extension's global storage, with the settings read
// at each step: relay.checkpoints.enabled, maxFileSizeMB, maxStorageMB (a repository may make none of them less
// protective without the user's confirmation). A new set of workspace folders gets its
// own store. Checkpoints are taken in trusted workspaces only (elsewhere nothing can change files anyway).
import * as vscode from 'vscode';
import type { CheckpointRecorder, CheckpointRequest } from '../../core/ports/checkpoints';
import { decideLowerLimit, decideSafetySwitch, type Decision, type WorkspaceValue } from '../../core/permissions/workspace-values';
import { settingLayers } from '../settings/workspace-layers';
import type { WorkspaceConfirmations } from '../settings/workspace-confirmations';
import { CheckpointStore, checkpointDirectory, type CheckpointSettings } from './checkpoint-store';

const MB = 1024 * 1024;
export const CHECKPOINTS_ENABLED_KEY = 'relay.checkpoints.enabled';

/** Whether checkpoints are on: a repository may turn them on, but turning them off waits for the user's confirmation. */
export function checkpointsEnabled(confirmations: Pick<WorkspaceConfirmations, 'has'>): { value: boolean; pending: WorkspaceValue[] } {
  const layers = settingLayers<unknown>(CHECKPOINTS_ENABLED_KEY);
  const user = typeof layers.user === 'boolean' ? layers.user : true;
  return decideSafetySwitch(user, layers.workspace, (value) => confirmations.has(value));
}

export const CHECKPOINT_LIMIT_KEYS = { maxFileSizeMB: 'relay.checkpoints.maxFileSizeMB', maxStorageMB: 'relay.checkpoints.maxStorageMB' } as const;

/**
 * The size limits in MB: a repository may raise them, but a lower one (`maxFileSizeMB: 0` keeps no file, a tiny cap
 * drops older checkpoints) waits for the user's confirmation like turning checkpoints off.
 */
export function checkpointLimits(confirmations: Pick<WorkspaceConfirmations, 'has'>): Record<keyof typeof CHECKPOINT_LIMIT_KEYS, Decision<number>> {
  const limit = (key: string, fallback: number): Decision<number> => {
    const layers = settingLayers<unknown>(key);
    const user = typeof layers.user === 'number' && Number.isFinite(layers.user) ? layers.user : fallback;
    return decideLowerLimit(user, layers.workspace, (value) => confirmations.has(value));
  };
  return { maxFileSizeMB: limit(CHECKPOINT_LIMIT_KEYS.maxFileSizeMB, 5), maxStorageMB: limit(CHECKPOINT_LIMIT_KEYS.maxStorageMB, 1024) };
}

export function readCheckpointSettings(confirmations: Pick<WorkspaceConfirmations, 'has'>): CheckpointSettings & { enabled: boolean } {
  const limits = checkpointLimits(confirmations);
  return {
    enabled: checkpointsEnabled(confirmations).value,
    maxFileBytes: Math.max(0, limits.maxFileSizeMB.value) * MB,
    maxStorageBytes: Math.max(1, limits.maxStorageMB.value) * MB,
  };
}

export class WorkspaceCheckpoints implements CheckpointRecorder {
  private current: { key: string; store: CheckpointStore } | undefined;

  constructor(
    private readonly globalStorage: string,
    private readonly roots: () => readonly string[],
    private readonly log: vscode.LogOutputChannel,
    private readonly confirmations: Pick<WorkspaceConfirmations, 'has'>,
  ) {}

  /** The store for the folders open now; undefined without a folder. */
  store(): CheckpointStore | undefined {
    const roots = [...this.roots()];
    if (roots.length === 0) return undefined;
    const key = roots.join('\n');
    if (this.current?.key !== key) {
      // The old folders' background repack stops; what it left raw is repacked when they are opened again.
      this.current?.store.dispose();
      const store = new CheckpointStore({
        directory: checkpointDirectory(this.globalStorage, roots),
        roots: () => roots,
        settings: () => readCheckpointSettings(this.confirmations),
        logger: { info: (m) => this.log.info(m), warn: (m, e) => this.log.warn(e === undefined ? m : `${m}: ${e instanceof Error ? e.message : String(e)}`) },
      });
      this.current = { key, store };
    }
    return this.current.store;
  }

  async beforeStep(request: CheckpointRequest): Promise<string | undefined> {
    if (!readCheckpointSettings(this.confirmations).enabled || !vscode.workspace.isTrusted) return undefined;
    return this.store()?.beforeStep(request);
  }

  async afterStep(checkpointId: string): Promise<boolean | undefined> {
    return this.store()?.afterStep(checkpointId);
  }
}

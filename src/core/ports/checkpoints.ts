// Checkpoints of a task's files (issue 14). The runtime asks for one before every approved call that may
// change files: an edit names exactly the files it changes, a command (or any other tool that can change
// anything) gets a snapshot of the workspace's non-ignored files. The host stores them (src/host/checkpoints).

export interface CheckpointRequest {
  taskId: string;
  /** The chat item the checkpoint belongs to (the call's card). */
  itemId: string;
  /** For people: "Edit src/app.ts", "Run npm test". */
  label: string;
  /** Exactly the files the step changes; absent: the whole workspace. */
  paths?: readonly string[];
}

export interface CheckpointRecorder {
  /**
   * Stores the files' state before the step; resolves with the checkpoint's id, or undefined when nothing was
   * stored (checkpoints off, no workspace, a storage failure, which the recorder logs: the step still runs).
   */
  beforeStep(request: CheckpointRequest): Promise<string | undefined>;
  /**
   * Records what the step left in the same files, so a later restore can tell the user's own changes apart.
   * Resolves true when the step changed a file the checkpoint covers, false when it changed none (a restore to it
   * would change nothing the step did), undefined when the recorder cannot tell.
   */
  afterStep(checkpointId: string): Promise<boolean | undefined | void>;
}

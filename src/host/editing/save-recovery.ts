// Saving an edited document when VS Code's save says no. Two causes were reproduced inside VS Code:
// - two saves of one document at once: the second returns false although the first wrote the same text;
// - a document loaded before the disk changed underneath it (VS Code reloads only when its file watcher
//   reports the change, which can lag under load): the save refuses to overwrite the newer file.
// So: a document that is clean after a refused save and matches the disk was saved; a refused save whose disk
// still holds the text the edit was based on is tried again; anything else is a real conflict, explained.
// A plain retry does not cure the second cause when VS Code's reload read the file's stat mid-write (before the
// writer's last bytes): its copy then holds the new text with an older stat, and every save is refused as
// "modified since" (reproduced: 8 of 120 stale copies under load). VS Code lets a save through when the disk
// already holds exactly the bytes being saved, so the text is written through first: safe, because the disk
// holds the text the edit was based on, which nobody else has changed.
// No `vscode` import: the applier passes the document in, and unit tests pass fakes.

/** One open document as the save recovery sees it. */
export interface SaveTarget {
  readonly isDirty: boolean;
  getText(): string;
  save(): Promise<boolean>;
  /** The file's text on disk, or undefined when it cannot be read or is not UTF-8 (then nothing is compared). */
  readDisk(): Promise<string | undefined>;
  /** Writes `text` to the file as VS Code's save would (same BOM), without touching the document. */
  writeThrough?(text: string): Promise<void>;
}

export type SaveOutcome = { ok: true; attempts: number } | { ok: false; message: string };

export interface SaveRecoveryOptions {
  /** Saves tried in all (default 3). */
  attempts?: number;
  /** Waits between tries; injected by tests. */
  pause?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  /** How long a refused save's file may take to settle (another save still writing it) before it is judged. */
  settleMs?: number;
}

const SETTLE_POLL_MS = 50;

/** VS Code's copy of a file with mixed line endings uses one: compare the text, not the line endings. */
const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && (a === b || a.replace(/\r\n?/g, '\n') === b.replace(/\r\n?/g, '\n'));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Saves `target`, whose text before the edit was `textBeforeEdit`; never leaves a dirty editor unexplained. */
export async function saveWithRecovery(target: SaveTarget, textBeforeEdit: string, options: SaveRecoveryOptions = {}): Promise<SaveOutcome> {
  const attempts = options.attempts ?? 3;
  const pause = options.pause ?? sleep;
  const settleMs = options.settleMs ?? 2_000;
  for (let attempt = 1; ; attempt++) {
    if (!target.isDirty) return { ok: true, attempts: attempt - 1 };
    if (await target.save()) return { ok: true, attempts: attempt };
    // Another save may still be writing the file (a read can see it half written): watch until it settles.
    let disk: string | undefined;
    for (let waited = 0; ; waited += SETTLE_POLL_MS) {
      disk = await target.readDisk();
      const text = target.getText();
      // Another save of the same document won the race and wrote our text.
      if (!target.isDirty && same(disk, text)) return { ok: true, attempts: attempt };
      if (same(disk, text) || same(disk, textBeforeEdit) || waited >= settleMs) break;
      await pause(SETTLE_POLL_MS);
    }
    if (!same(disk, textBeforeEdit) && !same(disk, target.getText())) {
      options.log?.(`save refused: the file on disk changed underneath the editor (attempt ${attempt})`);
      return {
        ok: false,
        message:
          disk === undefined
            ? 'the file could not be read back after VS Code refused to save it (deleted, unreadable or not UTF-8)'
            : 'the file changed on disk while the edit was being saved, so VS Code did not overwrite it; the edit is in the editor, unsaved, and VS Code offers to compare or overwrite when the user saves',
      };
    }
    if (attempt >= attempts) {
      options.log?.(`save refused ${attempt} times although the disk holds ${same(disk, textBeforeEdit) ? 'the text the edit was based on' : 'the edited text'}`);
      return { ok: false, message: `VS Code refused to save it ${attempt} times; the edit is in the editor, unsaved` };
    }
    if (target.writeThrough && same(disk, textBeforeEdit)) {
      options.log?.(`save refused with the disk unchanged (attempt ${attempt}); writing the text through, then saving again`);
      try {
        await target.writeThrough(target.getText());
        continue;
      } catch (error) {
        options.log?.(`writing through failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    } else {
      options.log?.(`save refused with the disk unchanged (attempt ${attempt}); trying again`);
    }
    await pause(100 * attempt);
  }
}

/**
 * Before editing a clean document: waits until VS Code's copy matches the disk, so an edit is never made on a
 * copy the disk has moved past. Returns the disk text when the copy never caught up (a conflict to report).
 */
export async function awaitCurrentCopy(
  target: Pick<SaveTarget, 'isDirty' | 'getText' | 'readDisk'>,
  deadlineMs = 3_000,
  pause: (ms: number) => Promise<void> = sleep,
): Promise<{ current: true } | { current: false; disk: string | undefined }> {
  let waited = 0;
  for (;;) {
    // A dirty copy is the user's unsaved work: it is what the edit must be checked against, not the disk.
    if (target.isDirty) return { current: true };
    const disk = await target.readDisk();
    if (disk === undefined || same(disk, target.getText())) return { current: true }; // undefined: cannot tell

    if (waited >= deadlineMs) return { current: false, disk };
    await pause(50);
    waited += 50;
  }
}

// Remembers what each tool call applied (every file's text before and after), so a card's "Open diff" can show
// the change after it landed. Bounded: the oldest calls are forgotten first. No `vscode`: unit-tested in Node.
import type { ApplyOutcome, EditApplier, EditOrigin, ProposedFileChange } from '../../core/ports/edit-review';

export interface AppliedFile {
  /** Absolute path of the file after the change (the destination of a move). */
  path: string;
  /** Empty for a created file. */
  before: string;
  /** Undefined for a deleted file. */
  after: string | undefined;
}

export interface AppliedEditsLimits {
  maxCalls: number;
  maxChars: number;
}

const DEFAULT_LIMITS: AppliedEditsLimits = { maxCalls: 100, maxChars: 32 * 1024 * 1024 };

export class AppliedEdits implements EditApplier {
  private readonly calls = new Map<string, AppliedFile[]>();
  private chars = 0;

  constructor(
    private readonly inner: EditApplier,
    private readonly limits: AppliedEditsLimits = DEFAULT_LIMITS,
  ) {}

  async apply(changes: ProposedFileChange[], origin?: EditOrigin): Promise<ApplyOutcome> {
    const outcome = await this.inner.apply(changes, origin);
    if (outcome.ok && origin) this.remember(origin.callId, changes.map(toAppliedFile));
    return outcome;
  }

  /** What the call applied, newest application only; undefined when unknown or forgotten. */
  get(callId: string): readonly AppliedFile[] | undefined {
    return this.calls.get(callId);
  }

  private remember(callId: string, files: AppliedFile[]): void {
    this.forget(callId);
    this.calls.set(callId, files);
    this.chars += size(files);
    for (const oldest of this.calls.keys()) {
      if (this.calls.size <= this.limits.maxCalls && this.chars <= this.limits.maxChars) break;
      this.forget(oldest);
    }
  }

  private forget(callId: string): void {
    const files = this.calls.get(callId);
    if (!files) return;
    this.calls.delete(callId);
    this.chars -= size(files);
  }
}

function toAppliedFile(change: ProposedFileChange): AppliedFile {
  return { path: change.newPath ?? change.path, before: change.baseText ?? '', after: change.kind === 'delete' ? undefined : (change.proposedText ?? '') };
}

function size(files: readonly AppliedFile[]): number {
  return files.reduce((n, f) => n + f.before.length + (f.after?.length ?? 0), 0);
}

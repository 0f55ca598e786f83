// The problems an edit introduced or fixed, by event: the snapshot and the watch start BEFORE the edit is
// applied (so early publications are not missed), then we wait for the language servers to settle and compare,
// mapping old diagnostics through the edit's line changes so only the edit's own effects are reported.
import type { DiagnosticInfo, DiagnosticsSource, DiagnosticsWaitOptions, DiagnosticsWatch } from '../../core/ports/diagnostics';
import type { ProposedFileChange } from '../../core/ports/edit-review';
import { computeDiagnosticsDelta, lineChangesBetween } from '../../core/edit';
import { pathAfter } from './edit-plan';

export interface DiagnosticsReport {
  text: string;
  introduced: number;
  fixed: number;
}

export class DiagnosticsCheck {
  private constructor(
    private readonly source: DiagnosticsSource,
    private readonly before: ReadonlyMap<string, DiagnosticInfo[]>,
    private readonly watch: DiagnosticsWatch,
  ) {}

  /** Call before applying: remembers today's problems of every file the change touches and starts listening. */
  static start(source: DiagnosticsSource, changes: readonly ProposedFileChange[]): DiagnosticsCheck {
    const current = source.get(changes.filter((c) => c.kind !== 'create').map((c) => c.path));
    const before = new Map<string, DiagnosticInfo[]>();
    for (const change of changes) {
      const after = pathAfter(change);
      // A moved file keeps its problems under its new name; a new file has none yet.
      if (after !== undefined) before.set(after, change.kind === 'create' ? [] : (current.get(change.path) ?? []));
    }
    return new DiagnosticsCheck(source, before, source.watch([...before.keys()]));
  }

  /** Waits for the language servers, then says what the applied changes broke or fixed (errors only). */
  async finish(
    applied: readonly ProposedFileChange[],
    wait: Omit<DiagnosticsWaitOptions, 'signal'>,
    signal: AbortSignal,
    show: (path: string) => string,
  ): Promise<DiagnosticsReport> {
    const settled = await this.watch.settled({ ...wait, signal });
    const files = applied.flatMap((change) => {
      const path = pathAfter(change);
      if (path === undefined) return [];
      return [{ path, base: change.baseText ?? '', text: change.proposedText ?? '' }];
    });
    const now = this.source.get(files.map((f) => f.path));
    const delta = computeDiagnosticsDelta(
      files.map((f) => ({
        path: show(f.path),
        before: this.before.get(f.path) ?? [],
        after: now.get(f.path) ?? [],
        changes: lineChangesBetween(f.base, f.text),
      })),
    );
    const late = settled.outcome === 'deadline' ? ` (The language server was still busy after ${Math.round(wait.deadlineMs / 1000)} s; this may be incomplete.)` : '';
    return { text: delta.text + late, introduced: delta.introduced.length, fixed: delta.fixed };
  }

  dispose(): void {
    this.watch.dispose();
  }
}

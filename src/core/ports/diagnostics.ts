// What tools learn from the editor's problems: current diagnostics, and a way to wait for them to settle
// after an edit (by event, not by sleeping).
import type { DiagnosticInfo } from '../edit/diagnostics-delta';

export type { DiagnosticInfo };

export interface DiagnosticsWaitOptions {
  /** How long to wait for the first change to the watched files; none means the language server is done or absent. */
  firstEventMs: number;
  /** After a change, how long the files must stay quiet. */
  quietMs: number;
  /** Never wait longer than this in total. */
  deadlineMs: number;
  signal?: AbortSignal;
}

export interface DiagnosticsWaitResult {
  outcome: 'settled' | 'no-change' | 'deadline' | 'cancelled';
  elapsedMs: number;
  changes: number;
}

export interface DiagnosticsWatch {
  /** Resolves once the watched files' diagnostics have settled. Changes since the watch began count. */
  settled(options: DiagnosticsWaitOptions): Promise<DiagnosticsWaitResult>;
  dispose(): void;
}

export interface DiagnosticsSource {
  /** Current diagnostics of each absolute path. */
  get(paths: readonly string[]): Map<string, DiagnosticInfo[]>;
  /** Every file with diagnostics in the workspace. */
  all(): Map<string, DiagnosticInfo[]>;
  /** Start watching before an edit is applied, so early publications are not missed. */
  watch(paths: readonly string[]): DiagnosticsWatch;
}

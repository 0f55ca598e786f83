// How long an edit tool waits for the language servers before it reports the diagnostics an edit introduced.
// Event-driven (DiagnosticsSource.watch before apply, then settled()), not a fixed sleep: these only bound the wait.
// scripts/bench-diagnostics.ts measures exactly these values against VS Code's JSON language server.

export interface DiagnosticsWaitDefaults {
  /** No change to the edited files' diagnostics this long after the edit: the servers are done, or there are none. */
  firstEventMs: number;
  /** After a change the diagnostics must stay unchanged this long: some servers publish syntax, then semantic results. */
  quietMs: number;
  /** Never hold the model's answer longer than this. */
  deadlineMs: number;
}

export const DIAGNOSTICS_WAIT: Readonly<DiagnosticsWaitDefaults> = Object.freeze({
  firstEventMs: 300,
  quietMs: 150,
  deadlineMs: 3000,
});

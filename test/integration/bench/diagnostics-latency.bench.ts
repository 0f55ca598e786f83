// Benchmark, inside real VS Code: the time from an edit's approval to the model receiving its diagnostics report,
// for a JSON file validated by VS Code's own JSON language server. Ours waits on diagnostics events (watch before
// apply, then settled() with the edit tools' defaults); peers sleep a fixed 1 s or 2 s and read whatever is there.
// Each report is checked against the file's final diagnostics: a report read before the server answered is stale.
//
// Not part of the integration run (it lives outside suites/): scripts/bench-diagnostics.ts builds and runs it and
// prints what it writes to RELAY_BENCH_RESULTS.

import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { computeDiagnosticsDelta, type DiagnosticInfo } from '../../../src/core/edit/diagnostics-delta';
import { DIAGNOSTICS_WAIT } from '../../../src/core/edit/diagnostics-wait';
import { lineChangesBetween } from '../../../src/core/edit/line-changes';
import { waitForQuiet } from '../../../src/core/edit/settle';
import { VsCodeDiagnostics } from '../../../src/host/language/diagnostics-source';
import { WorkspaceEditApplier } from '../../../src/host/editing/workspace-edit-applier';
import { sameDiagnostics, type BenchResults, type EditKind, type LatencySample } from './diagnostics-summary';
import { BENCH_FILE_NAME, CLEAN_JSON, JSON_ERRORS } from './json-edits';

/** Edits per method, half introducing an error and half fixing it. */
const EDITS_PER_METHOD = Number(process.env.RELAY_BENCH_EDITS ?? 10);
/** The edit tools' wait, or another to try (RELAY_BENCH_WAIT='{"quietMs":100}'). */
const WAIT = { ...DIAGNOSTICS_WAIT, ...(JSON.parse(process.env.RELAY_BENCH_WAIT ?? '{}') as Partial<typeof DIAGNOSTICS_WAIT>) };
/** Ours, then the peers' fixed sleeps. */
interface Method {
  name: string;
  sleepMs?: number;
}
const EVENT: Method = { name: 'event (ours)' };
// The control reads as soon as the edit is saved, without waiting at all: the floor any method could reach.
const METHODS: Method[] = [EVENT, { name: 'sleep 1000 ms', sleepMs: 1000 }, { name: 'sleep 2000 ms', sleepMs: 2000 }, { name: 'no wait (control)', sleepMs: 0 }];
/** "Final" diagnostics: unchanged this long, and showing an error exactly when the file has one. */
const FINAL_QUIET_MS = 1500;
const FINAL_DEADLINE_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bench: diagnostics latency after an edit (JSON language server)', function () {
  this.timeout(30 * 60_000);
  const diagnostics = new VsCodeDiagnostics();
  const applier = new WorkspaceEditApplier();

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('times event-driven reports against fixed sleeps and checks each report against the final diagnostics', async () => {
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, BENCH_FILE_NAME);
    const path = uri.fsPath;
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(CLEAN_JSON));
    // Open in an editor, as a file under edit usually is; the language server starts on the first JSON document.
    // RELAY_BENCH_HIDDEN: the document open but in no editor. With VS Code 1.139 no diagnostics ever arrive for such
    // a JSON file, so this mode fails at the first edit whatever the method: kept to check a fix in the host.
    if (process.env.RELAY_BENCH_HIDDEN) await vscode.workspace.openTextDocument(uri);
    else await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    assert.ok(await finalDiagnostics(uri, false), 'the clean file never showed zero errors');

    let current = CLEAN_JSON;
    let errorsIntroduced = 0;
    let present = JSON_ERRORS[0]!;
    const samples: LatencySample[] = [];

    /** One edit, reported by `method`, then checked against the final diagnostics. */
    const measure = async (method: Method, kind: EditKind, record: boolean) => {
      // Introduce the next kind of error in turn; a fix removes the one present.
      if (kind === 'introduce') present = JSON_ERRORS[errorsIntroduced++ % JSON_ERRORS.length]!;
      const error = present;
      const next = kind === 'introduce' ? error.apply(CLEAN_JSON) : CLEAN_JSON;
      const report = await editAndReport(method, path, current, next);
      current = next;
      const final = await finalDiagnostics(uri, kind === 'introduce');
      assert.ok(final, `the diagnostics never settled to the edited file's state after "${kind} ${error.name}"`);
      if (!record) return;
      samples.push({
        method: method.name,
        kind,
        error: error.name,
        latencyMs: report.latencyMs,
        ...(report.firstChangeMs !== undefined ? { firstChangeMs: report.firstChangeMs } : {}),
        complete: sameDiagnostics(report.reported, final),
        reportedErrors: errorCount(report.reported),
        finalErrors: errorCount(final),
        ...(report.outcome ? { outcome: report.outcome } : {}),
      });
    };

    // Warm-up pair: the server's first validations are slower and belong to no method.
    await measure(EVENT, 'introduce', false);
    await measure(EVENT, 'fix', false);
    for (let pair = 0; pair < EDITS_PER_METHOD / 2; pair++) {
      // Rotate which method goes first, so slow drift on the machine does not favour one of them.
      for (let k = 0; k < METHODS.length; k++) {
        const method = METHODS[(pair + k) % METHODS.length]!;
        await measure(method, 'introduce', true);
        await measure(method, 'fix', true);
      }
    }

    const results: BenchResults = { vscodeVersion: vscode.version, waitOptions: WAIT, samples };
    const out = process.env.RELAY_BENCH_RESULTS;
    if (out) writeFileSync(out, JSON.stringify(results, null, 2));
  });

  async function editAndReport(method: Method, path: string, before: string, after: string) {
    const key = vscode.Uri.file(path).toString();
    const old = diagnostics.get([path]).get(path) ?? [];
    let t0 = 0;
    let firstChangeMs: number | undefined;
    const spy = vscode.languages.onDidChangeDiagnostics((e) => {
      if (firstChangeMs === undefined && e.uris.some((u) => u.toString() === key)) firstChangeMs = performance.now() - t0;
    });
    // Ours starts watching before the edit is applied, so a fast server's answer cannot be missed.
    const watch = method.sleepMs === undefined ? diagnostics.watch([path]) : undefined;
    try {
      t0 = performance.now();
      const applied = await applier.apply([{ kind: 'update', path, baseText: before, proposedText: after }]);
      assert.ok(applied.ok, JSON.stringify(applied));
      const outcome = watch ? (await watch.settled(WAIT)).outcome : undefined;
      if (method.sleepMs) await sleep(method.sleepMs);
      const reported = diagnostics.get([path]).get(path) ?? [];
      // The report the model receives: what the edit introduced and fixed.
      computeDiagnosticsDelta([{ path, before: old, after: reported, changes: lineChangesBetween(before, after) }]);
      const latencyMs = performance.now() - t0;
      return { latencyMs, firstChangeMs: firstChangeMs !== undefined && firstChangeMs <= latencyMs ? firstChangeMs : undefined, reported, outcome };
    } finally {
      spy.dispose();
      watch?.dispose();
    }
  }

  /** The file's diagnostics once quiet for FINAL_QUIET_MS and agreeing with the file (an error iff it has one). */
  async function finalDiagnostics(uri: vscode.Uri, expectError: boolean): Promise<DiagnosticInfo[] | undefined> {
    const deadline = Date.now() + FINAL_DEADLINE_MS;
    for (;;) {
      await waitForQuiet({
        subscribe: (listener) => vscode.languages.onDidChangeDiagnostics((e) => listener(e.uris.map((u) => u.toString()))),
        keys: [uri.toString()],
        quietMs: FINAL_QUIET_MS,
        deadlineMs: Math.max(0, deadline - Date.now()),
      });
      const now = diagnostics.get([uri.fsPath]).get(uri.fsPath) ?? [];
      if (errorCount(now) > 0 === expectError) return now;
      if (Date.now() >= deadline) return undefined;
    }
  }
});

function errorCount(ds: readonly DiagnosticInfo[]): number {
  return ds.filter((d) => d.severity === 'error').length;
}

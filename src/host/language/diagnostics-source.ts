// VS Code's diagnostics as the tools see them. After an edit we wait on onDidChangeDiagnostics for the
// edited files (first change, then a quiet window, under a deadline) instead of sleeping a fixed time.
import * as vscode from 'vscode';
import type { DiagnosticInfo, DiagnosticSeverity } from '../../core/edit/diagnostics-delta';
import { waitForQuiet } from '../../core/edit/settle';
import type { DiagnosticsSource, DiagnosticsWaitOptions, DiagnosticsWaitResult, DiagnosticsWatch } from '../../core/ports/diagnostics';

const SEVERITY: Record<vscode.DiagnosticSeverity, DiagnosticSeverity> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'info',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

export function toDiagnosticInfo(d: vscode.Diagnostic): DiagnosticInfo {
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  return {
    range: {
      start: { line: d.range.start.line, character: d.range.start.character },
      end: { line: d.range.end.line, character: d.range.end.character },
    },
    severity: SEVERITY[d.severity],
    message: d.message,
    ...(d.source ? { source: d.source } : {}),
    ...(code !== undefined ? { code } : {}),
  };
}

export class VsCodeDiagnostics implements DiagnosticsSource {
  get(paths: readonly string[]): Map<string, DiagnosticInfo[]> {
    return new Map(paths.map((p) => [p, vscode.languages.getDiagnostics(vscode.Uri.file(p)).map(toDiagnosticInfo)]));
  }

  all(): Map<string, DiagnosticInfo[]> {
    const out = new Map<string, DiagnosticInfo[]>();
    for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
      if (uri.scheme === 'file' && diagnostics.length) out.set(uri.fsPath, diagnostics.map(toDiagnosticInfo));
    }
    return out;
  }

  watch(paths: readonly string[]): DiagnosticsWatch {
    const keys = paths.map((p) => vscode.Uri.file(p).toString());
    const watched = new Set(keys);
    const started = Date.now();
    let changes = 0;
    let firstChange: (() => void) | undefined;
    const counting = vscode.languages.onDidChangeDiagnostics((e) => {
      if (!e.uris.some((u) => watched.has(u.toString()))) return;
      changes++;
      firstChange?.();
    });
    return {
      async settled(options: DiagnosticsWaitOptions): Promise<DiagnosticsWaitResult> {
        const result = (outcome: DiagnosticsWaitResult['outcome']) => ({ outcome, elapsedMs: Date.now() - started, changes });
        if (changes === 0) {
          const arrived = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), options.firstEventMs);
            firstChange = () => {
              clearTimeout(timer);
              resolve(true);
            };
            options.signal?.addEventListener('abort', () => resolve(false), { once: true });
          });
          firstChange = undefined;
          if (options.signal?.aborted) return result('cancelled');
          if (!arrived) return result('no-change');
        }
        const remaining = Math.max(0, options.deadlineMs - (Date.now() - started));
        const quiet = await waitForQuiet({
          subscribe: (listener) => vscode.languages.onDidChangeDiagnostics((e) => listener(e.uris.map((u) => u.toString()))),
          keys,
          quietMs: options.quietMs,
          deadlineMs: remaining,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        return result(quiet.outcome);
      },
      dispose: () => counting.dispose(),
    };
  }
}

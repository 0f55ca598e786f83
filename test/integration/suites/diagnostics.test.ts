import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { computeDiagnosticsDelta } from '../../../src/core/edit/diagnostics-delta';
import { lineChangesBetween } from '../../../src/core/edit/line-changes';
import { VsCodeDiagnostics } from '../../../src/host/language/diagnostics-source';
import { WorkspaceEditApplier } from '../../../src/host/editing/workspace-edit-applier';

describe('diagnostics by event inside real VS Code (JSON language server)', () => {
  const diagnostics = new VsCodeDiagnostics();
  const applier = new WorkspaceEditApplier();
  const wait = { firstEventMs: 3_000, quietMs: 200, deadlineMs: 10_000 };

  async function editAndReport(path: string, before: string, after: string) {
    const old = diagnostics.get([path]).get(path) ?? [];
    const watch = diagnostics.watch([path]);
    try {
      const outcome = await applier.apply([{ kind: 'update', path, baseText: before, proposedText: after }]);
      assert.equal(outcome.ok, true);
      const settled = await watch.settled(wait);
      const now = diagnostics.get([path]).get(path) ?? [];
      return { settled, delta: computeDiagnosticsDelta([{ path, before: old, after: now, changes: lineChangesBetween(before, after) }]) };
    } finally {
      watch.dispose();
    }
  }

  it('reports the error an edit introduced, then the fix as fixed', async () => {
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'settings-under-edit.json');
    const clean = '{\n  "name": "relay",\n  "tabs": 2\n}\n';
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(clean));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });

    const broken = '{\n  "name": "relay",\n  "tabs": 2,\n}\n';
    const first = await editAndReport(uri.fsPath, clean, broken);
    assert.equal(first.settled.outcome, 'settled', JSON.stringify(first.settled));
    assert.ok(first.settled.changes >= 1);
    assert.equal(first.delta.introduced.length, 1, first.delta.text);
    assert.match(first.delta.introduced[0]!.message, /trailing comma/i);
    assert.equal(first.delta.introduced[0]!.range.start.line, 2);

    const second = await editAndReport(uri.fsPath, broken, clean);
    assert.equal(second.delta.introduced.length, 0, second.delta.text);
    assert.equal(second.delta.fixed, 1);
  });
});

// "Open diff" on a tool card. While the call awaits approval it opens the live, editable proposal (the same
// editor the approval prompt opens); once applied, VS Code's diff editor shows the text before the call
// against the file as it is now. Sub-agent cards are named `parent/child`: the child's own call id decides.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { ApprovalGate } from '../../core/ports/approval';
import { type ProposalFileSystem, proposalUri } from '../editing/proposal-fs';
import type { AppliedEdits } from './applied-edits';

export type DiffOpenResult = 'opened' | 'unavailable';

export class CardDiffs {
  private readonly pending = new Map<string, () => Promise<void>>();

  constructor(
    private readonly applied: AppliedEdits,
    private readonly proposals: ProposalFileSystem,
  ) {}

  /** The gate, watched: a call's proposal can be opened from its card for as long as the call awaits approval. */
  watch(gate: ApprovalGate): ApprovalGate {
    return {
      approve: async (request, signal) => {
        if (request.diff) this.pending.set(request.callId, request.diff.open);
        try {
          return await gate.approve(request, signal);
        } finally {
          this.pending.delete(request.callId);
        }
      },
    };
  }

  async open(cardId: string): Promise<DiffOpenResult> {
    const callId = cardId.slice(cardId.lastIndexOf('/') + 1);
    const pending = this.pending.get(callId);
    if (pending) {
      await pending();
      return 'opened';
    }
    const files = this.applied.get(callId);
    if (!files?.length) return 'unavailable';
    for (const [i, file] of files.entries()) {
      const before = proposalUri(`applied-${callId}-${i}`, file.path);
      this.proposals.write(before, file.before);
      let after = vscode.Uri.file(file.path);
      if (file.after === undefined) {
        after = proposalUri(`deleted-${callId}-${i}`, file.path);
        this.proposals.write(after, '');
      }
      const name = file.path.split(/[\\/]/).pop() ?? file.path;
      await vscode.commands.executeCommand('vscode.diff', before, after, l10n.t('{0} (Relay: before ↔ now)', name), {
        preview: true,
        preserveFocus: true,
      } satisfies vscode.TextDocumentShowOptions);
    }
    return 'opened';
  }
}

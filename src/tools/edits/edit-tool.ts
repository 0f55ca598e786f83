// The pipeline edit_file, write_file and apply_patch share:
// prepare  computes the proposal (a ToolError if it cannot apply, so nobody approves a doomed edit), shows it on
//          the card, opens the diff editor now or on demand from the approval prompt, and names the paths;
// execute  takes what the user accepted (their edits to the proposal included), applies it as one undoable
//          workspace edit (recomputing once if the file changed meanwhile), waits for diagnostics by event and
//          tells the model how the edit matched and which errors it introduced or fixed;
// always   closes the diff editors: after apply, on cancel, and at dispose (a denied call never executes).
import { ToolErrorType, type ToolContext, type ToolPreparation } from '../../core/tools';
import { BuiltinTool } from '../builtin-tool';
import { displayPath } from '../paths';
import { DEFAULT_DIAGNOSTICS_WAIT } from '../services';
import { applyAccepted } from './apply-accepted';
import { DiagnosticsCheck } from './diagnostics-check';
import { type EditPlan, pathAfter, touchedPaths } from './edit-plan';
import { type AcceptedChange, acceptedChange, EditPreviews } from './edit-previews';
import { diffBlocks, userEditNotes } from './edit-report';
import { rejectedEverything, rejectionNotes, rejectionSummary, uiRejectedEverything } from './review-report';

interface Prepared {
  plan: EditPlan;
  previews: EditPreviews;
  stopOnAbort(): void;
}

export abstract class EditTool<P> extends BuiltinTool<P> {
  readonly kind = 'write' as const;
  private prepared: Prepared | undefined;

  /** The proposal, computed from the files as they are now; throws a ToolError when the edit cannot apply. */
  protected abstract plan(params: P, signal: AbortSignal): Promise<EditPlan>;

  /** Whether the edit can be computed again against a file that changed meanwhile (not a whole-file write). */
  protected readonly recomputeOnConflict: boolean = true;

  async prepare(params: P, ctx: ToolContext): Promise<ToolPreparation> {
    await this.release();
    const plan = await this.plan(params, ctx.signal);
    const previews = new EditPreviews(this.services.reviewer, ctx.callId, plan.changes, this.show);
    const onAbort = () => void previews.close();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    this.prepared = { plan, previews, stopOnAbort: () => ctx.signal.removeEventListener('abort', onAbort) };
    // A diff editor that fails to open must not sink the edit: the approval prompt still shows its size.
    if (this.services.options?.previewEdits) await previews.open().catch((error: unknown) => ctx.log.warn('The edit preview could not be opened', error));

    const proposal = diffBlocks(plan.changes, this.show, true);
    // DOING merges into the call's status (WAIT would start it afresh and drop its params); the card still reads
    // "awaiting approval", since its state is the runtime's.
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: plan.summary, blocks: proposal.blocks });
    const first = plan.changes[0]!;
    return {
      targets: { paths: touchedPaths(plan.changes) },
      summary: plan.summary,
      diff: {
        path: pathAfter(first) ?? first.path,
        added: proposal.added,
        removed: proposal.removed,
        open: () => previews.open(),
        review: (signal) => previews.review(signal),
      },
    };
  }

  protected async run(params: P, ctx: ToolContext): Promise<void> {
    // Without a prepare step (a runtime that skips it), the proposal is computed here and applied unseen.
    const plan = this.prepared?.plan ?? (await this.plan(params, ctx.signal));
    const previews = this.prepared?.previews;
    try {
      ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: plan.summary });
      const reviewed: AcceptedChange[] = previews ? await previews.accepted() : plan.changes.map((change) => acceptedChange(change, undefined));
      const reason = await previews?.reason();
      const accepted = reviewed.filter((a) => !a.dropped);
      if (accepted.length === 0) {
        // Allowed, yet the user had rejected every hunk in the diff editor: nothing to apply, and the model hears why.
        this.fail(ctx, ToolErrorType.USER_DENIED, { model: `The user ${rejectedEverything(reviewed, this.show, reason)}`, ui: uiRejectedEverything(reviewed, this.show, reason) });
        return;
      }
      const check = DiagnosticsCheck.start(this.services.diagnostics, accepted.map((a) => a.change));
      try {
        const result = await applyAccepted({
          applier: this.services.applier,
          origin: { callId: ctx.callId },
          accepted,
          plan,
          ...(this.recomputeOnConflict && accepted.length === reviewed.length ? { replan: () => this.plan(params, ctx.signal) } : {}),
          show: this.show,
          read: (path) => this.services.files.readText(path).catch(() => undefined),
        });
        // The diff editors go as soon as the files hold the result: the user sees the real file from here on.
        await this.release();
        if (!result.ok) {
          this.fail(ctx, result.type, result.message);
          return;
        }
        const wait = this.services.options?.diagnosticsWait ?? DEFAULT_DIAGNOSTICS_WAIT;
        const diagnostics = await check.finish(result.applied, wait, ctx.signal, this.show);
        const recomputed = result.recomputed
          ? [`${result.applied.length > 1 ? 'A file' : 'The file'} changed after the edit was proposed (it was edited meanwhile); the edit was matched again against its current text and applied.`]
          : [];
        const reworked = result.recomputed ? [] : userEditNotes(accepted, this.show);
        const rejections = rejectionNotes(reviewed, this.show, reason);
        const text = [...recomputed, result.plan.message, ...(rejections ? [rejections] : []), ...reworked, diagnostics.text].join('\n\n');
        // Still openable: the host keeps each applied call's before and after for the card's "Open diff".
        const applied = diffBlocks(result.applied, this.show, true);
        const counts = `+${applied.added} -${applied.removed}`;
        const partial = rejectionSummary(reviewed);
        const why = reason?.trim() ? ` (${reason.trim()})` : '';
        this.succeed(ctx, text, {
          showTip: `${result.plan.summary} (${counts}${partial ? `; ${partial}${why}` : ''})`,
          result: `${result.plan.summary}: ${counts}${partial ? `; ${partial}${why}` : ''}${diagnostics.introduced > 0 ? `, ${diagnostics.introduced} new errors` : ''}`,
          blocks: applied.blocks,
          metadata: {
            added: applied.added,
            removed: applied.removed,
            introducedErrors: diagnostics.introduced,
            fixedErrors: diagnostics.fixed,
            userEdited: reworked.length > 0,
            recomputed: result.recomputed,
            rejectedHunks: reviewed.reduce((n, a) => n + a.rejected.length, 0),
          },
        });
      } finally {
        check.dispose();
      }
    } finally {
      await this.release();
    }
  }

  async dispose(): Promise<void> {
    await this.release();
  }

  protected readonly show = (path: string): string => displayPath(path, this.roots());

  private async release(): Promise<void> {
    const prepared = this.prepared;
    this.prepared = undefined;
    if (!prepared) return;
    prepared.stopOnAbort();
    await prepared.previews.close();
  }
}


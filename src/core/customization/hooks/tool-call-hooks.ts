// The configured hooks behind the tool layer's hook point (src/core/tools/call-hooks.ts): PreToolUse before a
// call is approved, PostToolUse (or PostToolUseFailure) after it ran, each hook in its own source's format.
import { l10n } from '../../l10n';
import type { AfterToolCall, BeforeToolCall, ToolCallHookRequest, ToolCallHooks } from '../../tools/call-hooks';
import type { ToolCallOutcome } from '../../tools/call-lifecycle';
import type { HookNote } from '../../tools/status-types';
import { contextNotes, failureNotes, hookLabel, messageNotes, refusal, stopped } from './notes';
import type { HookRunner } from './runner';
import { toRelayInput } from './tool-names';
import { hookToolViews } from './tool-views';
import type { HookDefinition, HookEvent, HookOutcome } from './types';
import type { HookEventInput } from './wire';

/** The session facts every event carries. */
export interface HookSessionInfo {
  sessionId: string;
  cwd: string;
  workspaceRoots: readonly string[];
  permissionMode?: string;
  transcriptPath?: string;
}

export interface HookSet {
  /** The hooks that may run now: user hooks, and workspace hooks in a trusted workspace once confirmed. */
  current(): Promise<readonly HookDefinition[]>;
}

export class ConfiguredToolHooks implements ToolCallHooks {
  constructor(
    private readonly set: HookSet,
    private readonly runner: HookRunner,
    private readonly session: () => HookSessionInfo,
    private readonly now: () => number = Date.now,
  ) {}

  async beforeCall(request: ToolCallHookRequest): Promise<BeforeToolCall> {
    const outcome = await this.run('PreToolUse', request);
    const notes: HookNote[] = [...failureNotes(outcome), ...messageNotes(outcome)];
    const answer: BeforeToolCall = { notes };
    if (outcome.stop) {
      answer.stop = stopped(outcome);
      notes.push({ kind: 'stopped', text: answer.stop.ui });
      return answer;
    }
    if (outcome.permission === 'deny') {
      answer.decision = 'deny';
      answer.reason = refusal(outcome);
      notes.push({ kind: 'blocked', text: answer.reason.ui });
      return answer;
    }
    if (outcome.updatedInput && hookToolViews(request.toolName, request.params)[0]?.callName) {
      // A hook changed one file's view of a patch: there is no faithful way back into the patch text.
      notes.push({ kind: 'input-changed', text: l10n.t("A PreToolUse hook's change to one file of this patch was not applied: a patch is changed as a whole.") });
    } else if (outcome.updatedInput) {
      answer.updatedParams = toRelayInput(request.toolName, request.params, outcome.updatedInput);
      notes.push({ kind: 'input-changed', text: l10n.t('A PreToolUse hook changed the input of this call.') });
    }
    if (outcome.permission && outcome.decidedBy) {
      const label = hookLabel(outcome.decidedBy);
      answer.decision = outcome.permission;
      answer.reason = outcome.reason
        ? l10n.both('The PreToolUse hook {0} answered "{1}": {2}', label, outcome.permission, outcome.reason)
        : l10n.both('The PreToolUse hook {0} answered "{1}".', label, outcome.permission);
      notes.push({ kind: outcome.permission === 'ask' ? 'asked' : 'allowed', text: answer.reason.ui });
    }
    if (outcome.context.length > 0) {
      answer.context = outcome.context.join('\n\n');
      notes.push(...contextNotes(outcome));
    }
    return answer;
  }

  async afterCall(request: ToolCallHookRequest & { outcome: ToolCallOutcome }): Promise<AfterToolCall> {
    const failed = request.outcome.state !== 'success';
    const event: HookEvent = failed ? 'PostToolUseFailure' : 'PostToolUse';
    let outcome = await this.run(event, request, request.outcome);
    // Hooks written for PostToolUse alone (Cline, Copilot) still see failed calls.
    if (failed && outcome.runs.length === 0) outcome = await this.run('PostToolUse', request, request.outcome);
    const notes: HookNote[] = [...failureNotes(outcome), ...messageNotes(outcome)];
    const answer: AfterToolCall = { notes };
    const context = [...outcome.context];
    // After the call, a block cannot undo it: its reason goes to the model (as Claude Code does).
    if (outcome.permission === 'deny' && outcome.decidedBy) {
      const said = refusal(outcome);
      context.unshift(said.model);
      notes.push({ kind: 'blocked', text: said.ui });
    }
    if (context.length > 0) answer.context = context.join('\n\n');
    notes.push(...contextNotes(outcome));
    if (outcome.stop) {
      answer.stop = stopped(outcome);
      notes.push({ kind: 'stopped', text: answer.stop.ui });
    }
    return answer;
  }

  private async run(event: HookEvent, request: ToolCallHookRequest, result?: ToolCallOutcome): Promise<HookOutcome> {
    const hooks = await this.set.current();
    if (!hooks.some((hook) => hook.event === event)) return { context: [], runs: [] };
    const session = this.session();
    const now = this.now();
    const response = result ? { response: result.content, ...(result.isError ? { error: typeof result.content === 'string' ? result.content : 'error' } : {}), ...(result.durationMs !== undefined ? { durationMs: result.durationMs } : {}) } : {};
    // One input per view: an apply_patch call is one per file it touches (tool-views.ts).
    const inputs: HookEventInput[] = hookToolViews(request.toolName, request.params).map((view) => ({
      event,
      ...session,
      now,
      tool: { name: view.name, input: view.input, callId: request.callId, ...(view.callName ? { callName: view.callName, callInput: request.params } : {}), ...response },
    }));
    return this.runner.run(hooks, inputs, request.signal);
  }
}

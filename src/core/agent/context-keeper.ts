// Keeping each request inside the context window, before it is sent: condense when the history nears the limit
// (or the user asked), and shorten (context-budget.ts) when condensing fails or is not enough.
import { estimateTokens } from '../model/provider';
import { l10n } from '../l10n';
import type { LoopHost } from './loop-host';
import { condensedHistory, requestSummary, splitForCondense, summaryRequest } from './condense';
import { estimateHistoryTokens, fitToContext, type ContextLimits, type FitResult } from './context-budget';
import type { PreparedPrompt } from './model-request';
import { costUsd } from '../model/catalog';
import { condensedCounts } from './context-used';

/** Condense once the history is estimated above this share of the budget: near the window, not at it. */
export const CONDENSE_AT_SHARE = 0.85;

export type CondenseOutcome = { condensed: true } | { condensed: false; reason: string };

export async function keepWithinContext(host: LoopHost, prompt: PreparedPrompt, limits: ContextLimits, signal: AbortSignal): Promise<void> {
  const requested = host.takeCondenseRequest();
  if (requested || estimateHistoryTokens(host.history()) > limits.maxTokens * CONDENSE_AT_SHARE) {
    const outcome = await condenseHistory(host, prompt, requested ? 'manual' : 'auto', signal);
    if (signal.aborted) return;
    if (!outcome.condensed && (requested || estimateHistoryTokens(host.history()) > limits.maxTokens)) {
      host.emit({ type: 'notice', id: host.newId(), text: couldNotCondense(outcome.reason), level: 'warning' });
    }
  }
  shortenIfNeeded(host, limits);
}

/** Replaces the older turns with the model's summary; never throws (a failure is the outcome's reason). */
export async function condenseHistory(host: LoopHost, prompt: PreparedPrompt, trigger: 'auto' | 'manual', signal: AbortSignal): Promise<CondenseOutcome> {
  const history = host.history();
  const split = splitForCondense(history);
  if (!split) return { condensed: false, reason: l10n.t('the conversation is too short to condense.') };
  // PreCompact hooks are told first; they cannot stop it, their failures are shown.
  const hooks = host.options.sessionHooks?.(host.manager.taskId);
  if (hooks) for (const notice of (await hooks.preCompact(trigger, signal)).notices) host.emit({ type: 'notice', id: host.newId(), text: notice.text, level: notice.level });
  const fixed = estimateTokens(prompt.system) + estimateTokens(JSON.stringify(prompt.tools));
  const estimatedBefore = fixed + estimateHistoryTokens(history);
  let result;
  try {
    result = await requestSummary(host.options.provider, summaryRequest(prompt, split.older), signal);
  } catch (error) {
    if (signal.aborted) return { condensed: false, reason: l10n.t('cancelled.') };
    host.logger.warn('Condensing the conversation failed', error);
    return { condensed: false, reason: `${error instanceof Error ? error.message : String(error)}.` };
  }
  // The summary's request costs, but is not the conversation's context: the meter stays.
  if (result.usage) host.addUsage(result.usage, costUsd(result.usage, host.options.provider.model.pricing), false);
  let next = condensedHistory(result.summary, split.recent);
  const estimatedAfter = fixed + estimateHistoryTokens(next);
  // A summary longer than the turns it would replace only loses detail (seen as "7,425 → 7,439 tokens").
  if (estimatedAfter >= estimatedBefore) return { condensed: false, reason: l10n.t('the summary is not shorter than the turns it would replace, so the conversation is kept as it is.') };
  // SessionStart hooks matched to `compact` run once it is condensed (as in Claude Code); their context stays with the summary.
  if (hooks) {
    const started = await hooks.sessionStart('compact', signal);
    for (const notice of started.notices) host.emit({ type: 'notice', id: host.newId(), text: notice.text, level: notice.level });
    if (started.context) next = condensedHistory(result.summary, split.recent, started.context);
  }
  host.replaceHistory(next);
  // The same figure as the meter: the card starts where the meter stood (context-used.ts).
  const { tokensBefore, tokensAfter } = condensedCounts(host.contextUsed(), estimatedBefore, estimatedAfter);
  host.emit({ type: 'condensed', id: host.newId(), summary: result.summary, tokensBefore, tokensAfter, trigger, ts: host.now() });
  host.save();
  return { condensed: true };
}

/** The fallback: shorten old tool outputs and drop old turns (context-budget.ts). */
function shortenIfNeeded(host: LoopHost, limits: ContextLimits): void {
  const result = fitToContext(host.history(), limits);
  if (!result.changed) return;
  host.replaceHistory(result.messages);
  host.emit({ type: 'notice', id: host.newId(), text: describeFit(result), level: result.fits ? 'info' : 'warning' });
  host.save();
}

/** The notice when condensing did not happen; `reason` is already in the person's language. */
export function couldNotCondense(reason: string): string {
  return l10n.t('Relay could not condense the conversation: {0}', reason);
}

function describeFit(result: FitResult): string {
  const parts: string[] = [];
  if (result.shortenedOutputs > 0) parts.push(l10n.t('old tool outputs shortened: {0}', result.shortenedOutputs));
  if (result.shortenedArguments > 0) parts.push(l10n.t('old tool calls with shortened arguments: {0}', result.shortenedArguments));
  if (result.droppedTurns > 0) parts.push(l10n.t('old turns removed: {0}', result.droppedTurns));
  const head = l10n.t("To fit the model's context window, Relay changed the conversation ({0}).", parts.join(l10n.t(', ')));
  return result.fits ? head : `${head} ${l10n.t('The conversation is still too long; start a new task if the model fails.')}`;
}

// Token usage and its cost. Providers may report usage more than once per turn (Anthropic sends the input at
// the start and the output at the end, both cumulative), so one turn's usage is the largest value seen per field.
import type { Usage } from '../model/events';
import type { TaskUsageTotals } from '../ports/task-store';

export class TurnUsage {
  private current: Usage | undefined;

  add(usage: Usage): void {
    const previous = this.current;
    this.current = {
      inputTokens: Math.max(previous?.inputTokens ?? 0, usage.inputTokens),
      outputTokens: Math.max(previous?.outputTokens ?? 0, usage.outputTokens),
      cacheReadTokens: Math.max(previous?.cacheReadTokens ?? 0, usage.cacheReadTokens ?? 0),
      cacheWriteTokens: Math.max(previous?.cacheWriteTokens ?? 0, usage.cacheWriteTokens ?? 0),
    };
  }

  get value(): Usage | undefined {
    return this.current;
  }
}

/** Adds one turn to the totals; the cost stays absent until some turn had a price. */
export function addUsage(total: TaskUsageTotals, turn: Usage, turnCostUsd: number | undefined): TaskUsageTotals {
  const next: TaskUsageTotals = {
    inputTokens: total.inputTokens + turn.inputTokens,
    outputTokens: total.outputTokens + turn.outputTokens,
    cacheReadTokens: total.cacheReadTokens + (turn.cacheReadTokens ?? 0),
    cacheWriteTokens: total.cacheWriteTokens + (turn.cacheWriteTokens ?? 0),
  };
  if (total.costUsd !== undefined || turnCostUsd !== undefined) next.costUsd = (total.costUsd ?? 0) + (turnCostUsd ?? 0);
  return next;
}

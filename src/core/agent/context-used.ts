// One definition of "context used", for the header's meter and the "Context condensed" card alike: the tokens
// of the conversation's last request as the provider counted them (input, cache reads and cache writes), or
// Relay's estimate where no request has been counted yet.
import type { Usage } from '../model/events';

/** The context a request used, as its provider reported it. */
export function contextUsed(usage: Usage): number {
  return usage.inputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
}

/**
 * The card's "before → after": before is what the meter shows (the last request's count), after is that count
 * shrunk by the share the summary saved in Relay's estimate. So the card starts where the meter stood, and the
 * meter reads the card's "after" until the next request is counted. Without a counted request both are estimates.
 */
export function condensedCounts(meter: number | undefined, estimatedBefore: number, estimatedAfter: number): { tokensBefore: number; tokensAfter: number } {
  if (meter === undefined || meter <= 0 || estimatedBefore <= 0) return { tokensBefore: estimatedBefore, tokensAfter: estimatedAfter };
  return { tokensBefore: meter, tokensAfter: Math.round((meter * estimatedAfter) / estimatedBefore) };
}

// "Did you mean" for unknown tools (behaviour 14): the closest names by edit distance, so the model can retry.
import { distance } from 'fastest-levenshtein';
import { l10n, type Said } from '../l10n';

export function suggestToolNames(requested: string, available: readonly string[], count = 3): string[] {
  const wanted = requested.toLowerCase();
  return available
    .map((name) => ({ name, score: distance(wanted, name.toLowerCase()) }))
    .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, count)
    .map((entry) => entry.name);
}

export function toolNotFoundMessage(requested: string, suggestions: readonly string[]): Said {
  const hint = suggestions.length > 0 ? l10n.both('Did you mean one of: {0}?', suggestions.join(', ')) : l10n.both('No tools are available.');
  return l10n.both('Tool "{0}" not found. {1}', requested, hint);
}

/** A case-only mismatch ("Read_File") is repaired silently when exactly one available name matches. */
export function caseInsensitiveMatch(requested: string, available: readonly string[]): string | undefined {
  const wanted = requested.toLowerCase();
  const matches = available.filter((name) => name.toLowerCase() === wanted);
  return matches.length === 1 ? matches[0] : undefined;
}

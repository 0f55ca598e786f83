// Claude Code's matcher: empty or `*` matches every tool; letters, digits, `_` and `|` only is a list of exact
// names; anything else is a regular expression. Relay matches it against the tool's Claude name and its own
// name, so `Bash` and `run_command` both select run_command.
import { claudeToolName } from './tool-names';

export type MatcherTest = (toolName: string) => boolean;

export type CompiledMatcher = { ok: true; test: MatcherTest } | { ok: false; error: string };

export function compileMatcher(matcher: string | undefined): CompiledMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return { ok: true, test: () => true };
  if (/^[A-Za-z0-9_|]+$/.test(matcher)) {
    const names = new Set(matcher.split('|').filter((n) => n !== ''));
    return { ok: true, test: (tool) => names.has(tool) || names.has(claudeToolName(tool)) };
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${matcher})$`);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  return { ok: true, test: (tool) => pattern.test(tool) || pattern.test(claudeToolName(tool)) };
}

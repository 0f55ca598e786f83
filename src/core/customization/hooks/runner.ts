// Runs the hooks of one event: picks those whose event and matcher fit, runs them at once (as Claude Code does;
// one command line configured twice runs once), reads each answer in its source's format and combines them.
// The processes themselves are the host's (HookProcessRunner): spawned in a process group, killed on timeout.
import { combineHookRuns } from './decide';
import { compileMatcher } from './matcher';
import type { HookDefinition, HookOutcome, HookProcessResult, HookRunReport } from './types';
import { type HookEventInput, interpretResult, toStdin } from './wire';

export interface HookProcessRunner {
  /** Runs the hook's command with `stdin`; never rejects (a spawn failure is `spawnError`). */
  run(hook: HookDefinition, stdin: string, signal: AbortSignal): Promise<HookProcessResult>;
}

/** The hooks that apply to this event; `matcherErrors` are hooks whose matcher is not a valid pattern. */
export function hooksFor(hooks: readonly HookDefinition[], input: HookEventInput): { hooks: HookDefinition[]; matcherErrors: { hook: HookDefinition; error: string }[] } {
  const selected: HookDefinition[] = [];
  const matcherErrors: { hook: HookDefinition; error: string }[] = [];
  const seen = new Set<string>();
  for (const hook of hooks) {
    if (hook.event !== input.event) continue;
    if (hook.nativeEvent === 'TaskResume' && input.source !== 'resume') continue;
    if (hook.nativeEvent === 'TaskStart' && input.source === 'resume') continue;
    const subject = matcherSubject(input);
    if (subject !== undefined && hook.matcher !== undefined) {
      const matcher = compileMatcher(hook.matcher);
      if (!matcher.ok) {
        matcherErrors.push({ hook, error: matcher.error });
        continue;
      }
      if (!matcher.test(subject)) continue;
    }
    const key = `${hook.style}\0${hook.cwd ?? ''}\0${hook.command}`;
    if (seen.has(key)) continue;
    seen.add(key);
    selected.push(hook);
  }
  return { hooks: selected, matcherErrors };
}

/**
 * What a Claude-style matcher is compared with, per event: the tool's name; SessionStart's source (`startup`,
 * `resume`, `clear`, `compact`); PreCompact's trigger (`manual`, `auto`); Notification's type. Events without a
 * subject (UserPromptSubmit, Stop) ignore the matcher, as Claude Code does.
 */
function matcherSubject(input: HookEventInput): string | undefined {
  if (input.tool) return input.tool.name;
  if (input.event === 'SessionStart' || input.event === 'PreCompact') return input.source;
  if (input.event === 'Notification') return input.notificationType;
  return undefined;
}

export class HookRunner {
  constructor(
    private readonly processes: HookProcessRunner,
    private readonly now: () => number = Date.now,
  ) {}

  async run(hooks: readonly HookDefinition[], input: HookEventInput, signal: AbortSignal): Promise<HookOutcome> {
    const { hooks: selected, matcherErrors } = hooksFor(hooks, input);
    const broken: HookRunReport[] = matcherErrors.map(({ hook, error }) => ({
      ...identity(hook),
      verdict: { failure: { kind: 'error', detail: `invalid matcher "${hook.matcher}": ${error}` } },
      durationMs: 0,
    }));
    const runs = await Promise.all(selected.map((hook) => this.runOne(hook, input, signal)));
    return combineHookRuns([...broken, ...runs]);
  }

  private async runOne(hook: HookDefinition, input: HookEventInput, signal: AbortSignal): Promise<HookRunReport> {
    const started = this.now();
    const result = await this.processes.run(hook, toStdin(hook, input), signal);
    return { ...identity(hook), verdict: interpretResult(hook, result), durationMs: this.now() - started };
  }
}

function identity(hook: HookDefinition): Pick<HookRunReport, 'hookId' | 'event' | 'style' | 'source' | 'command'> {
  return { hookId: hook.id, event: hook.event, style: hook.style, source: hook.source, command: hook.command };
}

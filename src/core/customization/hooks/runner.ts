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
    const subjects = matcherSubjects(input);
    if (subjects.length > 0 && hook.matcher !== undefined) {
      const matcher = compileMatcher(hook.matcher);
      if (!matcher.ok) {
        matcherErrors.push({ hook, error: matcher.error });
        continue;
      }
      if (!subjects.some((subject) => matcher.test(subject))) continue;
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
function matcherSubjects(input: HookEventInput): string[] {
  // One file of a patch: the view's tool (Edit, Write) and the call's own (apply_patch, MultiEdit).
  if (input.tool) return input.tool.callName ? [input.tool.name, input.tool.callName] : [input.tool.name];
  const subject = input.event === 'SessionStart' || input.event === 'PreCompact' ? input.source : input.event === 'Notification' ? input.notificationType : undefined;
  return subject === undefined ? [] : [subject];
}

export class HookRunner {
  constructor(
    private readonly processes: HookProcessRunner,
    private readonly now: () => number = Date.now,
  ) {}

  /** Several inputs (one per file of a patch) run at once and answer together: a deny for one file denies the call. */
  async run(hooks: readonly HookDefinition[], input: HookEventInput | readonly HookEventInput[], signal: AbortSignal): Promise<HookOutcome> {
    const inputs = Array.isArray(input) ? input : [input as HookEventInput];
    const broken = new Map<string, HookRunReport>();
    const pending: Promise<HookRunReport>[] = [];
    for (const one of inputs) {
      const { hooks: selected, matcherErrors } = hooksFor(hooks, one);
      for (const { hook, error } of matcherErrors) {
        broken.set(hook.id, { ...identity(hook), verdict: { failure: { kind: 'error', detail: `invalid matcher "${hook.matcher}": ${error}` } }, durationMs: 0 });
      }
      pending.push(...selected.map((hook) => this.runOne(hook, one, signal)));
    }
    return combineHookRuns([...broken.values(), ...(await Promise.all(pending))]);
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

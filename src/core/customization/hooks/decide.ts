// Several hooks answering one event: deny beats ask beats allow (the first hook of the strongest answer gives
// the reason), a deny drops every input change, context from every hook is kept, in order.
import type { HookOutcome, HookPermission, HookRunReport } from './types';

const STRENGTH: Record<HookPermission, number> = { allow: 0, ask: 1, deny: 2 };

export function combineHookRuns(runs: readonly HookRunReport[]): HookOutcome {
  const outcome: HookOutcome = { context: [], runs: [...runs] };
  for (const run of runs) {
    const { verdict } = run;
    if (verdict.permission && (!outcome.permission || STRENGTH[verdict.permission] > STRENGTH[outcome.permission])) {
      outcome.permission = verdict.permission;
      outcome.decidedBy = run;
      if (verdict.reason !== undefined) outcome.reason = verdict.reason;
      else delete outcome.reason;
    }
    if (verdict.updatedInput) outcome.updatedInput = { ...outcome.updatedInput, ...verdict.updatedInput };
    if (verdict.context) outcome.context.push(verdict.context);
    if (verdict.stop && !outcome.stop) outcome.stop = { ...verdict.stop, hook: run };
  }
  if (outcome.permission === 'deny') delete outcome.updatedInput;
  return outcome;
}

// The loop guard (behaviour 34): the same call, by name and canonical arguments, several times in a row
// asks before it runs again. One guard per task; any different call resets the count.
import type { LoopObservation } from './types';

export const DEFAULT_LOOP_THRESHOLD = 3;

export class LoopGuard {
  private lastKey: string | undefined;
  private count = 0;

  constructor(private readonly threshold = DEFAULT_LOOP_THRESHOLD) {}

  /** Records a call about to run; `repeated` means it is the threshold-th identical call in a row (or more). */
  observe(toolName: string, args: unknown): LoopObservation {
    const key = `${toolName}\u0000${canonicalArguments(args)}`;
    this.count = key === this.lastKey ? this.count + 1 : 1;
    this.lastKey = key;
    return { consecutive: this.count, repeated: this.count >= this.threshold };
  }

  reset(): void {
    this.lastKey = undefined;
    this.count = 0;
  }
}

/** Arguments as canonical JSON; a JSON string (raw model output) is parsed first so spacing does not matter. */
export function canonicalArguments(args: unknown): string {
  if (typeof args === 'string') {
    try {
      return canonicalJson(JSON.parse(args));
    } catch {
      return JSON.stringify(args);
    }
  }
  return canonicalJson(args);
}

/** JSON with object keys sorted at every depth and `undefined` members dropped. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortDeep(value)) ?? 'null';
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortDeep(v)));
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    return Object.fromEntries(keys.map((k) => [k, sortDeep(record[k])]));
  }
  return value;
}

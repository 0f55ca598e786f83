// What a re-run of the review does to the comment threads already shown: a thread whose finding is reported again
// stays as it is (no flicker), every other old thread goes, and each new finding gets a thread. Old threads never
// outlive a run. `keyOf` says when two findings are the same (the host adds the repository to the finding's key).
import { type Finding, findingKey } from './findings';

export interface ShownThread {
  id: string;
  key: string;
}

export interface ThreadPlan<T> {
  keep: string[];
  dispose: string[];
  create: T[];
}

export function planThreads<T = Finding>(shown: readonly ShownThread[], findings: readonly T[], keyOf: (finding: T) => string = findingKey as (finding: T) => string): ThreadPlan<T> {
  const wanted = new Map<string, T>();
  for (const f of findings) if (!wanted.has(keyOf(f))) wanted.set(keyOf(f), f);
  const keep: string[] = [];
  const dispose: string[] = [];
  const kept = new Set<string>();
  for (const thread of shown) {
    if (wanted.has(thread.key) && !kept.has(thread.key)) {
      keep.push(thread.id);
      kept.add(thread.key);
    } else dispose.push(thread.id);
  }
  const create = [...wanted.entries()].filter(([key]) => !kept.has(key)).map(([, f]) => f);
  return { keep, dispose, create };
}

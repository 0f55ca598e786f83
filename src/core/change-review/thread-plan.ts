// What a re-run of the review does to the comment threads already shown: a thread whose finding is reported again
// stays as it is (no flicker, a reply the user typed is kept), every other old thread goes, and each new finding gets
// a thread. Old threads never outlive a run.
import { type Finding, findingKey } from './findings';

export interface ShownThread {
  id: string;
  key: string;
}

export interface ThreadPlan {
  keep: string[];
  dispose: string[];
  create: Finding[];
}

export function planThreads(shown: readonly ShownThread[], findings: readonly Finding[]): ThreadPlan {
  const wanted = new Map<string, Finding>();
  for (const f of findings) if (!wanted.has(findingKey(f))) wanted.set(findingKey(f), f);
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

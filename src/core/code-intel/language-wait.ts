// Asking a language feature when its server may still be starting. No API event says "the server is ready", and
// an early answer can be partial (TypeScript answers from a syntax-only server while the project loads: references
// in open files only). So the server's readiness is asked first, a little less often each time, under a deadline:
//   - nothing installed answers for the language -> asked once: an answer ('answered'; an extension activated for
//                                                   every file may answer) or 'unsupported'
//   - every provider active and the server ready -> asked: 'answered', empty or not (then empty is the answer)
//   - not ready at the deadline                  -> asked once more: an answer ('answered', flagged `early`), or
//                                                   'starting'
import type { LanguageSupport } from '../ports/language-features';

export interface LanguageWaitOptions {
  /** Never wait longer than this in total. */
  deadlineMs: number;
  /** First pause between attempts; doubled each time up to `maxPollMs`. */
  pollMs?: number;
  maxPollMs?: number;
  signal?: AbortSignal;
}

export const DEFAULT_LANGUAGE_WAIT: LanguageWaitOptions = { deadlineMs: 30_000, pollMs: 100, maxPollMs: 1000 };

export type LanguageAnswer<T> =
  /** `early`: answered before the server said it was ready (it may be partial). */
  | { outcome: 'answered'; value: T; waitedMs: number; early?: boolean }
  | { outcome: 'unsupported'; languageId: string }
  | { outcome: 'starting'; languageId: string; providers: string[]; waitedMs: number };

export interface LanguageQuestion<T> {
  /** The file's language and who may answer for it; read again each attempt (providers activate meanwhile). */
  support(): Promise<LanguageSupport>;
  ask(): Promise<T>;
  isEmpty(value: T): boolean;
  /** Whether the server has loaded the file's project, so that its answers are complete; false after `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
}

export async function askLanguage<T>(question: LanguageQuestion<T>, options: LanguageWaitOptions): Promise<LanguageAnswer<T>> {
  const started = Date.now();
  const waited = () => Date.now() - started;
  let pause = options.pollMs ?? DEFAULT_LANGUAGE_WAIT.pollMs!;
  const maxPause = options.maxPollMs ?? DEFAULT_LANGUAGE_WAIT.maxPollMs!;
  for (;;) {
    throwIfAborted(options.signal);
    const support = await question.support();
    if (support.providers.length === 0) {
      const value = await question.ask();
      return question.isEmpty(value) ? { outcome: 'unsupported', languageId: support.languageId } : { outcome: 'answered', value, waitedMs: waited() };
    }
    if (support.providers.every((p) => p.active) && (await question.ready(Math.max(0, options.deadlineMs - waited())))) return { outcome: 'answered', value: await question.ask(), waitedMs: waited() };
    const left = options.deadlineMs - waited();
    if (left <= 0) {
      const value = await question.ask();
      if (!question.isEmpty(value)) return { outcome: 'answered', value, waitedMs: waited(), early: true };
      return { outcome: 'starting', languageId: support.languageId, providers: support.providers.map((p) => p.id), waitedMs: waited() };
    }
    await sleep(Math.min(pause, left), options.signal);
    pause = Math.min(pause * 2, maxPause);
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw Object.assign(new Error('The request was cancelled'), { name: 'AbortError' });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

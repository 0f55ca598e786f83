// ask_followup_question's answers: the question is drawn in the chat (the tool's `question` block); the
// webview's `answerQuestion` intent resolves it here. No `vscode`: unit-tested in plain Node.
import type { UserQuestions } from '../../core/ports/user-questions';

interface Pending {
  resolve(answer: string): void;
  reject(error: Error): void;
}

export class PendingQuestions implements UserQuestions {
  private readonly pending = new Map<string, Pending>();

  ask(callId: string, _question: string, _options: readonly string[] | undefined, signal: AbortSignal): Promise<string> {
    if (signal.aborted) return Promise.reject(abortError());
    this.pending.get(callId)?.reject(new Error('The question was asked again'));
    return new Promise<string>((resolve, reject) => {
      const onAbort = (): void => {
        this.pending.delete(callId);
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(callId, {
        resolve: (answer) => {
          signal.removeEventListener('abort', onAbort);
          resolve(answer);
        },
        reject: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      });
    });
  }

  /** True when a question with this call id was waiting; a stale or forged answer is ignored. */
  answer(callId: string, answer: string): boolean {
    const waiting = this.pending.get(callId);
    if (!waiting) return false;
    this.pending.delete(callId);
    waiting.resolve(answer);
    return true;
  }

  get waiting(): number {
    return this.pending.size;
  }
}

function abortError(): Error {
  const error = new Error('The question was cancelled');
  error.name = 'AbortError';
  return error;
}

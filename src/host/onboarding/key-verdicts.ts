// One key state per provider, as every part of the chat shows it: none, saved, verified (a test or a request
// went through) or rejected (the provider refused it). A verdict belongs to the key it was reached with, so any
// key change forgets it; the last Test connection's words go with it, so the welcome never shows a test of
// another provider or of a key that is gone.
import type { ConnectionTestResult } from '../../core/model/connection-test';
import type { KeyStatus, WelcomeFacts } from '../../shared/chat-model';
import { WELCOME } from './strings';

type Verdict = Extract<KeyStatus, 'verified' | 'rejected'>;

export class KeyVerdicts {
  private readonly byProvider = new Map<string, { verdict?: Verdict; test?: NonNullable<WelcomeFacts['lastTest']> }>();

  /** A Test connection of `provider`'s current key. */
  recordTest(provider: string, result: ConnectionTestResult): void {
    const test = result.ok ? { ok: true, text: WELCOME.testedOk(result.latencyMs) } : { ok: false, text: `${result.advice.headline} ${result.advice.fix}` };
    const verdict: Verdict | undefined = result.ok ? 'verified' : result.error.kind === 'auth' ? 'rejected' : undefined;
    this.byProvider.set(provider, { ...(verdict ? { verdict } : {}), test });
  }

  /** A task's request went through (the key works), or was refused for its key. */
  recordRequest(provider: string, outcome: 'accepted' | 'rejected'): void {
    const entry = this.byProvider.get(provider) ?? {};
    entry.verdict = outcome === 'accepted' ? 'verified' : 'rejected';
    // Newer news than the last test: a test that says otherwise is no longer shown beside it.
    if (entry.test && entry.test.ok !== (outcome === 'accepted')) delete entry.test;
    this.byProvider.set(provider, entry);
  }

  /** A key was saved, replaced or removed: what was found out about the old one no longer holds. */
  forget(): void {
    this.byProvider.clear();
  }

  /** The stored key's state refined by what is known of it; `none`/`not-needed` stay as they are. */
  status(provider: string, stored: KeyStatus): KeyStatus {
    if (stored !== 'set') return stored;
    return this.byProvider.get(provider)?.verdict ?? 'set';
  }

  lastTest(provider: string): WelcomeFacts['lastTest'] {
    return this.byProvider.get(provider)?.test;
  }
}

// The model of an agent's turns: its candidates in order, then the user's own model. A candidate that fails before
// it said anything because it cannot serve here (no such model, no key, no access) gives way to the next, and the
// person is told once which model the agent's turns use and why (never a silent switch). Any other failure (a rate
// limit, the network) is the turn's failure, as with the user's own model.
import { l10n } from '../../l10n';
import type { ModelErrorKind, ModelStreamEvent } from '../../model/events';
import type { ModelInfo, ModelProvider, ModelRequest } from '../../model/provider';

/** Failures that mean "this model cannot be used here", not "this request failed". */
const UNAVAILABLE: ReadonlySet<ModelErrorKind> = new Set(['not_found', 'auth', 'forbidden']);

export interface FallbackEntry {
  /** As the agent's file writes it, for the note. */
  written: string;
  provider: ModelProvider;
}

export interface FallbackProviderOptions {
  agentName: string;
  /** Whose model it is, for the note: an agent's (default) or a slash command's, for its one turn. */
  owner?: 'agent' | 'command';
  candidates: readonly FallbackEntry[];
  /** The user's own model: the last fallback. */
  user: ModelProvider;
  /** The agent's models skipped before any request, with why (English). */
  skipped: readonly { model: string; why: string }[];
  /** Shows a sentence in the task's chat (a notice). */
  note(text: string): void;
  /** Once a session, at its first turn: the model the turns run on (provider id and model), or undefined for the user's own, with the sentence said. */
  using?(used: { provider: string; model: string } | undefined, why: string): void;
}

export class FallbackProvider implements ModelProvider {
  private index = 0;
  private readonly skipped: { model: string; why: string }[];
  private told = false;

  constructor(private readonly options: FallbackProviderOptions) {
    this.skipped = [...options.skipped];
  }

  private get current(): ModelProvider {
    return this.options.candidates[this.index]?.provider ?? this.options.user;
  }

  get id(): string {
    return this.current.id;
  }

  get model(): ModelInfo {
    return this.current.model;
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    for (;;) {
      const entry = this.options.candidates[this.index];
      if (!entry) {
        this.tell();
        yield* this.options.user.stream(request, signal);
        return;
      }
      const events = entry.provider.stream(request, signal)[Symbol.asyncIterator]();
      const first = await events.next();
      if (!first.done && first.value.type === 'error' && UNAVAILABLE.has(first.value.error.kind) && !signal.aborted) {
        this.skipped.push({ model: entry.written, why: first.value.error.message });
        this.index++;
        continue;
      }
      this.tell();
      if (!first.done) yield first.value;
      for (let next = await events.next(); !next.done; next = await events.next()) yield next.value;
      return;
    }
  }

  /** Once a session: which model the agent's turns run on (not the user's), and why when it is not the agent's first choice. */
  private tell(): void {
    if (this.told) return;
    this.told = true;
    const skipped = this.skipped.map((s) => l10n.t('{0} ({1})', s.model, s.why)).join('; ');
    const { agentName: name } = this.options;
    const label = this.current.model.label;
    const text =
      this.options.owner === 'command'
        ? this.skipped.length === 0
          ? l10n.t('The command {0} runs its turn on its own model, {1}.', name, label)
          : l10n.t('The command {0} names a model that is not available here: {1}. Its turn uses {2}.', name, skipped, label)
        : this.skipped.length === 0
          ? l10n.t('Agent "{0}" runs on its own model, {1}.', name, label)
          : l10n.t('Agent "{0}": its model is not available here: {1}. Its turns use {2}.', name, skipped, label);
    this.options.note(text);
    const own = this.index >= this.options.candidates.length;
    this.options.using?.(own ? undefined : { provider: this.current.id, model: this.current.model.id }, text);
  }
}

/** `provider` that shows `notes` in the task's chat when the task first asks it for a turn (the chat is listening by then). */
export function withFirstTurnNotes(provider: ModelProvider, notes: readonly string[], note: (text: string) => void): ModelProvider {
  if (notes.length === 0) return provider;
  let pending = [...notes];
  return {
    get id() {
      return provider.id;
    },
    get model() {
      return provider.model;
    },
    stream(request, signal) {
      for (const text of pending) note(text);
      pending = [];
      return provider.stream(request, signal);
    },
  };
}

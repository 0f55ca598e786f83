// The localisation function every user-visible sentence goes through. `src/core` has no `vscode`, so the host
// injects VS Code's `vscode.l10n.t` (which reads l10n/bundle.l10n.<locale>.json) when a bundle loads; until then,
// and in unit tests, messages are English with their `{0}` placeholders filled. Every call takes a string literal
// so test/unit/l10n finds each message and checks that every bundle translates it.
//
// Two channels (docs/tool-system.md): what the model reads stays stable English whatever the display language,
// what the person reads is localised. A sentence that goes to both is built once with `l10n.both`, which gives
// the pair at the source instead of translating (or un-translating) a string after the fact.

export type L10nArg = string | number | boolean;
export type Localize = (message: string, ...args: L10nArg[]) => string;

/** One sentence for both channels: `model` is English (tool results, prompts), `ui` the display language. */
export interface Said {
  readonly model: string;
  readonly ui: string;
}

/** Fills `{0}`, `{1}`… as vscode.l10n.t does; a placeholder without an argument stays as it is. */
export function formatMessage(message: string, args: readonly L10nArg[]): string {
  return message.replace(/\{(\d+)\}/g, (whole, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : whole));
}

let localize: Localize = (message, ...args) => formatMessage(message, args);

function isSaid(value: unknown): value is Said {
  return typeof value === 'object' && value !== null && typeof (value as Said).model === 'string' && typeof (value as Said).ui === 'string';
}

/** A message kept in a table and translated where it is used (see `l10n.mark`). */
export type Marked = string & { readonly __l10nMarked: true };

export const l10n = {
  t: (message: string, ...args: L10nArg[]): string => localize(message, ...args),
  /**
   * The English sentence for the model and its translation for people. An argument may itself be a pair (a
   * reason inside a reason): each channel gets its own side of it.
   */
  both: (message: string, ...args: (L10nArg | Said)[]): Said => ({
    model: formatMessage(
      message,
      args.map((a) => (isSaid(a) ? a.model : a)),
    ),
    ui: localize(message, ...args.map((a) => (isSaid(a) ? a.ui : a))),
  }),
  /**
   * A message written in a table (a flag's "deletes the files it finds") and translated where it is used, with
   * `l10n.marked`: the English itself, marked so test/unit/l10n finds it and checks that every bundle has it.
   */
  mark: (message: string): Marked => message as Marked,
  /** Both channels of a marked message: its English for the model, its translation for people. */
  marked: (message: Marked, ...args: L10nArg[]): Said => ({ model: formatMessage(message, args), ui: localize(message, ...args) }),
  /** Text that reads the same in every language (a path, a command line, a name). */
  same: (text: string): Said => ({ model: text, ui: text }),
};

/** Each side with its final full stop removed (English `.` or the ideographic `。`), to continue the sentence. */
export function withoutStop(said: Said): Said {
  return { model: said.model.replace(/\.$/, ''), ui: said.ui.replace(/[.。]$/, '') };
}

/**
 * Sentences one after another on both channels: English with a space between, the display language with a space
 * unless the sentence before ends in full-width punctuation ("。", "？"). Absent parts are skipped.
 */
export function sentences(...parts: (Said | undefined)[]): Said {
  const present = parts.filter((p): p is Said => p !== undefined);
  return {
    model: present.map((p) => p.model).join(' '),
    ui: present.reduce((out, p) => (out === '' ? p.ui : /[\u3000-\u303f\uff00-\uffef]$/.test(out) ? out + p.ui : `${out} ${p.ui}`), ''),
  };
}

/** Called by the host with `vscode.l10n.t` (each Node bundle has its own copy of this module). */
export function setLocalizer(fn: Localize): void {
  localize = fn;
}

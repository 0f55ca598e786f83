// The localisation function every user-visible sentence goes through. `src/core` has no `vscode`, so the host
// injects VS Code's `vscode.l10n.t` (which reads l10n/bundle.l10n.<locale>.json) when a bundle loads; until then,
// and in unit tests, messages are English with their `{0}` placeholders filled. Every call takes a string literal
// so test/unit/l10n finds each message and checks that every bundle translates it.

export type L10nArg = string | number | boolean;
export type Localize = (message: string, ...args: L10nArg[]) => string;

/** Fills `{0}`, `{1}`… as vscode.l10n.t does; a placeholder without an argument stays as it is. */
export function formatMessage(message: string, args: readonly L10nArg[]): string {
  return message.replace(/\{(\d+)\}/g, (whole, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : whole));
}

let localize: Localize = (message, ...args) => formatMessage(message, args);

export const l10n = {
  t: (message: string, ...args: L10nArg[]): string => localize(message, ...args),
};

/** Called by the host with `vscode.l10n.t` (each Node bundle has its own copy of this module). */
export function setLocalizer(fn: Localize): void {
  localize = fn;
}

// The webview's string table in VS Code's display language, for the chat's `init` (the webview has no l10n API).
// Each English text in WEBVIEW_STRINGS is a message of l10n/bundle.l10n.<locale>.json (test/unit/l10n checks
// every bundle has them all). The table is validated before it leaves the host: every key, a non-empty string,
// and a translation that drops or invents a `{0}` placeholder is replaced by the English text and logged.
import { z } from 'zod';
import { l10n } from '../../core/l10n';
import { placeholdersOf, WEBVIEW_STRINGS, type WebviewStringKey, type WebviewStrings } from '../../shared/webview-strings';

const KEYS = Object.keys(WEBVIEW_STRINGS) as WebviewStringKey[];

export const webviewStringsSchema = z.strictObject(Object.fromEntries(KEYS.map((key) => [key, z.string().min(1)])) as Record<WebviewStringKey, z.ZodString>);

/** The messages are the table's English texts, not literals: l10n.t is called through this name on purpose. */
const translate: (message: string) => string = (message) => l10n.t(message);

export function localizedWebviewStrings(warn: (message: string) => void = () => undefined, localize: (message: string) => string = translate): WebviewStrings {
  const table = {} as WebviewStrings;
  for (const key of KEYS) {
    const english = WEBVIEW_STRINGS[key];
    const value = localize(english);
    const same = placeholdersOf(value).join() === placeholdersOf(english).join();
    if (!same) warn(`The translation of the webview string "${key}" changes its placeholders; showing English`);
    table[key] = same && value ? value : english;
  }
  return webviewStringsSchema.parse(table) as WebviewStrings;
}

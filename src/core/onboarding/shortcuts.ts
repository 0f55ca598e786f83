// The keyboard shortcuts the welcome lists, from the extension's own contributions (package.json keybindings
// and command titles) so the list never drifts from what is bound; plus the chat box's own keys.
import { l10n } from '../l10n';

export interface Shortcut {
  keys: string;
  action: string;
}

/**
 * A command's title as `extension.packageJSON` has it: the string in English; with a language pack VS Code puts
 * `{ value, original }` there (the translation and the English, for the palette's search).
 */
type Title = string | { value?: string; original?: string };

interface Keybinding {
  command?: string;
  key?: string;
  mac?: string;
  when?: string;
}

interface Contributions {
  keybindings?: readonly Keybinding[];
  commands?: readonly { command?: string; title?: Title }[];
}

/** The chat box's keys (webview/render/composer.ts handles them). */
export const COMPOSER_SHORTCUTS: readonly Shortcut[] = [
  {
    keys: 'Enter',
    get action() {
      return l10n.t('Send');
    },
  },
  {
    keys: 'Shift+Enter',
    get action() {
      return l10n.t('New line');
    },
  },
];

/**
 * One row per command, in the order the manifest binds them. A key that works only inside a state of Relay's (its
 * `when` needs a `relay.` context key to be set: Refine and Discard while an inline edit is under review) is not a
 * starting point and is left out. A command bound twice (Ctrl+I where no other inline chat holds it, Ctrl+Alt+E
 * everywhere) shows the binding that applies in the most places: the one whose `when` has the fewest conditions.
 */
export function shortcutsFrom(contributes: Contributions | undefined, platform: string): Shortcut[] {
  const titles = new Map((contributes?.commands ?? []).map((c) => [c.command, typeof c.title === 'object' ? c.title.value : c.title]));
  const chosen = new Map<string, { keys: string; conditions: number }>();
  for (const binding of contributes?.keybindings ?? []) {
    const key = platform === 'darwin' ? (binding.mac ?? binding.key) : binding.key;
    if (!key || !binding.command || !titles.get(binding.command) || insideRelayState(binding.when)) continue;
    const conditions = conditionCount(binding.when);
    const known = chosen.get(binding.command);
    if (!known || conditions < known.conditions) chosen.set(binding.command, { keys: formatKeys(key, platform), conditions });
  }
  const out = [...chosen].map(([command, { keys }]) => ({ keys, action: titles.get(command)! }));
  return [...out, ...COMPOSER_SHORTCUTS.map((s) => ({ keys: s.keys, action: s.action }))];
}

/** A `when` that needs one of Relay's own context keys to be true (not negated). */
function insideRelayState(when: string | undefined): boolean {
  return (when ?? '').split(/&&|\|\|/).some((term) => /^\(?\s*relay\.[\w.]+\s*\)?$/.test(term.trim()));
}

function conditionCount(when: string | undefined): number {
  return when ? when.split(/&&|\|\|/).length : 0;
}

const NAMES: Record<string, string> = { ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', cmd: 'Cmd', meta: 'Meta', win: 'Win', enter: 'Enter', escape: 'Escape' };
const MAC_NAMES: Record<string, string> = { ctrl: '⌃', alt: '⌥', shift: '⇧', cmd: '⌘' };

/** "ctrl+alt+r" → "Ctrl+Alt+R"; on macOS "cmd+alt+r" → "⌘⌥R", as VS Code shows them. */
export function formatKeys(key: string, platform: string): string {
  return key
    .split(' ')
    .map((chord) => {
      const parts = chord.split('+').map((part) => {
        const lower = part.toLowerCase();
        if (platform === 'darwin' && MAC_NAMES[lower]) return MAC_NAMES[lower]!;
        return NAMES[lower] ?? (part.length === 1 ? part.toUpperCase() : part.charAt(0).toUpperCase() + part.slice(1));
      });
      return platform === 'darwin' ? parts.join('') : parts.join('+');
    })
    .join(' ');
}

// The strings the webview shows: the host's localised table from `init` (VS Code's display language), English
// until it arrives. Renderers read them when they draw, so a new table redraws in the new language.
import type { KeyStatus } from '../src/shared/chat-model';
import { formatString, WEBVIEW_STRINGS, type WebviewStringKey, type WebviewStrings } from '../src/shared/webview-strings';
import type { TaskPhase } from '../src/shared/task-phase';

let active: WebviewStrings = { ...WEBVIEW_STRINGS };

/** The string for `key` in the active language, placeholders filled. */
export function t(key: WebviewStringKey, ...args: (string | number)[]): string {
  return args.length ? formatString(active[key], args) : active[key];
}

/**
 * Uses the host's table: each known key that came as a string (the host validated them), English for any other.
 * Returns whether anything changed, so the caller redraws.
 */
export function useStrings(table: unknown): boolean {
  const given = table && typeof table === 'object' ? (table as Record<string, unknown>) : {};
  const next = { ...WEBVIEW_STRINGS } as WebviewStrings;
  for (const key of Object.keys(WEBVIEW_STRINGS) as WebviewStringKey[]) {
    const value = given[key];
    if (typeof value === 'string') next[key] = value;
  }
  const changed = (Object.keys(next) as WebviewStringKey[]).some((key) => next[key] !== active[key]);
  active = next;
  return changed;
}

export const PHASES: Record<TaskPhase, string> = {
  get ready() {
    return t('phaseReady');
  },
  get working() {
    return t('phaseWorking');
  },
  get approval() {
    return t('phaseApproval');
  },
  get error() {
    return t('phaseError');
  },
  get question() {
    return t('phaseQuestion');
  },
};

export const KEY_STATUS: Record<KeyStatus, string> = {
  get set() {
    return t('keySet');
  },
  get missing() {
    return t('keyMissing');
  },
  get 'not-needed'() {
    return t('keyNotNeeded');
  },
  get verified() {
    return t('keyVerified');
  },
  get rejected() {
    return t('keyRejected');
  },
};

type Plain = 'connecting' | 'reconnecting' | 'restricted' | 'noFolder' | 'welcomeTitle' | 'welcomeIntro' | 'provider' | 'model' | 'apiKey' | 'deployment' | 'setUp' | 'change' | 'tryTitle' | 'shortcutsTitle' | 'loadingExamples';
const PLAIN: readonly Plain[] = ['connecting', 'reconnecting', 'restricted', 'noFolder', 'welcomeTitle', 'welcomeIntro', 'provider', 'model', 'apiKey', 'deployment', 'setUp', 'change', 'tryTitle', 'shortcutsTitle', 'loadingExamples'];

/** The onboarding and header strings by name (read at draw time). */
export const STRINGS = Object.defineProperties(
  { useExample: (task: string) => t('useExample', task) } as Record<Plain, string> & { useExample(task: string): string },
  Object.fromEntries(PLAIN.map((key) => [key, { get: () => t(key), enumerable: true }])),
);

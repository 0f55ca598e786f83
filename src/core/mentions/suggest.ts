// The host's "@" list: the shared ranking (src/shared/mentions/rank.ts) with the descriptions in the display
// language. The webview ranks with the same function once it holds the index and these descriptions.
import type { MentionSuggestion } from '../../shared/chat-model';
import { type MentionDetails, rankMentions } from '../../shared/mentions/rank';
import type { PathIndex } from '../../shared/mentions/path-index';
import { l10n } from '../l10n';

export interface SuggestOptions {
  /** Workspace files and folders (folders end in "/"); undefined while the index is being built. */
  index: PathIndex | undefined;
  /** Workspace-relative paths of the open editors, most recent first. */
  openEditors: readonly string[];
  limit?: number;
}

/** The list's descriptions of the keywords, a URL and an open editor, in the display language. */
export function mentionDetails(): MentionDetails {
  return {
    problems: l10n.t('Errors and warnings VS Code reports in the workspace'),
    terminal: l10n.t('Output of the last command run in a terminal'),
    changes: l10n.t('Uncommitted changes (git diff)'),
    selection: l10n.t('The text selected in the editor'),
    url: l10n.t('Fetch this page and attach it as Markdown'),
    openEditor: l10n.t('open editor'),
  };
}

export function suggestMentions(query: string, options: SuggestOptions): MentionSuggestion[] {
  return rankMentions(query, { ...options, details: mentionDetails() });
}

// The message protocol between the extension host and the chat webview. This file holds types and
// constants only, so the webview bundle carries no validator; the host validates with protocol-schema.ts.
import type { AttachmentChip, ChatDelta, ChatSnapshot, MentionSuggestion, SlashCommandChoice } from './chat-model';
import type { MentionDetails } from './mentions/rank';
import type { WebviewStrings } from './webview-strings';

export type { WebviewToHost } from './protocol-schema';

export const PROTOCOL_VERSION = 2;

/** What the webview needs to draw itself from nothing (first load, reload, re-show). */
export interface InitialState {
  protocolVersion: number;
  extensionVersion: string;
  vscodeVersion: string;
  workspaceName: string | undefined;
  trusted: boolean;
  /**
   * Every string the webview shows, in VS Code's display language (the webview has no l10n API). Validated by
   * the host before it is sent; absent in a state saved by an older version (the webview then shows English).
   */
  strings?: WebviewStrings;
  /** VS Code's display language (`vscode.env.language`, e.g. `zh-cn`): the webview formats numbers in it. */
  language?: string;
}

/**
 * Host → webview. `init` answers every `ready` with the whole snapshot (a hidden or reloaded webview restores at
 * once); after it, only `batch`es of small deltas, at most one per frame. Never the whole conversation per update.
 */
export type HostToWebview =
  | { type: 'init'; state: InitialState; snapshot: ChatSnapshot }
  | { type: 'batch'; deltas: ChatDelta[] }
  /** The "Relay: New Task" command ran: the webview acts as if its own New task button was pressed. */
  | { type: 'newTask' }
  /**
   * The answer to `mentionQuery` with the same requestId (the webview drops answers to older queries). The
   * answer to a list's first query (one with `indexGeneration`) adds what the webview needs to rank the list's
   * next keys itself, once it holds the index of that generation.
   */
  | { type: 'mentionSuggestions'; requestId: number; items: MentionSuggestion[]; ranking?: MentionRanking }
  /**
   * The workspace's files and folders behind the "@" list, joined by "\0" (no path holds one), sent before the
   * answer to a list's first query when the webview's index is not of this generation.
   */
  | { type: 'mentionIndex'; generation: number; paths: string }
  /** The answer to `previewMention`: the chip as it would be sent (its size), or undefined for a path that names nothing. */
  | { type: 'mentionPreview'; requestId: number; token: string; chip: AttachmentChip | undefined }
  /** Mentions to add to the composer: files dropped on the chat, or an editor command's selection. */
  | { type: 'insertMentions'; mentions: MentionSuggestion[] }
  /** The answer to `slashCommandQuery`: every command the "/" list can show (the webview filters as you type). */
  | { type: 'slashCommands'; requestId: number; commands: SlashCommandChoice[] }
  /** A message the host did not send (a slash command that could not run) goes back into the box, so nothing is lost. */
  | { type: 'restoreDraft'; text: string };

/** What the webview needs besides the index to rank the "@" list as the host does (src/shared/mentions/rank.ts). */
export interface MentionRanking {
  /** The generation of the index the host ranks with; the webview ranks only with an index of the same. */
  generation: number;
  /** Workspace-relative paths of the open editors, most recent first, when the list opened. */
  openEditors: string[];
  details: MentionDetails;
}

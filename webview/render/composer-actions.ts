// What the composer asks of the page: send, the mention and slash lists, the mode, agent and model pickers (a file of
// its own, so that the composer and its popups share it without importing each other).
import type { ApprovalMode, MentionSuggestion } from '../../src/shared/chat-model';
import type { PendingImage } from './composer-attachments';

export interface ComposerActions {
  /** `mentions`: the tokens of the mention chips, which are not in the text. */
  send(text: string, images: PendingImage[], mentions: string[]): void;
  /** Asks the host for the list; `opened`: the list's first query. */
  queryMentions(requestId: number, query: string, opened: boolean): void;
  /** The next request id: counted by the page, so a view built again (another language) never reuses one. */
  nextRequestId(): number;
  /**
   * The list ranked in the webview; 'later' when it comes to `show` after the frame that shows the key (a long
   * search); undefined when the host must answer.
   */
  rankMentions(query: string, show: (items: MentionSuggestion[]) => void): MentionSuggestion[] | 'later' | undefined;
  previewMention(requestId: number, token: string): void;
  dropUris(uris: string[]): void;
  stop(): void;
  setMode(mode: ApprovalMode): void;
  /** An agent id, or "" for the host's full list. */
  setAgent(agent: string): void;
  selectModel(): void;
  draftChanged(text: string): void;
  /** Asks the host for the slash commands ("/" at the start of the box). */
  querySlashCommands?(requestId: number): void;
}

// The composer's two pop-up lists over the box: "@" opens the mention list (the host answers its first key, the
// webview's copy of the index the next ones, see mention-ranker.ts) and "/" at the start of the box the slash
// commands. Each closes when the caret leaves what opened it; Escape keeps it closed until then.
import type { MentionSuggestion, SlashCommandChoice } from '../../src/shared/chat-model';
import type { ComposerActions } from './composer-actions';
import { MentionList } from './mention-list';
import { SlashList } from './slash-list';

/** The "@" being typed: from the "@" to the caret, with no space in between. */
const MENTION_QUERY = /(^|[\s([{])@([^\s"]{0,500})$/;

/** "/" at the start of the box and the name typed after it, up to the caret. */
const SLASH_QUERY = /^\/([^\s/][^\s]{0,199}|)$/;

export interface PopupEvents {
  /** A mention was picked: the "@query" typed is gone from the box, the mention is to become a chip. */
  mentionPicked(item: MentionSuggestion): void;
  /** The box's text changed (a pick). */
  edited(): void;
}

export class ComposerPopups {
  readonly mentions: MentionList;
  readonly commands: SlashList;
  /** The mention being typed: where its "@" is and the request whose answer the list waits for. */
  private query: { at: number; requestId: number; text: string } | undefined;
  /** The "@" whose list Escape closed: it stays closed until the caret leaves that mention. */
  private dismissedAt: number | undefined;
  /** The "/" list's request and, once the host answered, its commands. */
  private slash: { requestId: number; commands?: SlashCommandChoice[] } | undefined;
  /** Escape closed the "/" list: it stays closed until the box no longer starts with a command name. */
  private slashDismissed = false;

  constructor(
    doc: Document,
    private readonly input: HTMLTextAreaElement,
    private readonly actions: ComposerActions,
    private readonly events: PopupEvents,
  ) {
    this.mentions = new MentionList(doc, input, (item) => this.pick(item));
    this.commands = new SlashList(doc, input, (item) => this.pickSlash(item));
  }

  /** The text changed: either list may open, narrow or close. */
  textChanged(): void {
    this.updateQuery();
    this.updateSlash();
  }

  /** The caret moved without typing: the mention under it may have changed. */
  caretMoved(): void {
    this.updateQuery();
  }

  /** A key for an open list (arrows, Enter, Tab, Escape): true when a list took it. */
  handleKey(event: KeyboardEvent): boolean {
    if (this.commands.handleKey(event)) {
      if (event.key === 'Escape') this.slashDismissed = true;
      return true;
    }
    if (this.mentions.handleKey(event)) {
      if (event.key === 'Escape') {
        this.dismissedAt = this.query?.at;
        this.query = undefined;
      }
      return true;
    }
    return false;
  }

  /** The answer to a mention query (the host's, or a long search in the webview); answers to older ones are dropped. */
  showSuggestions(requestId: number, items: MentionSuggestion[]): void {
    if (!this.query || this.query.requestId !== requestId) return;
    this.mentions.show(items, this.query.text);
  }

  /** The host's slash commands for the "/" list; an answer to an older opening is dropped. */
  showSlashCommands(requestId: number, commands: SlashCommandChoice[]): void {
    if (!this.slash || this.slash.requestId !== requestId) return;
    this.slash.commands = commands;
    this.updateSlash();
  }

  close(): void {
    this.closeList();
    this.closeSlash();
  }

  /** Opens, narrows or closes the list after the text or the caret changed. */
  private updateQuery(): void {
    const caret = this.input.selectionStart ?? this.input.value.length;
    const match = this.input.selectionStart === this.input.selectionEnd ? MENTION_QUERY.exec(this.input.value.slice(0, caret)) : null;
    const at = match ? caret - match[2]!.length - 1 : undefined;
    if (at === undefined || at === this.dismissedAt) {
      if (at === undefined) this.dismissedAt = undefined;
      this.closeList();
      return;
    }
    this.dismissedAt = undefined;
    // The list's first key goes to the host (the open editors, the index may have changed); once it has answered,
    // the next keys are ranked here, and drawn before the frame that shows the key.
    const opened = this.query?.at !== at;
    const requestId = this.actions.nextRequestId();
    this.query = { at, requestId, text: match![2]! };
    const local = opened ? undefined : this.actions.rankMentions(match![2]!, (items) => this.showSuggestions(requestId, items));
    if (local === undefined) this.actions.queryMentions(requestId, match![2]!, opened);
    else if (local !== 'later') this.mentions.show(local, match![2]!);
  }

  /** Opens, narrows or closes the "/" list: only while the box starts with "/" and the caret is in the name. */
  private updateSlash(): void {
    const caret = this.input.selectionStart ?? this.input.value.length;
    const match = this.input.selectionStart === this.input.selectionEnd ? SLASH_QUERY.exec(this.input.value.slice(0, caret)) : null;
    if (!match || (this.input.value[caret] !== undefined && !/\s/.test(this.input.value[caret]!))) {
      this.slashDismissed = false;
      this.closeSlash();
      return;
    }
    if (this.slashDismissed || !this.actions.querySlashCommands) return;
    if (!this.slash) {
      this.slash = { requestId: this.actions.nextRequestId() };
      this.actions.querySlashCommands(this.slash.requestId);
    }
    this.commands.show(this.slash.commands, match[1]!);
  }

  private pickSlash(item: SlashCommandChoice): void {
    const caret = this.input.selectionStart ?? this.input.value.length;
    const inserted = `/${item.name} `;
    const after = this.input.value.slice(caret).replace(/^\s+/, '');
    this.input.value = inserted + after;
    this.input.selectionStart = this.input.selectionEnd = inserted.length;
    this.closeSlash();
    this.events.edited();
  }

  private closeSlash(): void {
    this.slash = undefined;
    this.commands.close();
  }

  private pick(item: MentionSuggestion): void {
    const query = this.query;
    if (!query) return;
    const caret = this.input.selectionStart ?? this.input.value.length;
    const before = this.input.value.slice(0, query.at);
    // The "@query" typed becomes the chip: the text keeps no copy of the token.
    const after = this.input.value.slice(caret).replace(/^\S*/, '');
    const rest = /(^|\s)$/.test(before) ? after.replace(/^ /, '') : after && !/^\s/.test(after) ? ` ${after}` : after;
    this.input.value = before + rest;
    this.input.selectionStart = this.input.selectionEnd = before.length;
    this.closeList();
    this.events.mentionPicked(item);
    this.events.edited();
  }

  private closeList(): void {
    this.query = undefined;
    this.mentions.close();
  }
}

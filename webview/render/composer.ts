// The message box and the controls under it: approval mode, model, send (or stop while a task runs).
// Enter sends, Shift+Enter adds a line, and Enter that confirms an IME composition does neither.
// "@" and "/" open their lists over the box (composer-popups.ts); picked, dropped (composer-drop.ts) and pasted
// things become chips (composer-attachments.ts).
import type { ApprovalMode, AttachmentChip, MentionSuggestion, SessionSettings, SlashCommandChoice } from '../../src/shared/chat-model';
import { h } from '../dom';
import { icon } from '../icons';
import { ComposerAttachments } from './composer-attachments';
import { imageFiles, listenForDrops } from './composer-drop';
import { MODES } from './composer-modes';
import { ComposerPopups } from './composer-popups';
import type { ComposerActions } from './composer-actions';
import { t } from '../strings';
import type { TaskPhase } from '../../src/shared/task-phase';

const MAX_TEXTAREA_PX = 240;
/** The picker's last option, which opens the host's full list of agents. */
const MORE_AGENTS = '\u0000more';


export type { ComposerActions } from './composer-actions';

export class Composer {
  readonly element: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly modeSelect: HTMLSelectElement;
  private readonly agentSelect: HTMLSelectElement;
  private readonly modelButton: HTMLButtonElement;
  private readonly popups: ComposerPopups;
  private readonly attachments: ComposerAttachments;
  private running = false;
  /** What the running task does, as the header says it: a question or an approval waits for the person, or it works. */
  private phase: TaskPhase = 'ready';
  private settings: SessionSettings = { mode: 'default', model: undefined };
  private readonly previews = new Map<number, string>();
  private readonly stopDrops: () => void;

  constructor(
    private readonly doc: Document,
    private readonly actions: ComposerActions,
  ) {
    this.input = h(doc, 'textarea', {
      className: 'composer-input',
      attrs: { rows: '2', 'aria-label': t('messageRelay'), placeholder: t('composerPlaceholder') },
    });
    this.input.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.input.addEventListener('input', () => {
      this.popups.textChanged();
      this.refresh();
      this.actions.draftChanged(this.input.value);
    });
    // The caret moved without typing: the mention under it may have changed.
    this.input.addEventListener('click', () => this.popups.caretMoved());
    this.input.addEventListener('keyup', (event) => {
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') this.popups.caretMoved();
    });
    this.input.addEventListener('blur', () => this.popups.close());
    this.input.addEventListener('paste', (event) => this.onPaste(event));
    this.popups = new ComposerPopups(doc, this.input, this.actions, {
      mentionPicked: (item) => {
        if (this.attachments.addMention(item)) this.requestPreview(item.token);
      },
      edited: () => {
        this.refresh();
        this.actions.draftChanged(this.input.value);
      },
    });
    this.attachments = new ComposerAttachments(doc, {
      removedMention: () => {
        this.actions.draftChanged(this.input.value);
        this.focus();
      },
      changed: () => this.refresh(),
      switchModel: () => this.actions.selectModel(),
    });

    // Icon buttons: the row must fit a 250px sidebar beside the mode and model; the name is in aria-label.
    this.sendButton = h(doc, 'button', { className: 'primary-button square-button send-button', attrs: { type: 'button', 'aria-label': t('sendLabel'), title: t('sendTitle') } }, [
      icon(doc, 'send'),
    ]);
    this.sendButton.addEventListener('click', () => this.submit());
    this.stopButton = h(doc, 'button', { className: 'stop-button square-button', attrs: { type: 'button', 'aria-label': t('stopLabel'), title: t('stopTitle') } }, [
      icon(doc, 'stop'),
    ]);
    this.stopButton.addEventListener('click', () => this.actions.stop());

    this.modeSelect = h(doc, 'select', { className: 'mode-select', attrs: { 'aria-label': t('approvalMode') } });
    for (const [mode, { label, description }] of Object.entries(MODES)) {
      this.modeSelect.append(h(doc, 'option', { text: label, attrs: { value: mode, title: description } }));
    }
    this.modeSelect.addEventListener('change', () => this.actions.setMode(this.modeSelect.value as ApprovalMode));

    // The agent picker: built-in Agent, Plan, Ask and the workspace's agents once read; "More agents…" asks the host.
    this.agentSelect = h(doc, 'select', { className: 'agent-select', data: { testid: 'agent-select' }, attrs: { 'aria-label': t('agentPicker') } });
    this.agentSelect.addEventListener('change', () => {
      const value = this.agentSelect.value;
      if (value === MORE_AGENTS) this.agentSelect.value = this.settings.agents?.selected ?? '';
      this.actions.setAgent(value === MORE_AGENTS ? '' : value);
    });

    this.modelButton = h(doc, 'button', { className: 'model-button', attrs: { type: 'button' } });
    this.modelButton.addEventListener('click', () => this.actions.selectModel());

    // Two rows at the side bar's default width: the pickers and send (or stop), then the model's whole name.
    const controls = h(doc, 'div', { className: 'composer-controls' }, [this.agentSelect, this.modeSelect, this.sendButton, this.stopButton, h(doc, 'div', { className: 'model-row' }, [this.modelButton])]);
    this.element = h(doc, 'footer', { className: 'composer' }, [this.popups.mentions.element, this.popups.commands.element, this.attachments.element, this.input, this.attachments.notice, controls]);
    this.stopDrops = listenForDrops(doc, { dropUris: (uris) => this.actions.dropUris(uris), addImages: (files) => void this.attachments.addImageFiles(files) });
    this.setSettings({ mode: 'default', model: undefined });
    this.refresh();
  }

  get draft(): string {
    return this.input.value;
  }

  set draft(text: string) {
    this.input.value = text;
    this.refresh();
  }

  /**
   * The draft as it is kept across a reload: the text, then each picked mention as its `@path` text (chips are not
   * kept; the host resolves a typed mention exactly as a picked one, so nothing picked is lost).
   */
  get savedDraft(): string {
    const text = this.input.value;
    const tokens = this.attachments.mentionTokens.filter((token) => !text.includes(token));
    return [text.trimEnd(), ...tokens].filter((part) => part !== '').join(' ');
  }

  /** The answer to a mention query (the host's, or a long search in the webview); answers to older ones are dropped. */
  showSuggestions(requestId: number, items: MentionSuggestion[]): void {
    this.popups.showSuggestions(requestId, items);
  }

  /** The host's slash commands for the "/" list; an answer to an older opening is dropped. */
  showSlashCommands(requestId: number, commands: SlashCommandChoice[]): void {
    this.popups.showSlashCommands(requestId, commands);
  }

  /** A message the host did not send comes back, unless something new was typed meanwhile. */
  restoreDraft(text: string): void {
    if (this.input.value.trim() !== '') return;
    this.draft = text;
    this.actions.draftChanged(text);
    this.focus();
  }

  mentionPreview(requestId: number, chip: AttachmentChip | undefined): void {
    const token = this.previews.get(requestId);
    this.previews.delete(requestId);
    if (token !== undefined) this.attachments.setMentionSize(token, chip);
  }

  /** Mentions from outside the box (dropped files, an editor command): chips, then the box is focused. */
  insertMentions(mentions: MentionSuggestion[]): void {
    for (const mention of mentions) if (this.attachments.addMention(mention)) this.requestPreview(mention.token);
    this.refresh();
    this.actions.draftChanged(this.input.value);
    this.focus();
  }


  /**
   * Takes over what `previous` holds, when the view is built again for another display language: the text, the
   * chips (drawn in the new strings) and the images. A size still being measured is asked again: the answer to
   * the old composer's request finds no chip there. `previous` stops listening to the document.
   */
  takeOver(previous: Composer): void {
    previous.dispose();
    this.draft = previous.draft;
    for (const { suggestion, chip } of previous.attachments.pendingMentions) {
      if (this.attachments.addMention(suggestion, chip) && !chip) this.requestPreview(suggestion.token);
    }
    this.attachments.addImages(previous.attachments.pendingImages);
  }

  /** Stops listening to the document (its own elements go with it). */
  dispose(): void {
    this.stopDrops();
  }

  focus(): void {
    this.input.focus();
  }

  private drawAgents(settings: SessionSettings): void {
    const agents = settings.agents;
    this.agentSelect.hidden = agents === undefined;
    if (!agents) return;
    const options = agents.choices.map((agent) => h(this.doc, 'option', { text: agent.name, attrs: { value: agent.id, title: agent.description ?? '' } }));
    options.push(h(this.doc, 'option', { text: t('moreAgents'), attrs: { value: MORE_AGENTS } }));
    this.agentSelect.replaceChildren(...options);
    this.agentSelect.value = agents.selected;
    const selected = agents.choices.find((agent) => agent.id === agents.selected);
    this.agentSelect.title = t('agentPickerTitle', selected?.name ?? agents.selected, selected?.description ?? '');
  }

  setRunning(running: boolean): void {
    this.running = running;
    this.refresh();
  }

  /** The task's phase (taskPhase of the snapshot the header reads): the box says the same as the header. */
  setPhase(phase: TaskPhase): void {
    if (phase === this.phase) return;
    this.phase = phase;
    this.refresh();
  }

  setSettings(settings: SessionSettings): void {
    this.settings = settings;
    this.refresh();
    this.modeSelect.value = settings.mode;
    const mode = MODES[settings.mode] ?? MODES.default;
    this.modeSelect.title = t('approvalModeTitle', mode.label, mode.description);
    this.modeSelect.classList.toggle('mode-yolo', settings.mode === 'yolo');
    this.drawAgents(settings);
    // Before the host has read the settings (no provider status yet) nothing is known: "Choose a model" would flash.
    const known = settings.model !== undefined || settings.provider !== undefined;
    this.modelButton.classList.toggle('pending', !known);
    // The provider by the one name the header and the welcome use ("OpenAI-compatible server"), never its id.
    const named = modelNames(settings);
    this.drawModelButton(named?.model ?? (known ? t('chooseModel') : ''));
    this.modelButton.title = named ? t('modelTitle', named.full) : t('noModelTitle');
    this.modelButton.setAttribute('aria-label', named ? t('modelLabel', named.full) : t('noModelLabel'));
    this.modelButton.classList.toggle('unset', !settings.model);
    const turn = settings.turnModel;
    this.modelButton.classList.toggle('agent-model', turn !== undefined);
    if (turn) {
      // The turns run on an agent's (or a command's) model: the button says so; a click still changes yours.
      this.drawModelButton(t('turnModelButton', turn.model, turn.owner));
      const title = t('turnModelTitle', `${turn.model} · ${turn.provider}`, turn.owner, turn.why, named?.full ?? t('chooseModel'));
      this.modelButton.title = title;
      this.modelButton.setAttribute('aria-label', title);
    }
  }

  /** The name on one line (never broken at a hyphen) and a chevron: the button opens the model picker. */
  private drawModelButton(text: string): void {
    const doc = this.modelButton.ownerDocument;
    this.modelButton.replaceChildren(h(doc, 'span', { className: 'model-name', text }), icon(doc, 'chevronDown', 'model-chevron'));
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (this.popups.handleKey(event)) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    // keyCode 229: the Enter that ends an IME composition in browsers that do not set isComposing.
    if (event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    this.submit();
  }

  private submit(): void {
    const typed = this.input.value.trim();
    const mentions = this.attachments.mentionTokens;
    if ((!typed && mentions.length === 0) || this.running || this.attachments.blocksSending(this.settings.imagesSupported, this.settings.model)) return;
    // Chips alone: their tokens are the text (a message has text), and nothing else is sent twice.
    if (typed) this.actions.send(typed, this.attachments.pendingImages, mentions);
    else this.actions.send(mentions.join(' '), this.attachments.pendingImages, []);
    this.input.value = '';
    this.attachments.clear();
    this.popups.close();
    this.refresh();
    this.actions.draftChanged('');
  }

  private requestPreview(token: string): void {
    const requestId = this.actions.nextRequestId();
    this.previews.set(requestId, token);
    this.actions.previewMention(requestId, token);
  }

  private onPaste(event: ClipboardEvent): void {
    const files = imageFiles(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    void this.attachments.addImageFiles(files);
  }

  /** What the box says before anything is typed: what Relay is doing, or what stops a task from starting. */
  private placeholder(): string {
    if (this.running) return this.phase === 'question' ? t('composerQuestion') : this.phase === 'approval' ? t('composerApproval') : t('composerWorking');
    const provider = this.settings.provider;
    if (provider?.key === 'missing') return t('composerNoKey', provider.label);
    if (provider?.key === 'rejected') return t('composerKeyRejected', provider.label);
    return t('composerPlaceholder');
  }

  private refresh(): void {
    this.sendButton.hidden = this.running;
    this.stopButton.hidden = !this.running;
    const blocked = this.attachments.blocksSending(this.settings.imagesSupported, modelNames(this.settings)?.full);
    this.sendButton.disabled = (this.input.value.trim() === '' && this.attachments.mentionTokens.length === 0) || blocked;
    this.input.placeholder = this.placeholder();
    this.fitHeight();
  }

  /**
   * Grows with its text up to a limit. Where CSS can (`field-sizing: content` in composer.css) it does, without
   * the forced layout of reading scrollHeight on every keystroke; elsewhere set through CSSOM, which the CSP
   * allows (style attributes it would not).
   */
  private fitHeight(): void {
    if (this.input.ownerDocument.defaultView?.CSS?.supports?.('field-sizing', 'content')) return;
    this.input.style.height = 'auto';
    const wanted = this.input.scrollHeight;
    if (wanted > 0) this.input.style.height = `${Math.min(wanted + 2, MAX_TEXTAREA_PX)}px`;
  }
}

/**
 * The model as the button shows it (Azure: the deployment, with the model it serves when that differs) and with
 * the provider's display name for the tooltip; the host's `settings.model` ("gpt-5 · openai") before the provider
 * status is known.
 */
function modelNames(settings: SessionSettings): { model: string; full: string } | undefined {
  const provider = settings.provider;
  if (!settings.model) return undefined;
  if (!provider) return { model: settings.model, full: settings.model };
  const { deployment, model } = provider;
  const shown = deployment ? (deployment === model ? deployment : `${deployment} (${model})`) : model;
  return { model: shown, full: `${shown} · ${provider.label}` };
}

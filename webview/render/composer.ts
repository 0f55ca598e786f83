// The message box and the controls under it: approval mode, model, send (or stop while a task runs).
// Enter sends, Shift+Enter adds a line, and Enter that confirms an IME composition does neither.
import type { ApprovalMode, SessionSettings } from '../../src/shared/chat-model';
import { h } from '../dom';
import { icon } from '../icons';

/**
 * The same names and sentences as the status bar and the mode picker (src/host/permissions/approval-modes.ts,
 * which the webview may not import), so the mode reads the same everywhere.
 */
export const MODES: Record<ApprovalMode, { label: string; description: string }> = {
  default: { label: 'Default', description: 'Ask before every file change and every command.' },
  'auto-edit': { label: 'Auto-edit', description: 'Edit files inside the workspace without asking; ask before commands.' },
  yolo: {
    label: 'Yolo',
    description: 'Run everything without asking, except what a rule denies or asks for, files outside the workspace and sensitive files.',
  },
  plan: { label: 'Plan', description: 'Plan only: read-only tools run, file changes and commands are refused.' },
};

const MAX_TEXTAREA_PX = 240;

export interface ComposerActions {
  send(text: string): void;
  stop(): void;
  setMode(mode: ApprovalMode): void;
  selectModel(): void;
  draftChanged(text: string): void;
}

export class Composer {
  readonly element: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly modeSelect: HTMLSelectElement;
  private readonly modelButton: HTMLButtonElement;
  private running = false;

  constructor(
    doc: Document,
    private readonly actions: ComposerActions,
  ) {
    this.input = h(doc, 'textarea', {
      className: 'composer-input',
      attrs: { rows: '2', 'aria-label': 'Message Relay', placeholder: 'Describe a task… (Enter to send, Shift+Enter for a new line)' },
    });
    this.input.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.input.addEventListener('input', () => {
      this.refresh();
      this.actions.draftChanged(this.input.value);
    });

    // Icon buttons: the row must fit a 250px sidebar beside the mode and model; the name is in aria-label.
    this.sendButton = h(doc, 'button', { className: 'primary-button square-button send-button', attrs: { type: 'button', 'aria-label': 'Send message', title: 'Send (Enter)' } }, [
      icon(doc, 'send'),
    ]);
    this.sendButton.addEventListener('click', () => this.submit());
    this.stopButton = h(doc, 'button', { className: 'stop-button square-button', attrs: { type: 'button', 'aria-label': 'Stop the running task', title: 'Stop' } }, [
      icon(doc, 'stop'),
    ]);
    this.stopButton.addEventListener('click', () => this.actions.stop());

    this.modeSelect = h(doc, 'select', { className: 'mode-select', attrs: { 'aria-label': 'Approval mode' } });
    for (const [mode, { label, description }] of Object.entries(MODES)) {
      this.modeSelect.append(h(doc, 'option', { text: label, attrs: { value: mode, title: description } }));
    }
    this.modeSelect.addEventListener('change', () => this.actions.setMode(this.modeSelect.value as ApprovalMode));

    this.modelButton = h(doc, 'button', { className: 'model-button', attrs: { type: 'button' } });
    this.modelButton.addEventListener('click', () => this.actions.selectModel());

    const controls = h(doc, 'div', { className: 'composer-controls' }, [this.modeSelect, this.modelButton, this.sendButton, this.stopButton]);
    this.element = h(doc, 'footer', { className: 'composer' }, [this.input, controls]);
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

  focus(): void {
    this.input.focus();
  }

  setRunning(running: boolean): void {
    this.running = running;
    this.refresh();
  }

  setSettings(settings: SessionSettings): void {
    this.modeSelect.value = settings.mode;
    const mode = MODES[settings.mode] ?? MODES.default;
    this.modeSelect.title = `Approval mode: ${mode.label}. ${mode.description}`;
    this.modeSelect.classList.toggle('mode-yolo', settings.mode === 'yolo');
    const model = settings.model ?? 'Choose a model';
    this.modelButton.textContent = model;
    this.modelButton.title = settings.model ? `Model: ${settings.model} (click to change)` : 'No model configured: click to choose one';
    this.modelButton.setAttribute('aria-label', settings.model ? `Model ${settings.model}, change model` : 'No model configured, choose a model');
    this.modelButton.classList.toggle('unset', !settings.model);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    // keyCode 229: the Enter that ends an IME composition in browsers that do not set isComposing.
    if (event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    this.submit();
  }

  private submit(): void {
    const text = this.input.value.trim();
    if (!text || this.running) return;
    this.actions.send(text);
    this.input.value = '';
    this.refresh();
    this.actions.draftChanged('');
  }

  private refresh(): void {
    this.sendButton.hidden = this.running;
    this.stopButton.hidden = !this.running;
    this.sendButton.disabled = this.input.value.trim() === '';
    this.input.placeholder = this.running
      ? 'Relay is working… (Stop to interrupt)'
      : 'Describe a task… (Enter to send, Shift+Enter for a new line)';
    this.fitHeight();
  }

  /** Grows with its text up to a limit; set through CSSOM, which the CSP allows (style attributes it would not). */
  private fitHeight(): void {
    this.input.style.height = 'auto';
    const wanted = this.input.scrollHeight;
    if (wanted > 0) this.input.style.height = `${Math.min(wanted + 2, MAX_TEXTAREA_PX)}px`;
  }
}

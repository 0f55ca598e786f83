// A background process inside the card of the run_command call that started it (issue 27): its state, the URLs it
// printed (links the host opens only if the process printed them), its live tail and a Stop button. Updated in
// place, so the tail keeps its scroll position unless it was at the bottom.
import type { ProcessCard } from '../../src/shared/chat-model';
import { button, h } from '../dom';
import { icon } from '../icons';
import { t } from '../strings';

export interface ProcessActions {
  stopProcess(processId: string): void;
  openProcessUrl(processId: string, url: string, external: boolean): void;
}

export function processStateLabel(card: ProcessCard): string {
  switch (card.state) {
    case 'starting':
      return t('processStarting');
    case 'ready':
      return t('processReady');
    case 'waiting-for-input':
      return t('processWaiting');
    case 'stopped':
      return t('processStopped');
    default:
      return typeof card.exitCode === 'number' ? t('processExited', card.exitCode) : t('processEnded');
  }
}

export function isProcessLive(card: ProcessCard | undefined): boolean {
  return card !== undefined && (card.state === 'starting' || card.state === 'ready' || card.state === 'waiting-for-input');
}

export class ProcessPanel {
  readonly element: HTMLElement;
  private readonly state: HTMLElement;
  private readonly stop: HTMLButtonElement;
  private readonly urls: HTMLElement;
  private readonly tail: HTMLElement;
  private shownUrls = '';

  constructor(
    private readonly doc: Document,
    private readonly processId: string,
    private readonly actions: ProcessActions,
  ) {
    // The state is the card's (its header, tool-card.ts); here it is only announced as it changes. The id, which
    // the model's read_output and stop_process name, is secondary.
    this.state = h(doc, 'span', { className: 'process-state visually-hidden', attrs: { role: 'status' } });
    const id = h(doc, 'span', { className: 'process-id', text: t('processId', processId) });
    this.stop = button(doc, '', 'secondary-button process-stop', () => {
      this.stop.disabled = true;
      this.actions.stopProcess(this.processId);
    });
    this.stop.append(icon(doc, 'stop', 'process-stop-icon'), h(doc, 'span', { text: t('processStop') }));
    this.urls = h(doc, 'ul', { className: 'process-urls', attrs: { 'aria-label': t('processUrls') } });
    this.tail = h(doc, 'pre', { className: 'process-tail', attrs: { tabindex: '0' } });
    const bar = h(doc, 'div', { className: 'process-bar' }, [this.state, id, this.stop]);
    this.element = h(doc, 'div', { className: 'block process-panel', data: { processId } }, [bar, this.urls, this.tail]);
  }

  update(card: ProcessCard): void {
    const live = isProcessLive(card);
    this.element.dataset.state = card.state;
    this.state.textContent = processStateLabel(card);
    this.stop.hidden = !live;
    if (live) this.stop.disabled = false;
    this.stop.setAttribute('aria-label', t('processStopNamed', card.command));
    this.tail.setAttribute('aria-label', t('processOutput', card.command));
    const urls = card.urls.join('\n');
    if (urls !== this.shownUrls) {
      this.shownUrls = urls;
      this.urls.replaceChildren(...card.urls.map((url) => this.urlRow(url)));
    }
    this.urls.hidden = card.urls.length === 0;
    if (this.tail.textContent !== card.tail) {
      const atBottom = this.tail.scrollHeight - this.tail.scrollTop - this.tail.clientHeight <= 4;
      this.tail.textContent = card.tail;
      this.tail.hidden = card.tail === '';
      if (atBottom) this.tail.scrollTop = this.tail.scrollHeight;
    }
  }

  private urlRow(url: string): HTMLElement {
    const link = h(this.doc, 'a', { className: 'process-url', text: url, attrs: { href: url } });
    link.addEventListener('click', (event) => {
      // Never navigates the webview, and the conversation's own link handler does not see it.
      event.preventDefault();
      event.stopPropagation();
      this.actions.openProcessUrl(this.processId, url, false);
    });
    const external = button(this.doc, '', 'process-url-external icon-button', (event) => {
      event.stopPropagation();
      this.actions.openProcessUrl(this.processId, url, true);
    }, t('processOpenExternal'));
    external.title = t('processOpenExternal');
    external.append(icon(this.doc, 'linkExternal', 'process-url-external-icon'));
    return h(this.doc, 'li', {}, [link, external]);
  }
}

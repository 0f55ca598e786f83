// Screen-reader announcements. The conversation itself is not a live region (streamed markdown is redrawn up to
// 60 times a second and would be read out again and again); instead this polite region says what finished:
// a reply, a tool call's outcome, a call awaiting approval, an error.
import type { ChatChange } from '../src/shared/chat-reducer';
import { h } from './dom';
import { phaseInfo } from './render/tool-card';
import { cardPhase } from '../src/shared/chat-attention';
import { t } from './strings';

const MAX_SPOKEN_CHARS = 400;

export class Announcer {
  readonly element: HTMLElement;
  constructor(doc: Document) {
    this.element = h(doc, 'div', { className: 'visually-hidden', attrs: { 'aria-live': 'polite', role: 'status' } });
  }

  announce(changes: readonly ChatChange[]): void {
    const lines = changes.map(announcementFor).filter((line): line is string => !!line);
    if (lines.length > 0) this.element.textContent = lines.join('. ');
  }
}

export function announcementFor(change: ChatChange): string | undefined {
  if (change.type === 'itemAdded' && change.item.kind === 'error') return t('announceError', change.item.message);
  if (change.type !== 'itemUpdated') return undefined;
  const { item, previous } = change;
  if (item.kind === 'assistant' && previous.kind === 'assistant' && previous.streaming && !item.streaming) {
    const text = item.text.length > MAX_SPOKEN_CHARS ? `${item.text.slice(0, MAX_SPOKEN_CHARS)}…` : item.text;
    return t('announceReply', text);
  }
  if (item.kind === 'tool' && previous.kind === 'tool' && item.status.state !== previous.status.state) {
    const { state } = item.status;
    if (state === 'running' || state === 'waiting') return undefined;
    return `${item.status.displayName || item.status.toolName}: ${phaseInfo(cardPhase(item.status, true)).label}`;
  }
  return undefined;
}

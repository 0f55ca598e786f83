import type { DisplayBlock } from '../../../src/shared/chat-model';
import { h } from '../../dom';
import { stringField, type BlockContext } from './context';

const MAX_TEXT_CHARS = 20_000;

export function renderTextBlock(block: DisplayBlock, { doc }: BlockContext): HTMLElement {
  const text = stringField(block, 'text');
  const shown = text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS)}\n…` : text;
  return h(doc, 'div', { className: 'block block-text', text: shown });
}

export function renderErrorBlock(block: DisplayBlock, { doc }: BlockContext): HTMLElement {
  const message = stringField(block, 'message') || stringField(block, 'text');
  return h(doc, 'div', { className: 'block block-error', text: message, attrs: { role: 'alert' } });
}

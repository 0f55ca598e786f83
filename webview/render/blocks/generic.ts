// A block type this webview does not know: shown as its type name and JSON, never dropped (tool-system.md §2.5).
import type { DisplayBlock } from '../../../src/shared/chat-model';
import { h } from '../../dom';
import type { BlockContext } from './context';
import { t } from '../../strings';

const MAX_JSON_CHARS = 4_000;

export function renderGenericBlock(block: DisplayBlock, { doc }: BlockContext): HTMLElement {
  let json: string;
  try {
    json = JSON.stringify(block, null, 2) ?? String(block);
  } catch {
    json = String(block);
  }
  if (json.length > MAX_JSON_CHARS) json = `${json.slice(0, MAX_JSON_CHARS)}\n${t('moreCharacters', json.length - MAX_JSON_CHARS)}`;
  const type = typeof block?.type === 'string' ? block.type : '(no type)';
  return h(doc, 'div', { className: 'block block-generic' }, [
    h(doc, 'div', { className: 'block-header', text: t('blockHeader', type) }),
    h(doc, 'pre', { className: 'block-pre', text: json }),
  ]);
}

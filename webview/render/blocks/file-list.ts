import type { DisplayBlock } from '../../../src/shared/chat-model';
import { h } from '../../dom';
import type { BlockContext } from './context';
import { t } from '../../strings';

const MAX_FILES = 200;

export function renderFileListBlock(block: DisplayBlock, { doc }: BlockContext): HTMLElement {
  const fields = block as Record<string, unknown>;
  const files = Array.isArray(fields.files) ? fields.files.map(String) : [];
  const list = h(doc, 'ul', { className: 'file-list' });
  for (const file of files.slice(0, MAX_FILES)) list.append(h(doc, 'li', { text: file, attrs: { title: file } }));
  const node = h(doc, 'div', { className: 'block block-file-list' }, [list]);
  const more = files.length - MAX_FILES;
  if (more > 0 || fields.truncated === true) {
    node.append(h(doc, 'div', { className: 'block-note', text: more > 0 ? t('moreFiles', more) : t('listTruncated') }));
  }
  return node;
}

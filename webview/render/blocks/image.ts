// A picture a tool made (check_page's screenshot of the page): a thumbnail drawn from a data: URI, which the
// webview's CSP allows for images and nothing else. Only a JPEG or PNG in plain base64 is drawn; anything else
// falls back to the generic block (index.ts).
import type { DisplayBlock } from '../../../src/shared/chat-model';
import { h } from '../../dom';
import { stringField, type BlockContext } from './context';

const MEDIA_TYPES = new Set(['image/jpeg', 'image/png']);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function renderImageBlock(block: DisplayBlock, { doc }: BlockContext): HTMLElement {
  const mediaType = stringField(block, 'mediaType');
  const data = stringField(block, 'data');
  if (!MEDIA_TYPES.has(mediaType) || !BASE64.test(data)) throw new Error('not an image this card draws');
  const fields = block as Record<string, unknown>;
  const size = (key: string): string | undefined => (typeof fields[key] === 'number' && Number.isFinite(fields[key]) && (fields[key] as number) > 0 ? String(Math.round(fields[key] as number)) : undefined);
  const width = size('width');
  const height = size('height');
  // The width and height reserve the picture's place before it decodes, so the card does not jump.
  const img = h(doc, 'img', {
    className: 'block-image',
    attrs: { src: `data:${mediaType};base64,${data}`, alt: stringField(block, 'alt'), ...(width && height ? { width, height } : {}) },
  });
  return h(doc, 'figure', { className: 'block block-image-frame' }, [img]);
}

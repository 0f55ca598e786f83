// Picks the renderer for a display block. A renderer that throws on a malformed block falls back to the generic
// view: one bad block never takes the card (or the chat) down with it.
import type { DisplayBlock } from '../../../src/shared/chat-model';
import type { BlockContext, BlockRenderer } from './context';
import { renderDiffBlock } from './diff';
import { renderFileListBlock } from './file-list';
import { renderGenericBlock } from './generic';
import { renderImageBlock } from './image';
import { renderQuestionBlock } from './question';
import { renderTerminalBlock } from './terminal';
import { renderErrorBlock, renderTextBlock } from './text';
import { renderTodoBlock } from './todo';

const RENDERERS: Record<string, BlockRenderer> = {
  text: renderTextBlock,
  error: renderErrorBlock,
  diff: renderDiffBlock,
  terminal: renderTerminalBlock,
  file_list: renderFileListBlock,
  todo: renderTodoBlock,
  question: renderQuestionBlock,
  image: renderImageBlock,
};

export function renderBlock(block: DisplayBlock, ctx: BlockContext): HTMLElement {
  const renderer = (block && typeof block === 'object' && Object.hasOwn(RENDERERS, block.type) ? RENDERERS[block.type] : undefined) ?? renderGenericBlock;
  try {
    return renderer(block, ctx);
  } catch {
    return renderGenericBlock(block, ctx);
  }
}

export type { BlockActions, BlockContext } from './context';

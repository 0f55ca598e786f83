// Display blocks for the UI channel: typed constructors, and the fallback that keeps any block a tool sends
// (behaviour 5): an unknown type is kept as is; something that is not a block at all becomes a generic one.
import type { DisplayBlock, KnownDisplayBlock, TodoStatus } from './status-types';

export const KNOWN_BLOCK_TYPES = ['text', 'diff', 'terminal', 'file_list', 'todo', 'question'] as const;

export const displayBlocks = {
  text: (text: string): KnownDisplayBlock => ({ type: 'text', text }),
  diff: (path: string, unifiedDiff: string, added: number, removed: number, canOpen = true): KnownDisplayBlock => ({
    type: 'diff',
    path,
    unifiedDiff,
    added,
    removed,
    canOpen,
  }),
  terminal: (command: string, output: string, exitCode?: number, truncated?: boolean): KnownDisplayBlock => ({
    type: 'terminal',
    command,
    output,
    ...(exitCode === undefined ? {} : { exitCode }),
    ...(truncated === undefined ? {} : { truncated }),
  }),
  fileList: (files: string[], truncated?: boolean): KnownDisplayBlock => ({
    type: 'file_list',
    files,
    ...(truncated === undefined ? {} : { truncated }),
  }),
  todo: (items: { text: string; status: TodoStatus }[]): KnownDisplayBlock => ({ type: 'todo', items }),
  question: (question: string, options?: string[]): KnownDisplayBlock => ({
    type: 'question',
    question,
    ...(options ? { options } : {}),
  }),
};

export function isKnownDisplayBlock(block: DisplayBlock): block is KnownDisplayBlock {
  return (KNOWN_BLOCK_TYPES as readonly string[]).includes(block.type);
}

/** Every input element yields one block, in order: nothing is dropped, nothing throws. */
export function normalizeDisplayBlocks(blocks: readonly unknown[] | undefined): DisplayBlock[] {
  if (!Array.isArray(blocks)) return [];
  return blocks.map(normalizeDisplayBlock);
}

export function normalizeDisplayBlock(block: unknown): DisplayBlock {
  if (block !== null && typeof block === 'object' && !Array.isArray(block)) {
    const type = (block as { type?: unknown }).type;
    if (typeof type === 'string' && type.length > 0) return block as DisplayBlock;
  }
  return { type: 'unknown', value: block };
}

/** The text a generic renderer shows for a block it cannot draw: its type and its fields as JSON. */
export function genericBlockText(block: DisplayBlock): { title: string; body: string } {
  const { type, ...rest } = block;
  let body: string;
  try {
    body = JSON.stringify(rest, null, 2) ?? '';
  } catch {
    body = String(rest);
  }
  return { title: type, body };
}

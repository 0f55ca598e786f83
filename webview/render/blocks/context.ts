import type { DisplayBlock, ProcessCard } from '../../../src/shared/chat-model';
import type { ProcessActions } from '../process-panel';

/** What a block may ask for; the card wires these to protocol messages. */
export interface BlockActions extends ProcessActions {
  /** The background process a card shows, as the chat knows it now. */
  processCard(processId: string): ProcessCard | undefined;
  openDiff(callId: string): void;
  answerQuestion(callId: string, answer: string): void;
  copy(text: string, button: HTMLButtonElement): void;
}

export interface BlockContext {
  doc: Document;
  callId: string;
  actions: BlockActions;
}

export type BlockRenderer<B extends DisplayBlock = DisplayBlock> = (block: B, ctx: BlockContext) => HTMLElement;

/** Reads a field of a block that came over the wire: the type says string, a third-party tool may disagree. */
export function stringField(block: DisplayBlock, key: string): string {
  const value = (block as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

// A command's output: a live tail while it runs (the newest lines matter), then the exit code.
import type { DisplayBlock } from '../../../src/shared/chat-model';
import { h, lastLines } from '../../dom';
import { stringField, type BlockContext } from './context';
import { t } from '../../strings';

const TAIL_LINES = 200;
/** Colour and cursor sequences a runner may have left in; the card shows plain text. */
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

export function renderTerminalBlock(block: DisplayBlock, { doc }: BlockContext): HTMLElement {
  const fields = block as Record<string, unknown>;
  const exitCode = typeof fields.exitCode === 'number' ? fields.exitCode : undefined;
  const header = h(doc, 'div', { className: 'block-header' }, [
    h(doc, 'span', { className: 'terminal-command', text: `$ ${stringField(block, 'command')}` }),
  ]);
  if (exitCode !== undefined) {
    header.append(h(doc, 'span', { className: `exit-code ${exitCode === 0 ? 'exit-ok' : 'exit-failed'}`, text: t('exitCode', exitCode) }));
  }
  const tail = lastLines(stringField(block, 'output').replace(ANSI, ''), TAIL_LINES);
  const notes: string[] = [];
  if (tail.hidden > 0) notes.push(t('earlierLines', tail.hidden));
  if (fields.truncated === true) notes.push('output truncated');
  const body = h(doc, 'div', { className: 'terminal-scroll', attrs: { tabindex: '0', 'aria-label': t('commandOutput') } }, [
    h(doc, 'pre', { className: 'block-pre terminal-output', text: tail.text || (exitCode === undefined ? '' : t('noOutput')) }),
  ]);
  const node = h(doc, 'div', { className: 'block block-terminal' }, [header]);
  if (notes.length > 0) node.append(h(doc, 'div', { className: 'block-note', text: notes.join(' · ') }));
  node.append(body);
  return node;
}

// An edit's unified diff: path (file name first), +/- counts, coloured lines, and "Open diff" into VS Code's own diff editor.
import type { DisplayBlock } from '../../../src/shared/chat-model';
import { button, h } from '../../dom';
import { stringField, type BlockContext } from './context';
import { t } from '../../strings';
import { changedParts } from './diff-words';
import { pathLabel } from '../path-label';

const MAX_DIFF_LINES = 400;

export function renderDiffBlock(block: DisplayBlock, ctx: BlockContext): HTMLElement {
  const { doc } = ctx;
  const fields = block as Record<string, unknown>;
  const path = stringField(block, 'path');
  const header = h(doc, 'div', { className: 'block-header' }, [
    pathLabel(doc, path, 'diff-path'),
    diffStat(doc, Number(fields.added) || 0, Number(fields.removed) || 0),
  ]);
  if (fields.canOpen === true) {
    header.append(button(doc, t('openDiff'), 'link-button', () => ctx.actions.openDiff(ctx.callId), t('openDiffOf', path)));
  }
  return h(doc, 'div', { className: 'block block-diff' }, [header, diffBody(doc, stringField(block, 'unifiedDiff'))]);
}

export function diffStat(doc: Document, added: number, removed: number): HTMLElement {
  return h(doc, 'span', { className: 'diff-stat', attrs: { 'aria-label': t('diffStat', added, removed) } }, [
    h(doc, 'span', { className: 'diff-added', text: `+${added}` }),
    h(doc, 'span', { className: 'diff-removed', text: `−${removed}` }),
  ]);
}

function diffBody(doc: Document, unified: string): HTMLElement {
  const pre = h(doc, 'pre', { className: 'block-pre diff-body' });
  const lines = unified.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const shown = lines.slice(0, MAX_DIFF_LINES);
  const marks = changedParts(shown);
  shown.forEach((line, i) => {
    const kind = lineClass(line);
    const parts = marks.get(i);
    const node = h(doc, 'span', { className: `diff-line ${kind}`, text: parts ? undefined : `${line}\n` });
    if (parts) {
      node.append(line[0]!);
      for (const part of parts) node.append(part.changed ? h(doc, 'span', { className: 'diff-change', text: part.text }) : part.text);
      node.append('\n');
    }
    pre.append(node);
  });
  if (lines.length > MAX_DIFF_LINES) {
    pre.append(h(doc, 'span', { className: 'diff-line diff-meta', text: t('moreDiffLines', lines.length - MAX_DIFF_LINES) }));
  }
  return pre;
}

function lineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff ') || line.startsWith('Index:') || line.startsWith('===')) return 'diff-meta';
  if (line.startsWith('@@')) return 'diff-hunk';
  if (line.startsWith('+')) return 'diff-add';
  if (line.startsWith('-')) return 'diff-del';
  return 'diff-context';
}

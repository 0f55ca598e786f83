// Code blocks in rendered markdown: a header with the language and a Copy button, and light highlighting.
import { h } from '../dom';
import { icon } from '../icons';
import { highlightInto } from './highlight';
import { t } from '../strings';

export function enhanceCodeBlocks(doc: Document, root: DocumentFragment | Element, copy: (text: string, button: HTMLButtonElement) => void): void {
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const code = pre.querySelector('code');
    const text = (code ?? pre).textContent ?? '';
    const language = /^language-(.+)$/.exec(code?.className ?? '')?.[1] ?? '';
    if (code) highlightInto(doc, code, text, language);
    const copyButton = h(doc, 'button', { className: 'code-copy icon-button', attrs: { type: 'button', 'aria-label': t('copyCode'), title: t('copyCode') } }, [
      icon(doc, 'copy'),
    ]);
    copyButton.addEventListener('click', () => copy(text, copyButton));
    const header = h(doc, 'div', { className: 'code-header' }, [h(doc, 'span', { className: 'code-language', text: language || 'text' }), copyButton]);
    const block = h(doc, 'div', { className: 'code-block' });
    pre.replaceWith(block);
    block.append(header, pre);
  }
}

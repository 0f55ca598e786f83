// Tiny DOM builders. Every view takes its Document from the root it is mounted in (never the global one), so
// the same code runs in the webview and in jsdom tests. Text always goes in through textContent.

export interface ElementProps {
  className?: string;
  text?: string;
  attrs?: Record<string, string>;
  /** data-* attributes, without the prefix. */
  data?: Record<string, string>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: ElementProps = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  for (const [name, value] of Object.entries(props.data ?? {})) node.dataset[name] = value;
  if (children.length > 0) node.append(...children);
  return node;
}

export function button(doc: Document, label: string, className: string, onClick: (event: MouseEvent) => void, ariaLabel?: string): HTMLButtonElement {
  const node = h(doc, 'button', { className, text: label, attrs: { type: 'button' } });
  if (ariaLabel) node.setAttribute('aria-label', ariaLabel);
  node.addEventListener('click', onClick);
  return node;
}

/** Keeps the last `count` lines of `text` and says how many were left out. */
export function lastLines(text: string, count: number): { text: string; hidden: number } {
  let end = text.length;
  if (text.endsWith('\n')) end--;
  let at = end;
  for (let seen = 0; seen < count; seen++) {
    at = text.lastIndexOf('\n', at - 1);
    if (at < 0) return { text: text.slice(0, end), hidden: 0 };
  }
  const hidden = countLines(text.slice(0, at));
  return { text: text.slice(at + 1, end), hidden };
}

export function countLines(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** Durations follow the display language (numbers.ts). */
export { formatDuration } from '../src/shared/format-numbers';

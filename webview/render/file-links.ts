// `path:line` references in rendered model text become links (src/shared/file-references.ts finds them): in text
// and in inline code, never inside a code block or an existing link. The link carries the reference in data
// attributes; a click asks the host to open the file (the host checks it is a workspace file).
import { findFileReferences } from '../../src/shared/file-references';

export interface ClickedFileReference {
  path: string;
  line: number;
  endLine?: number;
}

const LINK_CLASS = 'file-ref';

/** Wraps every file reference under `root` in a link; built with DOM calls only (the text is model output). */
export function linkifyFileReferences(doc: Document, root: Node): void {
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('a, pre')) texts.push(node as Text);
  }
  for (const text of texts) linkifyText(doc, text);
}

function linkifyText(doc: Document, text: Text): void {
  const value = text.data;
  const references = findFileReferences(value);
  if (references.length === 0) return;
  const parts: Node[] = [];
  let at = 0;
  for (const reference of references) {
    if (reference.index > at) parts.push(doc.createTextNode(value.slice(at, reference.index)));
    const link = doc.createElement('a');
    link.className = LINK_CLASS;
    link.setAttribute('href', '#');
    link.dataset.path = reference.path;
    link.dataset.line = String(reference.line);
    if (reference.endLine !== undefined) link.dataset.endLine = String(reference.endLine);
    link.textContent = value.slice(reference.index, reference.index + reference.length);
    parts.push(link);
    at = reference.index + reference.length;
  }
  if (at < value.length) parts.push(doc.createTextNode(value.slice(at)));
  text.replaceWith(...parts);
}

/** The reference of a file link the user clicked, if the click was on one (the click then does nothing else). */
export function clickedFileReference(event: Event): ClickedFileReference | undefined {
  const target = event.target as Element | null;
  const link = target?.closest?.(`a.${LINK_CLASS}`) as HTMLElement | null | undefined;
  if (!link) return undefined;
  event.preventDefault();
  const path = link.dataset.path;
  const line = Number(link.dataset.line);
  if (!path || !Number.isInteger(line) || line < 1) return undefined;
  const endLine = link.dataset.endLine !== undefined ? Number(link.dataset.endLine) : undefined;
  return { path, line, ...(endLine !== undefined && Number.isInteger(endLine) ? { endLine } : {}) };
}

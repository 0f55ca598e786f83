// A file's path as VS Code's tabs and Quick Open show it: the file name first, its folder after it, dimmed. In a
// narrow card the folder gives way (cut with an ellipsis) before the name does: "src/components/forms/Butt…" hid
// the one part that tells the files apart. The whole path stays in the tooltip and in `data-path`.
import { h } from '../dom';

/** "src/app/main.ts" → { name: "main.ts", folder: "src/app" }; a bare name has no folder. */
export function splitPath(path: string): { name: string; folder: string } {
  const trimmed = path.replace(/[\\/]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  if (cut < 0) return { name: trimmed || path, folder: '' };
  return { name: trimmed.slice(cut + 1), folder: trimmed.slice(0, cut) || trimmed.slice(0, cut + 1) };
}

/** `<span class="path-label {className}"><span class="path-name">main.ts</span><span class="path-folder">src/app</span></span>`. */
export function pathLabel(doc: Document, path: string, className: string, tag: 'span' | 'dd' = 'span', data: Record<string, string> = {}): HTMLElement {
  const { name, folder } = splitPath(path);
  const node = h(doc, tag, { className: `path-label ${className}`, attrs: { title: path }, data: { ...data, path } }, [h(doc, 'span', { className: 'path-name', text: name })]);
  if (folder) node.append(h(doc, 'span', { className: 'path-folder', text: folder }));
  return node;
}

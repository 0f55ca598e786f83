// What is dropped or pasted on the chat: files and editor tabs dragged from VS Code arrive as URIs (the host makes
// them mentions), images as files (attachments). The whole view is the drop target, not only the box: easier to hit.

/** Types a drag from VS Code's Explorer or editor tabs carries (checked in this order). */
export const URI_LIST_TYPES = ['application/vnd.code.uri-list', 'text/uri-list'] as const;

export interface DropTarget {
  /** URIs dragged from VS Code (the Explorer, editor tabs), at most 50. */
  dropUris(uris: string[]): void;
  /** Image files dropped or pasted. */
  addImages(files: File[]): void;
}

/** Listens for drops on the whole document; the returned function stops listening. */
export function listenForDrops(doc: Document, target: DropTarget): () => void {
  const onDragOver = (event: DragEvent): void => {
    const types = [...(event.dataTransfer?.types ?? [])];
    if (types.includes('Files') || URI_LIST_TYPES.some((t) => types.includes(t))) {
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    }
  };
  const onDrop = (event: DragEvent): void => {
    const transfer = event.dataTransfer;
    if (!transfer) return;
    event.preventDefault();
    const uris = droppedUris(transfer);
    if (uris.length > 0) {
      target.dropUris(uris.slice(0, 50));
      return;
    }
    const files = imageFiles(transfer);
    if (files.length > 0) target.addImages(files);
  };
  doc.documentElement.addEventListener('dragover', onDragOver);
  doc.documentElement.addEventListener('drop', onDrop);
  return () => {
    doc.documentElement.removeEventListener('dragover', onDragOver);
    doc.documentElement.removeEventListener('drop', onDrop);
  };
}

/** Image files on a paste or drop: any file whose type says image (the attachments check the exact formats). */
export function imageFiles(transfer: DataTransfer | null): File[] {
  if (!transfer) return [];
  const files = [...transfer.files];
  if (files.length === 0) for (const item of [...transfer.items]) if (item.kind === 'file') files.push(...[item.getAsFile()].filter((f): f is File => f !== null));
  return files.filter((file) => file.type.startsWith('image/'));
}

/** The URIs a drag from VS Code carries, in the first type that has any (comment lines of text/uri-list skipped). */
export function droppedUris(transfer: DataTransfer): string[] {
  for (const type of URI_LIST_TYPES) {
    const uris = transfer
      .getData(type)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    if (uris.length > 0) return uris;
  }
  return [];
}

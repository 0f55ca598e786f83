// Call hierarchy as the model reads it. Incoming: each caller by file, with the lines where it makes the call.
// Outgoing: each function called, where it is declared, and the lines of the asked function that call it.
import type { CallHierarchyCall, CallHierarchyEntry } from '../ports/language-features';
import type { LocationSource } from './locations';

export type CallDirection = 'incoming' | 'outgoing';

export interface FormattedCalls {
  text: string;
  listed: number;
  total: number;
  /** "path (n)" per file of the callers (incoming) or callees (outgoing). */
  files: string[];
}

const MAX_CODE_CHARS = 160;

export async function formatCalls(
  item: CallHierarchyEntry,
  calls: readonly CallHierarchyCall[],
  direction: CallDirection,
  source: LocationSource,
  limit: number,
): Promise<FormattedCalls> {
  const sorted = [...calls].sort((a, b) => compare(source.show(a.item.path), source.show(b.item.path)) || a.item.selectionRange.start.line - b.item.selectionRange.start.line);
  const texts = new Map<string, string[] | undefined>();
  const linesOf = async (path: string) => {
    if (!texts.has(path)) texts.set(path, source.readable(path) ? (await source.read(path))?.split(/\r?\n|\r/) : undefined);
    return texts.get(path);
  };
  const blocks: string[] = [];
  const perFile = new Map<string, number>();
  let listed = 0;
  let lastFile: string | undefined;
  for (const call of sorted) {
    const shown = source.show(call.item.path);
    perFile.set(shown, (perFile.get(shown) ?? 0) + 1);
    if (listed >= limit) continue;
    // Incoming: the calls sit in the caller's file; outgoing: in the asked function's file.
    const callSite = direction === 'incoming' ? call.item.path : item.path;
    const lines = await linesOf(callSite);
    const declared = `${call.item.kind} ${call.item.name}`;
    const indent = direction === 'incoming' ? '  ' : '';
    const head = direction === 'incoming' ? `  ${declared} (line ${call.item.selectionRange.start.line + 1})` : `${declared} (declared at ${shown}:${call.item.selectionRange.start.line + 1})`;
    const rows = [head];
    for (const range of call.ranges) {
      const code = lines?.[range.start.line]?.trim();
      rows.push(`${indent}  ${range.start.line + 1}:${code === undefined ? range.start.character + 1 : ` ${code.length > MAX_CODE_CHARS ? `${code.slice(0, MAX_CODE_CHARS)}…` : code}`}`);
    }
    if (direction === 'incoming' && shown !== lastFile) blocks.push(shown);
    lastFile = shown;
    blocks.push(rows.join('\n'));
    listed++;
  }
  if (sorted.length > listed) blocks.push(`[${sorted.length - listed} more not listed; raise limit to see them.]`);
  return { text: blocks.join('\n'), listed, total: sorted.length, files: [...perFile].map(([f, n]) => `${f} (${n})`) };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

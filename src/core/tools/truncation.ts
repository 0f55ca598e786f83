// Output limits (behaviour 25): model-facing output over 2,000 lines or 50 KB is cut, the full text is saved
// through the injected store, and the model is told where it is and how to read parts of it. Shell output
// keeps head and tail, because the end (the error, the summary) matters most.
import { errorMessage } from './errors';
import type { OutputStore } from './output-store';
import type { ToolResultContent } from './types';

export interface OutputLimits {
  maxLines: number;
  maxBytes: number;
}

export const DEFAULT_OUTPUT_LIMITS: OutputLimits = { maxLines: 2000, maxBytes: 50 * 1024 };

/** Share of the budget the head keeps in head-and-tail mode; the tail gets the rest. */
const HEAD_SHARE = 0.2;

export interface TruncationRequest {
  toolName: string;
  callId: string;
  keep: 'head' | 'head_and_tail';
  alreadyTruncated?: boolean;
}

export interface TruncatedOutput {
  content: ToolResultContent;
  truncated: boolean;
  savedPath?: string;
}

export async function truncateForModel(
  content: ToolResultContent,
  request: TruncationRequest,
  store: OutputStore | undefined,
  limits: OutputLimits = DEFAULT_OUTPUT_LIMITS,
): Promise<TruncatedOutput> {
  if (request.alreadyTruncated) return { content, truncated: false };
  const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  const lines = splitLines(text);
  if (lines.length <= limits.maxLines && utf8Length(text) <= limits.maxBytes) return { content, truncated: false };

  let savedPath: string | undefined;
  let saveError: string | undefined;
  try {
    if (store) savedPath = await store.save(text, { toolName: request.toolName, callId: request.callId });
    else saveError = 'no output storage is configured';
  } catch (error) {
    saveError = errorMessage(error);
  }
  const where = savedPath
    ? `The full output (${lines.length} lines) is saved at ${savedPath}.`
    : `The full output could not be saved (${saveError}).`;

  if (request.keep === 'head') {
    const head = takeHead(lines, limits.maxLines, limits.maxBytes);
    const read = savedPath ? ` ${readHint(savedPath, head.lineCount + 1, limits.maxLines)}` : '';
    const note = `[Output truncated: showing lines 1-${head.lineCount} of ${lines.length} (limit ${limits.maxLines} lines or ${kb(limits.maxBytes)}). ${where}${read}]`;
    return { content: `${head.text}\n\n${note}`, truncated: true, savedPath };
  }

  const head = takeHead(lines, Math.floor(limits.maxLines * HEAD_SHARE), Math.floor(limits.maxBytes * HEAD_SHARE));
  const tail = takeTail(lines, limits.maxLines - head.lineCount, limits.maxBytes - utf8Length(head.text));
  const omittedFrom = head.lineCount + 1;
  const omittedTo = lines.length - tail.lineCount;
  const read = savedPath ? ` ${readHint(savedPath, omittedFrom, Math.min(limits.maxLines, omittedTo - omittedFrom + 1))}` : '';
  const note = `[Output truncated: lines ${omittedFrom}-${omittedTo} of ${lines.length} omitted; the first ${head.lineCount} and last ${tail.lineCount} lines are shown. ${where}${read}]`;
  return { content: `${head.text}\n\n${note}\n\n${tail.text}`, truncated: true, savedPath };
}

function readHint(path: string, offset: number, limit: number): string {
  return `Read parts of it with read_file using offset (1-based line) and limit (line count), e.g. {"path": ${JSON.stringify(path)}, "offset": ${offset}, "limit": ${limit}}.`;
}

function kb(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  // A trailing newline ends the last line rather than starting an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function takeHead(lines: readonly string[], maxLines: number, maxBytes: number): { text: string; lineCount: number } {
  const kept: string[] = [];
  let bytes = 0;
  for (const line of lines) {
    if (kept.length >= maxLines) break;
    const size = utf8Length(line) + 1;
    if (bytes + size > maxBytes) {
      // A single huge line (minified code) still shows its start rather than nothing.
      if (kept.length === 0) kept.push(cutToBytes(line, maxBytes));
      break;
    }
    kept.push(line);
    bytes += size;
  }
  return { text: kept.join('\n'), lineCount: kept.length };
}

function takeTail(lines: readonly string[], maxLines: number, maxBytes: number): { text: string; lineCount: number } {
  const kept: string[] = [];
  let bytes = 0;
  for (let i = lines.length - 1; i >= 0 && kept.length < maxLines; i--) {
    const size = utf8Length(lines[i]!) + 1;
    if (bytes + size > maxBytes) break;
    kept.push(lines[i]!);
    bytes += size;
  }
  return { text: kept.reverse().join('\n'), lineCount: kept.length };
}

/** The longest prefix within `maxBytes` of UTF-8 that does not split a surrogate pair. */
function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const size = charBytes(text, i);
    if (bytes + size > maxBytes) return text.slice(0, i);
    bytes += size;
    if (size === 4) i++;
  }
  return text;
}

export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const size = charBytes(text, i);
    bytes += size;
    if (size === 4) i++;
  }
  return bytes;
}

function charBytes(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 4;
  }
  return 3;
}

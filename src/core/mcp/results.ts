// What the model and the card get from an MCP tool result. Text stays text; images and audio are described
// (tool results reach the model as text in this runtime); resource links and embedded resources name their
// URI; `structuredContent` is added as JSON unless the text parts already carry it (the same JSON, or every
// string in it); `isError`
// makes the whole result an error result.
import type { McpCallResult, McpContent } from '../ports/mcp';
import { englishNumbers } from '../../shared/format-numbers';

export interface MappedMcpResult {
  /** The model channel. */
  text: string;
  isError: boolean;
  /** Images found in the result, for the card and for anything that can store them. */
  images: { mimeType: string; bytes: number }[];
}

export function mapMcpResult(result: McpCallResult): MappedMcpResult {
  const parts: string[] = [];
  const images: MappedMcpResult['images'] = [];
  const content = Array.isArray(result.content) ? result.content : [];
  for (const item of content) {
    const text = describeContent(item);
    if (item.type === 'image' && typeof item.data === 'string') images.push({ mimeType: String(item.mimeType), bytes: base64Bytes(item.data) });
    if (text) parts.push(text);
  }
  const structured = result.structuredContent;
  const texts = content.flatMap((item) => (item.type === 'text' && typeof item.text === 'string' ? [item.text] : []));
  if (structured !== undefined && structured !== null && !texts.some((t) => sameJson(t, structured)) && !stringsCovered(structured, texts.join('\n'))) {
    parts.push(`Structured content:\n${JSON.stringify(structured, null, 2)}`);
  }
  const isError = result.isError === true;
  if (parts.length === 0) parts.push(isError ? 'The tool reported an error without details.' : 'The tool returned no content.');
  return { text: parts.join('\n\n'), isError, images };
}

function describeContent(item: McpContent): string {
  switch (item.type) {
    case 'text':
      return typeof item.text === 'string' ? item.text : '';
    case 'image':
    case 'audio': {
      const data = typeof item.data === 'string' ? item.data : '';
      return `[${item.type}: ${String(item.mimeType ?? 'unknown type')}, ${formatBytes(base64Bytes(data))}; not shown to this model, which reads tool results as text]`;
    }
    case 'resource_link': {
      const link = item as Extract<McpContent, { type: 'resource_link' }>;
      const label = link.title ?? link.name ?? link.uri;
      const details = [link.mimeType, link.description].filter(Boolean).join(', ');
      return `[resource link] ${label}: ${link.uri}${details ? ` (${details})` : ''}`;
    }
    case 'resource': {
      const resource = (item as Extract<McpContent, { type: 'resource' }>).resource ?? { uri: '?' };
      const type = resource.mimeType ? ` (${resource.mimeType})` : '';
      if (typeof resource.text === 'string') return `[resource] ${resource.uri}${type}:\n${resource.text}`;
      if (typeof resource.blob === 'string') return `[resource] ${resource.uri}${type}: binary, ${formatBytes(base64Bytes(resource.blob))}`;
      return `[resource] ${resource.uri}${type}`;
    }
    default:
      return `[${String(item.type)} content: ${JSON.stringify(item).slice(0, 500)}]`;
  }
}

/** True when every leaf of `value` is a non-empty string the text already contains (`{ content: "<the text>" }`). */
function stringsCovered(value: unknown, text: string): boolean {
  const leaves: unknown[] = [];
  const walk = (v: unknown): void => {
    if (v && typeof v === 'object') for (const child of Object.values(v)) walk(child);
    else leaves.push(v);
  };
  walk(value);
  return leaves.length > 0 && leaves.every((leaf) => typeof leaf === 'string' && leaf !== '' && text.includes(leaf));
}

function sameJson(text: unknown, value: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

export function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

function formatBytes(bytes: number): string {
  return englishNumbers.size(bytes);
}

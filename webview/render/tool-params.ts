// A tool call's key parameters as the model streams them: short values as "key value" rows (a path, a command),
// long or multi-line text (a write_file's content) as a live tail of its last lines while the call is forming.
import type { ToolCardStatus } from '../../src/shared/chat-model';
import { countLines, h, lastLines } from '../dom';
import { pathLabel } from './path-label';
import { t } from '../strings';
import type { WebviewStringKey } from '../../src/shared/webview-strings';

/** The common parameter names in the display language (`tool.name` for one tool's); any other shows as the tool names it. */
const LABELS: Partial<Record<string, WebviewStringKey>> = {
  path: 'paramNamePath',
  content: 'paramNameContent',
  command: 'paramNameCommand',
  cwd: 'paramNameCwd',
  pattern: 'paramNamePattern',
  query: 'paramNameQuery',
  url: 'paramNameUrl',
  symbol: 'paramNameSymbol',
  'send_input.text': 'paramNameText',
  'send_input.id': 'paramNameProcess',
  'read_output.id': 'paramNameProcess',
  'stop_process.id': 'paramNameProcess',
  new_name: 'paramNameNewName',
  kind: 'paramNameKind',
  severity: 'paramNameSeverity',
  direction: 'paramNameDirection',
  filter: 'paramNameFilter',
  line: 'paramNameLine',
  old_text: 'paramNameOldText',
  new_text: 'paramNameNewText',
};

/**
 * How much a tool reads or waits (check_page's settle_ms, read_file's limit, web_fetch's max_length): not shown. The
 * card's line says what came back ("Read a.ts (lines 1-200 of 900)"); "settle ms 500" told a person nothing.
 */
const AMOUNTS = new Set(['settle_ms', 'max_text', 'max_length', 'max_results', 'limit', 'offset', 'start_index', 'context_lines', 'depth']);

/** Relay's own tools (snake_case, no server prefix): an MCP or extension tool's `limit` may be what it acts on. */
const builtIn = (toolName: string): boolean => /^[a-z_]+$/.test(toolName) && !toolName.includes('__');

/** Flags (a boolean parameter) said as what they do, not "background true": [when on, when off]; no text: not shown. */
const FLAGS: Partial<Record<string, [WebviewStringKey | undefined, WebviewStringKey | undefined]>> = {
  background: ['paramFlagBackground', undefined],
  outside_sandbox: ['paramFlagOutsideSandbox', undefined],
  replace_all: ['paramFlagReplaceAll', undefined],
  recursive: ['paramFlagRecursive', undefined],
  include_ignored: ['paramFlagIncludeIgnored', undefined],
  regex: ['paramFlagRegex', 'paramFlagExactText'],
  case_sensitive: ['paramFlagCaseSensitive', 'paramFlagIgnoreCase'],
};

function label(key: string, toolName = ''): string {
  const known = LABELS[`${toolName}.${key}`] ?? LABELS[key];
  // Another tool's own name, readable: "start_line" as "start line".
  return known ? t(known) : key.replace(/_/g, ' ');
}

/** A flag's row: what it does when on; another tool's flag as "<name>: yes/no". */
function flagText(key: string, on: boolean): string {
  const known = FLAGS[key];
  if (known) {
    const text = on ? known[0] : known[1];
    return text ? t(text) : '';
  }
  return `${label(key)}: ${on ? t('paramYes') : t('paramNo')}`;
}

/** Parameters that name a file: shown file name first, the folder after it (path-label.ts). */
const PATH_KEYS = new Set(['path', 'file_path', 'new_path', 'old_path']);

const MAX_ROWS = 6;
const MAX_INLINE_CHARS = 160;
const TAIL_LINES = 20;

export function renderParams(doc: Document, status: ToolCardStatus): HTMLElement | undefined {
  const params = status.params;
  if (!params || typeof params !== 'object') return undefined;
  // Long text matters while the call forms or waits for approval; afterwards the result blocks say more.
  const showLong = status.partial || ((status.state === 'waiting' || status.state === 'awaiting_approval') && status.blocks.length === 0);
  const rows = h(doc, 'dl', { className: 'tool-params' });
  const previews: HTMLElement[] = [];
  let shownRows = 0;
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || (AMOUNTS.has(key) && builtIn(status.toolName))) continue;
    if (typeof value === 'boolean') {
      const flag = flagText(key, value);
      if (flag && shownRows < MAX_ROWS) {
        rows.append(h(doc, 'dd', { className: 'param-flag', text: flag, data: { param: key } }));
        shownRows++;
      }
      continue;
    }
    const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
    if (typeof value === 'string' && (text.length > MAX_INLINE_CHARS || text.includes('\n'))) {
      if (showLong) previews.push(longPreview(doc, key, label(key, status.toolName), text, status.partial));
    } else if (shownRows < MAX_ROWS) {
      const shown = text.length > MAX_INLINE_CHARS ? `${text.slice(0, MAX_INLINE_CHARS)}…` : text;
      const value = PATH_KEYS.has(key) && typeof params[key] === 'string' && text.length <= MAX_INLINE_CHARS
        ? pathLabel(doc, text, 'param-path', 'dd', { param: key })
        : h(doc, 'dd', { text: shown, attrs: { title: shown }, data: { param: key } });
      rows.append(h(doc, 'dt', { text: label(key, status.toolName) }), value);
      shownRows++;
    }
  }
  if (shownRows === 0 && previews.length === 0) return undefined;
  const node = h(doc, 'div', { className: 'tool-params-section' });
  if (shownRows > 0) node.append(rows);
  node.append(...previews);
  return node;
}

function longPreview(doc: Document, key: string, name: string, text: string, streaming: boolean): HTMLElement {
  const tail = lastLines(text, TAIL_LINES);
  const lines = countLines(text);
  const caption = `${lines === 1 ? t('paramLine', name) : t('paramLines', name, lines)}${tail.hidden > 0 ? t('paramTail', TAIL_LINES) : ''}`;
  return h(doc, 'div', { className: `param-preview${streaming ? ' streaming' : ''}`, data: { param: key } }, [
    h(doc, 'div', { className: 'param-preview-label', text: caption }),
    h(doc, 'pre', { className: 'block-pre param-preview-text', text: tail.text }),
  ]);
}

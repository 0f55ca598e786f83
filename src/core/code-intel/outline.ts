// A file's symbols as an indented tree with line ranges: the cheap way to see a large file's shape before
// reading parts of it. Capped in symbols (with a count of the rest) and optionally in depth.
import type { DocumentSymbolInfo } from '../ports/language-features';

export interface FormattedOutline {
  text: string;
  listed: number;
  total: number;
}

export function formatOutline(symbols: readonly DocumentSymbolInfo[], limit: number, maxDepth = Infinity): FormattedOutline {
  const rows: string[] = [];
  let total = 0;
  const walk = (list: readonly DocumentSymbolInfo[], depth: number) => {
    for (const symbol of sortByPosition(list)) {
      if (depth >= maxDepth) continue;
      total++;
      if (rows.length < limit) rows.push(`${'  '.repeat(depth)}${describe(symbol)}`);
      walk(symbol.children, depth + 1);
    }
  };
  walk(symbols, 0);
  if (total > rows.length) rows.push(`[${total - rows.length} more symbols not listed; raise limit, or lower depth to see the top levels only.]`);
  return { text: rows.join('\n'), listed: Math.min(total, limit), total };
}

function describe(symbol: DocumentSymbolInfo): string {
  const first = symbol.range.start.line + 1;
  const last = symbol.range.end.line + 1;
  const lines = first === last ? `line ${first}` : `lines ${first}-${last}`;
  const detail = symbol.detail ? ` ${oneLine(symbol.detail)}` : '';
  return `${symbol.kind} ${symbol.name}${detail} (${lines})`;
}

function sortByPosition(list: readonly DocumentSymbolInfo[]): DocumentSymbolInfo[] {
  return [...list].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

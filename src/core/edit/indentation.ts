// Indentation arithmetic: measuring a block's indentation and nesting, and the file's indentation style.

/** Tabs count to the next multiple of this; only ratios matter, so any fixed width would do. */
export const TAB_WIDTH = 4;

export function leadingWhitespace(line: string): string {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return line.slice(0, i);
}

export function indentWidth(ws: string): number {
  let w = 0;
  for (const ch of ws) w = ch === '\t' ? w + TAB_WIDTH - (w % TAB_WIDTH) : w + 1;
  return w;
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** The indentation of a block of lines: its least-indented line and its nesting step. */
export interface BlockIndent {
  minIndent: string;
  minWidth: number;
  /** Width of one nesting level inside the block; undefined when every line sits at the same depth. */
  unit: number | undefined;
  usesTabs: boolean;
}

export function measureBlock(lines: readonly string[]): BlockIndent | undefined {
  let minIndent: string | undefined;
  let minWidth = Infinity;
  let usesTabs = false;
  const widths: number[] = [];
  for (const line of lines) {
    if (isBlank(line)) continue;
    const ws = leadingWhitespace(line);
    const w = indentWidth(ws);
    widths.push(w);
    if (ws.includes('\t')) usesTabs = true;
    if (w < minWidth) {
      minWidth = w;
      minIndent = ws;
    }
  }
  if (minIndent === undefined) return undefined;
  return { minIndent, minWidth, unit: nestingUnit(widths), usesTabs };
}

/**
 * The width of one nesting level in regularly indented lines: the GCD of their depths below the least-indented
 * one, so a block that jumps two levels at once still counts levels right. Depths of 1 are alignment (a JSDoc
 * " * "), not nesting. Undefined when every line sits at the same depth.
 */
export function nestingUnit(widths: readonly number[]): number | undefined {
  const min = Math.min(...widths);
  let g = 0;
  for (const w of widths) if (w - min >= 2) g = gcd(g, w - min);
  return g === 0 ? undefined : g;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * The most common step between consecutive lines' indentation (ties go to the smaller): the level width to assume
 * where indentation is irregular and a GCD would collapse to 1 or 2. Undefined when no line steps in or out.
 */
export function commonStep(widths: readonly number[]): number | undefined {
  const counts = new Map<number, number>();
  for (let i = 1; i < widths.length; i++) {
    const step = Math.abs(widths[i]! - widths[i - 1]!);
    if (step >= 2) counts.set(step, (counts.get(step) ?? 0) + 1);
  }
  let unit: number | undefined;
  let best = 0;
  for (const [step, count] of counts) {
    if (count > best || (count === best && step < unit!)) {
      unit = step;
      best = count;
    }
  }
  return unit;
}

/** The indentation widths of the non-blank lines, in order. */
export function indentWidths(lines: readonly string[]): number[] {
  return lines.filter((l) => !isBlank(l)).map((l) => indentWidth(leadingWhitespace(l)));
}

/** The nesting shape of a block: per non-blank line, levels and alignment spaces below its least-indented line. */
function shape(lines: readonly string[], block: BlockIndent): string {
  const unit = block.unit ?? Infinity;
  return indentWidths(lines)
    .map((w) => {
      const rel = w - block.minWidth;
      return `${Math.floor(rel / unit)}:${rel % unit}`;
    })
    .join(',');
}

/** True when the two blocks nest the same way, whatever their base indentation, step width or tabs. */
export function sameNesting(fileLines: readonly string[], searchLines: readonly string[]): boolean {
  const f = measureBlock(fileLines);
  const s = measureBlock(searchLines);
  if (!f || !s) return f === s;
  return shape(fileLines, f) === shape(searchLines, s);
}

/** The file-wide indentation style, used when the matched block itself does not show one. */
export interface IndentStyle {
  usesTabs: boolean;
  unit: number;
}

export function detectIndentStyle(lines: readonly string[]): IndentStyle {
  let tabs = 0;
  let spaces = 0;
  for (const line of lines) {
    if (line.startsWith('\t')) tabs++;
    else if (line.startsWith(' ') && !isBlank(line)) spaces++;
  }
  const usesTabs = tabs > spaces;
  return { usesTabs, unit: usesTabs ? TAB_WIDTH : (commonStep(indentWidths(lines)) ?? TAB_WIDTH) };
}

export function indentOfWidth(width: number, tabs: boolean): string {
  return tabs ? '\t'.repeat(Math.floor(width / TAB_WIDTH)) + ' '.repeat(width % TAB_WIDTH) : ' '.repeat(width);
}

export function describeIndent(ws: string): string {
  if (ws === '') return 'no indent';
  const tabs = [...ws].filter((c) => c === '\t').length;
  const spaces = ws.length - tabs;
  const parts: string[] = [];
  if (tabs) parts.push(`${tabs} tab${tabs === 1 ? '' : 's'}`);
  if (spaces) parts.push(`${spaces} space${spaces === 1 ? '' : 's'}`);
  return parts.join(' + ');
}

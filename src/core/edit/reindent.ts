// Re-indenting a replacement: newText is written in the model's indentation; it must land in the file's.

import {
  commonStep,
  describeIndent,
  indentOfWidth,
  indentWidth,
  indentWidths,
  isBlank,
  leadingWhitespace,
  measureBlock,
  nestingUnit,
  sameNesting,
  TAB_WIDTH,
  type BlockIndent,
  type IndentStyle,
} from './indentation';
import { lineKey } from './line-keys';

/** The re-indented lines and, when they changed, a phrase for the model saying how. */
export interface Reindented {
  lines: string[];
  change?: string;
}

/** How one nesting level is written on each side. */
interface Levels {
  model: BlockIndent;
  file: BlockIndent;
  modelUnit: number;
  fileUnit: number;
  fileTabs: boolean;
  levelString: string;
}

/**
 * Re-indents `newLines` (written like `searchLines`) to sit in the file the way `fileLines`, the lines the search
 * matched, do. Tried in order: nothing to do; a plain change of base indentation; a change of step width or tabs
 * with the nesting intact; and for irregular indentation, line by line from the lines newText kept.
 */
export function reindent(
  fileLines: readonly string[],
  searchLines: readonly string[],
  newLines: readonly string[],
  fileStyle: () => IndentStyle,
): Reindented {
  const pairs = pairedLines(fileLines, searchLines);
  if (pairs.every(([f, s]) => leadingWhitespace(f) === leadingWhitespace(s))) return { lines: [...newLines] };
  const file = measureBlock(fileLines);
  const model = measureBlock(searchLines);
  if (!file || !model) return { lines: [...newLines] };
  const levels = levelsOf(file, model, newLines, fileStyle);

  if (prefixSwap(pairs, model.minIndent, file.minIndent)) {
    const lines = mapLines(newLines, (ws) => (ws.startsWith(model.minIndent) ? file.minIndent + ws.slice(model.minIndent.length) : byLevel(ws, levels)));
    return withNote(lines, newLines, `replacement re-indented from ${describeIndent(model.minIndent)} to ${describeIndent(file.minIndent)}`);
  }
  if (fileLines.length === searchLines.length && !sameNesting(fileLines, searchLines)) {
    return lineByLine(fileLines, searchLines, newLines, levels);
  }
  const lines = mapLines(newLines, (ws) => byLevel(ws, levels));
  const from = `${describeIndent(model.minIndent)} (${describeIndent(' '.repeat(levels.modelUnit))} per level)`;
  const to = `${describeIndent(file.minIndent)} (${describeIndent(levels.levelString)} per level)`;
  return withNote(lines, newLines, `replacement re-indented from ${from} to ${to}`);
}

function levelsOf(file: BlockIndent, model: BlockIndent, newLines: readonly string[], fileStyle: () => IndentStyle): Levels {
  // The file-wide style costs a pass over the file: consulted only when the matched block does not show its own.
  const modelUnit = model.unit ?? nestingUnit(indentWidths(newLines)) ?? file.unit ?? fileStyle().unit;
  const fileTabs = file.minWidth > 0 || file.unit !== undefined ? file.usesTabs : fileStyle().usesTabs;
  const fileUnit = file.unit ?? (fileTabs ? TAB_WIDTH : fileStyle().usesTabs ? modelUnit : fileStyle().unit);
  return { model, file, modelUnit, fileUnit, fileTabs, levelString: indentOfWidth(fileUnit, fileTabs) };
}

/** The file indentation for a model indentation, counting levels from each block's least-indented line. */
function byLevel(ws: string, levels: Levels): string {
  return shifted(levels.file.minIndent, indentWidth(ws) - levels.model.minWidth, levels);
}

/** `base` moved by `delta` model columns, converted to the file's levels; leftover columns stay as alignment spaces. */
function shifted(base: string, delta: number, levels: Levels): string {
  if (delta >= 0) {
    return base + levels.levelString.repeat(Math.floor(delta / levels.modelUnit)) + ' '.repeat(delta % levels.modelUnit);
  }
  const width = Math.max(0, indentWidth(base) - Math.ceil(-delta / levels.modelUnit) * levels.fileUnit);
  return indentOfWidth(width, levels.fileTabs);
}

/**
 * Irregular indentation (a flattened block, a few lines off): each newText line that oldText also had takes the
 * indentation of the file line it matched; any other line keeps its offset from the last such line.
 */
function lineByLine(fileLines: readonly string[], searchLines: readonly string[], newLines: readonly string[], levels: Levels): Reindented {
  const searchKeys = searchLines.map(lineKey.quotes);
  // Irregular indentation has no true level width; the model's most common step is the best guess for new lines.
  const local = { ...levels, modelUnit: commonStep(indentWidths(searchLines)) ?? levels.modelUnit };
  let next = 0;
  let anchor: { modelWidth: number; fileIndent: string } | undefined;
  const lines = mapLines(newLines, (ws, line) => {
    const k = searchKeys.indexOf(lineKey.quotes(line), next);
    if (k !== -1) {
      next = k + 1;
      anchor = { modelWidth: indentWidth(ws), fileIndent: leadingWhitespace(fileLines[k]!) };
      return anchor.fileIndent;
    }
    return anchor ? shifted(anchor.fileIndent, indentWidth(ws) - anchor.modelWidth, local) : byLevel(ws, local);
  });
  return withNote(lines, newLines, 'replacement re-indented line by line to match the lines it replaced (your indentation was irregular)');
}

/** Applies `indentFor` to every non-blank line; blank lines become empty. */
function mapLines(newLines: readonly string[], indentFor: (ws: string, line: string) => string): string[] {
  return newLines.map((line) => {
    if (isBlank(line)) return '';
    const ws = leadingWhitespace(line);
    return indentFor(ws, line) + line.slice(ws.length);
  });
}

function withNote(lines: string[], original: readonly string[], change: string): Reindented {
  return lines.some((l, i) => l !== original[i]) ? { lines, change } : { lines };
}

/** Lines to compare indentation on: all pairs when the block lengths agree, else just the first and last lines. */
function pairedLines(fileLines: readonly string[], searchLines: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (fileLines.length === searchLines.length) {
    fileLines.forEach((f, i) => pairs.push([f, searchLines[i]!]));
  } else {
    pairs.push([fileLines[0]!, searchLines[0]!], [fileLines[fileLines.length - 1]!, searchLines[searchLines.length - 1]!]);
  }
  return pairs.filter(([f, s]) => !isBlank(f) && !isBlank(s));
}

/** True when every file indent is `to` + x exactly where the model's is `from` + x: a plain change of base indentation. */
function prefixSwap(pairs: ReadonlyArray<[string, string]>, from: string, to: string): boolean {
  return pairs.every(([f, s]) => {
    const fw = leadingWhitespace(f);
    const sw = leadingWhitespace(s);
    return sw.startsWith(from) && fw.startsWith(to) && fw.slice(to.length) === sw.slice(from.length);
  });
}

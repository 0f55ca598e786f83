// Which problems an edit introduced: old diagnostics are mapped through the edit's line changes and matched
// against the new ones, so the model hears only about what it broke (and how many it fixed).

import { diagnosticsBlock } from '../text/untrusted-data';
import type { LineChange } from './types';

export type DiagnosticSeverity = 'error' | 'warning' | 'info' | 'hint';

export interface DiagnosticPosition {
  line: number;
  character: number;
}

/** A diagnostic as the host reports it (0-based positions, as in VS Code). */
export interface DiagnosticInfo {
  range: { start: DiagnosticPosition; end: DiagnosticPosition };
  severity: DiagnosticSeverity;
  message: string;
  source?: string;
  code?: string | number;
}

export interface FileDiagnostics {
  path: string;
  before: readonly DiagnosticInfo[];
  after: readonly DiagnosticInfo[];
  /** The edit's line changes in this file (empty for files the edit did not touch). */
  changes: readonly LineChange[];
}

export interface DiagnosticsDeltaOptions {
  /** Count warnings as well as errors. Default false. */
  includeWarnings?: boolean;
  /** How many introduced diagnostics the text lists before "+N more". Default 10. */
  maxListed?: number;
}

export type LocatedDiagnostic = DiagnosticInfo & { path: string };

export interface DiagnosticsDelta {
  introduced: LocatedDiagnostic[];
  fixed: number;
  /** The introduced diagnostics the text shows; `omitted` more were left out. */
  listed: LocatedDiagnostic[];
  omitted: number;
  text: string;
}

export function computeDiagnosticsDelta(files: readonly FileDiagnostics[], options: DiagnosticsDeltaOptions = {}): DiagnosticsDelta {
  const counted = (d: DiagnosticInfo) => d.severity === 'error' || (options.includeWarnings === true && d.severity === 'warning');
  const introduced: LocatedDiagnostic[] = [];
  let fixed = 0;
  for (const file of files) {
    const result = diffFile(file.before.filter(counted), file.after.filter(counted), file.changes);
    introduced.push(...result.introduced.map((d) => ({ ...d, path: file.path })));
    fixed += result.fixed;
  }
  introduced.sort(
    (a, b) =>
      severityRank(a.severity) - severityRank(b.severity) ||
      a.path.localeCompare(b.path) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character,
  );
  const maxListed = options.maxListed ?? 10;
  const listed = introduced.slice(0, maxListed);
  const omitted = introduced.length - listed.length;
  return { introduced, fixed, listed, omitted, text: describeDelta(listed, introduced, omitted, fixed, options.includeWarnings === true) };
}

/** Where an old diagnostic sits after the edit, or which change swallowed it. */
type Mapped = { line: number } | { insideChange: number };

function mapThroughChanges(d: DiagnosticInfo, changes: readonly LineChange[]): Mapped {
  const start = d.range.start.line;
  const end = Math.max(start, d.range.end.line);
  let shift = 0;
  for (const [i, c] of changes.entries()) {
    const changeEnd = c.startLine + c.oldLineCount;
    if (c.oldLineCount === 0) {
      if (start >= c.startLine) shift += c.newLineCount;
      continue;
    }
    if (end < c.startLine) break;
    if (start >= changeEnd) {
      shift += c.newLineCount - c.oldLineCount;
      continue;
    }
    return { insideChange: i };
  }
  return { line: start + shift };
}

function diffFile(before: readonly DiagnosticInfo[], after: readonly DiagnosticInfo[], changes: readonly LineChange[]) {
  const sorted = [...changes].sort((a, b) => a.startLine - b.startLine);
  const mapped = before.map((d) => ({ d, at: mapThroughChanges(d, sorted), used: false }));
  const introduced: DiagnosticInfo[] = [];
  const unmatched: DiagnosticInfo[] = [];
  for (const d of after) {
    const same = mapped.find((m) => !m.used && 'line' in m.at && m.at.line === d.range.start.line && sameProblem(m.d, d));
    if (same) same.used = true;
    else unmatched.push(d);
  }
  // A problem that sat inside a replaced region and reappears inside its replacement was there before the edit.
  const newRegions = newRegionsOf(sorted);
  for (const d of unmatched) {
    const region = newRegions.findIndex((r) => d.range.start.line >= r.start && d.range.start.line < r.end);
    const same =
      region === -1 ? undefined : mapped.find((m) => !m.used && 'insideChange' in m.at && m.at.insideChange === region && sameProblem(m.d, d));
    if (same) same.used = true;
    else introduced.push(d);
  }
  return { introduced, fixed: mapped.filter((m) => !m.used).length };
}

/** The new-file line span each change's replacement occupies. */
function newRegionsOf(changes: readonly LineChange[]): Array<{ start: number; end: number }> {
  let shift = 0;
  return changes.map((c) => {
    const start = c.startLine + shift;
    shift += c.newLineCount - c.oldLineCount;
    return { start, end: start + c.newLineCount };
  });
}

function sameProblem(a: DiagnosticInfo, b: DiagnosticInfo): boolean {
  return a.message === b.message && a.source === b.source && String(a.code ?? '') === String(b.code ?? '');
}

function severityRank(s: DiagnosticSeverity): number {
  return s === 'error' ? 0 : s === 'warning' ? 1 : 2;
}

function describeDelta(
  listed: readonly LocatedDiagnostic[],
  introduced: readonly LocatedDiagnostic[],
  omitted: number,
  fixed: number,
  includeWarnings: boolean,
): string {
  const fixedNote = fixed > 0 ? ` (${fixed} fixed)` : '';
  if (introduced.length === 0) return `No new ${includeWarnings ? 'errors or warnings' : 'errors'}${fixedNote}.`;
  const errors = introduced.filter((d) => d.severity === 'error').length;
  const warnings = introduced.length - errors;
  const counts = [errors > 0 ? plural(errors, 'new error') : '', warnings > 0 ? plural(warnings, 'new warning') : ''].filter(Boolean).join(', ');
  const lines = listed.map((d) => {
    const code = d.code !== undefined ? ` ${d.source ?? ''}${d.source ? ' ' : ''}${d.code}` : d.source ? ` ${d.source}` : '';
    return `- ${d.path}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity}${code ? ` [${code.trim()}]` : ''}: ${d.message}`;
  });
  if (omitted > 0) lines.push(`+${omitted} more`);
  // The messages are other parties' text: fenced and marked as data (core/text/untrusted-data.ts).
  return `${counts} after the edit${fixedNote}:\n${diagnosticsBlock(lines.join('\n'))}`;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

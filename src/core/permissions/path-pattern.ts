// Path patterns: globs (`src/**`, `**/*.test.ts`) or plain paths, which also cover everything under them.
// Relative patterns match the workspace-relative path; `/...` and `~/...` patterns match absolute paths.
import picomatch from 'picomatch';
import { expandHome, type PathStyle, relativeInside } from './paths';
import type { ResolvedPath } from './paths';

const GLOB_CHARS = /[*?[\]{}()!+@]/;

export interface PathPatternMeasure {
  literalPrefixLength: number;
  literalLength: number;
}

export function measurePathPattern(pattern: string): PathPatternMeasure {
  const firstGlob = pattern.search(GLOB_CHARS);
  return {
    literalPrefixLength: firstGlob < 0 ? pattern.length : firstGlob,
    literalLength: pattern.replace(new RegExp(GLOB_CHARS.source, 'g'), '').length,
  };
}

export interface PathMatchContext {
  homeDir: string;
  caseInsensitive: boolean;
  style: PathStyle;
  /** macOS: a rule and a path that differ only in Unicode form (NFC, NFD) name the same files. */
  unicodeInsensitive?: boolean;
}

export function matchesPathPattern(pattern: string, path: ResolvedPath, ctx: PathMatchContext): boolean {
  const form = (s: string): string => (ctx.unicodeInsensitive ? s.normalize('NFC') : s);
  const expanded = expandHome(form(pattern.trim()), ctx.homeDir, ctx.style);
  if (!expanded) return false;
  const cleaned = expanded.replace(/^\.\//, '').replace(/\/+$/, '') || '.';
  const absolute = /^(\/|[A-Za-z]:\/)/.test(cleaned);
  const candidates = absolute
    ? [path.real, path.lexical].map(form)
    : [path.relative, path.lexicalRelative].filter((p): p is string => p !== undefined).map(form);
  if (candidates.length === 0 || path.unresolvable) return false;
  if (cleaned === '.' && !absolute) return true; // `.` names the whole workspace
  if (!GLOB_CHARS.test(cleaned)) {
    return candidates.some((candidate) => relativeInside(candidate, cleaned, ctx.caseInsensitive) !== undefined);
  }
  const isMatch = picomatch(cleaned, { dot: true, nocase: ctx.caseInsensitive, windows: false });
  return candidates.some((candidate) => isMatch(candidate));
}

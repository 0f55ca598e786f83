// The loaded rules, indexed for choose-rules.ts, built once per loaded set and kept while it lives:
//  - glob rules by base folder, then by the literal folder each glob starts with (`packages/api/src/**/*.ts` under
//    `packages/api/src`), so a file is tested only against globs whose literal start is one of its own folders, and
//    against the globs that can match anywhere (`**/*.ts`, `{a,b}/**`, negations);
//  - nested rules (a subfolder's AGENTS.md / CLAUDE.md) by their folder, so a file finds the closest of each
//    source by walking up its own folders;
//  - what each file met, by the path as the task wrote it: a later turn asks again for every file the task touched.
import { dirname, normalize, sep } from 'node:path';
import picomatch from 'picomatch';
import type { Rule } from './rule';

interface GlobRule {
  rule: Rule;
  isMatch: (rel: string) => boolean;
  /** How many literal starts the rule is indexed under. */
  starts: number;
}

interface GlobBase {
  /** Absolute folder the globs are relative to, and the prefix a file under it starts with. */
  base: string;
  prefix: string;
  /** Rules by the literal folder (or file) one of their globs starts with; `anywhere`: the rest. */
  byStart: Map<string, GlobRule[]>;
  anywhere: GlobRule[];
}

export interface FileFacts {
  /** The glob rules matching the file, with its path relative to each rule's base. */
  globs: { rule: Rule; rel: string }[];
  /** The closest nested rule of each source above the file. */
  nested: { rule: Rule; rel: string }[];
}

export interface RuleIndex {
  globBases: GlobBase[];
  nestedByFolder: Map<string, Rule[]>;
  facts: Map<string, FileFacts>;
}

/** What a set remembers of files at most; past it, the memory starts again (a task touching that many is rare). */
const MAX_REMEMBERED_FILES = 20_000;
const indexes = new WeakMap<readonly Rule[], RuleIndex>();

export function indexOf(rules: readonly Rule[]): RuleIndex {
  let index = indexes.get(rules);
  if (!index) {
    index = build(rules);
    indexes.set(rules, index);
  }
  return index;
}

function build(rules: readonly Rule[]): RuleIndex {
  const bases = new Map<string, GlobBase>();
  const nestedByFolder = new Map<string, Rule[]>();
  for (const rule of rules) {
    if (rule.activation === 'nested') nestedByFolder.set(rule.base, [...(nestedByFolder.get(rule.base) ?? []), rule]);
    if (rule.activation !== 'glob' || !rule.globs) continue;
    let base = bases.get(rule.base);
    if (!base) {
      base = { base: rule.base, prefix: rule.base.endsWith(sep) ? rule.base : rule.base + sep, byStart: new Map(), anywhere: [] };
      bases.set(rule.base, base);
    }
    const { isMatch, starts } = compiled(rule.globs);
    const entry: GlobRule = { rule, isMatch, starts: starts.size };
    if (starts.has(undefined)) base.anywhere.push(entry);
    else for (const start of starts as Set<string>) base.byStart.set(start, [...(base.byStart.get(start) ?? []), entry]);
  }
  return { globBases: [...bases.values()], nestedByFolder, facts: new Map() };
}

/**
 * Compiled globs, shared by the loaded sets: a set loaded again after one rule file changed compiles that file's
 * globs only (compiling is most of what indexing a set costs). Bounded; past the bound it starts again.
 */
const matchers = new Map<string, { isMatch: (rel: string) => boolean; starts: Set<string | undefined> }>();
const MAX_MATCHERS = 5000;

function compiled(globs: readonly string[]): { isMatch: (rel: string) => boolean; starts: Set<string | undefined> } {
  const key = globs.join('\0');
  let known = matchers.get(key);
  if (!known) {
    const normalised = globs.map(normaliseGlob);
    known = { isMatch: matcher(normalised), starts: new Set(normalised.map(literalStart)) };
    if (matchers.size >= MAX_MATCHERS) matchers.clear();
    matchers.set(key, known);
  }
  return known;
}

/**
 * What `picomatch(globs, { dot: true })` answers, without the object its matcher builds for every answer (a file
 * meets tens of globs on its first turn): a path equal to a glob, or one its regular expression accepts.
 */
function matcher(globs: readonly string[]): (rel: string) => boolean {
  const regexes = globs.map((glob) => picomatch.makeRe(glob, { dot: true }));
  return (rel) => {
    if (rel === '') return false;
    for (let i = 0; i < globs.length; i++) if (rel === globs[i] || regexes[i]!.test(rel)) return true;
    return false;
  };
}

/** Peers write `*.ts` meaning any TypeScript file, and `/src/**` meaning from the root. */
function normaliseGlob(glob: string): string {
  const trimmed = glob.trim().replace(/^\.\//, '').replace(/^\//, '');
  return trimmed.includes('/') ? trimmed : `**/${trimmed}`;
}

/**
 * The literal folder or file every path the glob matches starts with (`src/api` for `src/api/**\/*.ts`), or
 * undefined when it can match anywhere or its start is not plain text (a negation, an escape, a trailing slash).
 */
function literalStart(glob: string): string | undefined {
  const scanned = picomatch.scan(glob);
  const start = scanned.base;
  if (start === '' || scanned.negated || scanned.prefix !== '' || start.includes('\\') || start.endsWith('/')) return undefined;
  return start;
}

/** What `path` (absolute) meets in the set, worked out the first time it is asked. */
export function factsOf(index: RuleIndex, path: string): FileFacts {
  let facts = index.facts.get(path);
  if (!facts) {
    const file = normalize(path);
    facts = { globs: globsOf(index, file), nested: nestedOf(index, file) };
    if (index.facts.size >= MAX_REMEMBERED_FILES) index.facts.clear();
    index.facts.set(path, facts);
  }
  return facts;
}

function globsOf(index: RuleIndex, file: string): FileFacts['globs'] {
  const out: FileFacts['globs'] = [];
  for (const base of index.globBases) {
    if (!file.startsWith(base.prefix)) continue;
    const rel = toSlashes(file.slice(base.prefix.length));
    for (const entry of base.anywhere) if (entry.isMatch(rel)) out.push({ rule: entry.rule, rel });
    // The file's own path and each folder above it, as a glob's literal start would spell it.
    for (let end = rel.length; end > 0; end = rel.lastIndexOf('/', end - 1)) {
      const entries = base.byStart.get(end === rel.length ? rel : rel.slice(0, end));
      if (!entries) continue;
      for (const entry of entries) {
        // A rule with globs under two starts meets the file twice at most: once in the answer.
        if (entry.isMatch(rel) && !(entry.starts > 1 && out.some((found) => found.rule === entry.rule))) out.push({ rule: entry.rule, rel });
      }
    }
  }
  return out;
}

function nestedOf(index: RuleIndex, file: string): FileFacts['nested'] {
  const out: FileFacts['nested'] = [];
  if (index.nestedByFolder.size === 0) return out;
  let sources: string[] | undefined;
  // Deepest folder first: the first rule of a source met is the closest one.
  for (let folder = dirname(file), parent = dirname(folder); ; folder = parent, parent = dirname(folder)) {
    const rules = index.nestedByFolder.get(folder);
    if (rules) {
      for (const rule of rules) {
        if (sources?.includes(rule.source)) continue;
        (sources ??= []).push(rule.source);
        out.push({ rule, rel: toSlashes(file.slice(folder.length + (folder.endsWith(sep) ? 0 : 1))) });
      }
    }
    if (parent === folder) break;
  }
  return out;
}

const toSlashes = (path: string) => (sep === '/' ? path : path.split(sep).join('/'));

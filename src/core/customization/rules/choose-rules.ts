// Which rules a turn gets: always-on rules; nested AGENTS.md / CLAUDE.md closest to each file the turn touches;
// glob rules matching a file the task read, edited or mentioned; manual rules the user named (`@name`); mode rules
// of the selected agent. Matchers are compiled once per loaded set, so choosing costs microseconds per rule.
import { normalize, sep } from 'node:path';
import picomatch from 'picomatch';
import type { ChosenRules, Rule } from './rule';

export interface TurnFiles {
  /** Absolute paths the task read, edited or mentioned so far. */
  touched: readonly string[];
  /** Words after `@` in the user's messages (manual rules by name). */
  named: readonly string[];
  /** The selected agent's slug (Roo's mode rules). */
  agent?: string;
}

interface Compiled {
  rule: Rule;
  isMatch?: (path: string) => boolean;
}

const compiledSets = new WeakMap<readonly Rule[], Compiled[]>();

function compile(rules: readonly Rule[]): Compiled[] {
  let compiled = compiledSets.get(rules);
  if (!compiled) {
    compiled = rules.map((rule) => (rule.globs ? { rule, isMatch: picomatch(rule.globs.map(normaliseGlob), { dot: true }) } : { rule }));
    compiledSets.set(rules, compiled);
  }
  return compiled;
}

/** Peers write `*.ts` meaning any TypeScript file, and `/src/**` meaning from the root. */
function normaliseGlob(glob: string): string {
  const trimmed = glob.trim().replace(/^\.\//, '').replace(/^\//, '');
  return trimmed.includes('/') ? trimmed : `**/${trimmed}`;
}

/** Path of `file` under `base` with `/`, or undefined when it is not under it (a prefix test: both are absolute). */
function under(base: string, file: string): string | undefined {
  const prefix = base.endsWith(sep) ? base : base + sep;
  if (!file.startsWith(prefix)) return undefined;
  const rel = file.slice(prefix.length);
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** The touched files relative to each base, computed once per base and turn. */
function relativeTo(touched: readonly string[]): (base: string) => (string | undefined)[] {
  const cache = new Map<string, (string | undefined)[]>();
  return (base) => {
    let rels = cache.get(base);
    if (!rels) {
      rels = touched.map((file) => under(base, file));
      cache.set(base, rels);
    }
    return rels;
  };
}

export function chooseRules(rules: readonly Rule[], turn: TurnFiles): ChosenRules {
  const compiled = compile(rules);
  const named = new Set(turn.named.map((name) => name.toLowerCase()));
  const always: ChosenRules['active'] = [];
  const scoped: ChosenRules['active'] = [];
  const catalogue: Rule[] = [];
  const touched = turn.touched.map((file) => normalize(file));
  const rels = relativeTo(touched);
  const nearest = nearestNested(compiled, touched, rels);
  for (const { rule, isMatch } of compiled) {
    switch (rule.activation) {
      case 'always':
        always.push({ rule, why: 'always' });
        break;
      case 'mode':
        if (turn.agent !== undefined && rule.mode === turn.agent) always.push({ rule, why: `agent ${turn.agent}` });
        break;
      case 'nested': {
        const file = nearest.get(rule);
        if (file) scoped.push({ rule, why: `closest to ${file}` });
        break;
      }
      case 'glob': {
        const file = rels(rule.base).find((rel) => rel !== undefined && isMatch!(rel));
        if (file) scoped.push({ rule, why: `matches ${file}` });
        else if (named.has(rule.name.toLowerCase())) scoped.push({ rule, why: `named @${rule.name}` });
        break;
      }
      case 'catalogue':
        if (named.has(rule.name.toLowerCase())) scoped.push({ rule, why: `named @${rule.name}` });
        else catalogue.push(rule);
        break;
      case 'manual':
        if (named.has(rule.name.toLowerCase())) scoped.push({ rule, why: `named @${rule.name}` });
        break;
    }
  }
  return { active: [...always, ...scoped], catalogue };
}

/** For every touched file, the deepest nested file of each source above it; the rules chosen that way, with a file. */
function nearestNested(compiled: readonly Compiled[], touched: readonly string[], rels: (base: string) => (string | undefined)[]): Map<Rule, string> {
  const chosen = new Map<Rule, string>();
  const nested = compiled.filter(({ rule }) => rule.activation === 'nested').map(({ rule }) => rule);
  if (nested.length === 0) return chosen;
  for (let index = 0; index < touched.length; index++) {
    const best = new Map<string, Rule>();
    for (const rule of nested) {
      if (rels(rule.base)[index] === undefined) continue;
      const current = best.get(rule.source);
      if (!current || rule.base.length > current.base.length) best.set(rule.source, rule);
    }
    for (const rule of best.values()) if (!chosen.has(rule)) chosen.set(rule, rels(rule.base)[index]!);
  }
  return chosen;
}

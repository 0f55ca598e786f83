// Which rules a turn gets: always-on rules; nested AGENTS.md / CLAUDE.md closest to each file the turn touches;
// glob rules matching a file the task read, edited or mentioned; manual rules the user named (`@name`); mode rules
// of the selected agent. Matchers are compiled once per loaded set, so choosing costs microseconds per rule.
import { isAbsolute, relative, sep } from 'node:path';
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

/** Path of `file` under `base` with `/`, or undefined when it is not under it. */
function under(base: string, file: string): string | undefined {
  const rel = relative(base, file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

export function chooseRules(rules: readonly Rule[], turn: TurnFiles): ChosenRules {
  const compiled = compile(rules);
  const named = new Set(turn.named.map((name) => name.toLowerCase()));
  const always: ChosenRules['active'] = [];
  const scoped: ChosenRules['active'] = [];
  const catalogue: Rule[] = [];
  const nearest = nearestNested(compiled, turn.touched);
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
        const file = turn.touched.find((path) => {
          const rel = under(rule.base, path);
          return rel !== undefined && isMatch!(rel);
        });
        if (file) scoped.push({ rule, why: `matches ${under(rule.base, file)}` });
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
function nearestNested(compiled: readonly Compiled[], touched: readonly string[]): Map<Rule, string> {
  const chosen = new Map<Rule, string>();
  const nested = compiled.filter(({ rule }) => rule.activation === 'nested').map(({ rule }) => rule);
  if (nested.length === 0) return chosen;
  for (const file of touched) {
    const best = new Map<string, Rule>();
    for (const rule of nested) {
      const rel = under(rule.base, file);
      if (rel === undefined) continue;
      const current = best.get(rule.source);
      if (!current || rule.base.length > current.base.length) best.set(rule.source, rule);
    }
    for (const rule of best.values()) if (!chosen.has(rule)) chosen.set(rule, under(rule.base, file)!);
  }
  return chosen;
}

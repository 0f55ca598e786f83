// Which rules a turn gets: always-on rules; nested AGENTS.md / CLAUDE.md closest to each file the turn touches;
// glob rules matching a file the task read, edited or mentioned; manual rules the user named (`@name`); mode rules
// of the selected agent.
// Every turn asks again for every file the task touched so far (hundreds in a long task), against hundreds of rule
// files, so the choice never tests every rule against every file. Per loaded set (rule-index.ts): glob rules are
// indexed by the literal folder their globs start with, so a file meets only the globs that can match it; nested
// files are indexed by folder, so a file finds its closest ones by walking up its own folders. What a file meets
// is kept for the set's life: a later turn pays only for the files it touched first.
import type { ChosenRules, Rule } from './rule';
import { factsOf, indexOf } from './rule-index';

export interface TurnFiles {
  /** Absolute paths the task read, edited or mentioned so far. */
  touched: readonly string[];
  /** Words after `@` in the user's messages (manual rules by name). */
  named: readonly string[];
  /** The selected agent's slug (Roo's mode rules). */
  agent?: string;
}

export function chooseRules(rules: readonly Rule[], turn: TurnFiles): ChosenRules {
  const index = indexOf(rules);
  // For each glob and nested rule, the first touched file (in the task's order) it applies to, relative to its base.
  const matched = new Map<Rule, string>();
  const closest = new Map<Rule, string>();
  for (const file of turn.touched) {
    const facts = factsOf(index, file);
    for (const { rule, rel } of facts.globs) if (!matched.has(rule)) matched.set(rule, rel);
    for (const { rule, rel } of facts.nested) if (!closest.has(rule)) closest.set(rule, rel);
  }
  const named = new Set(turn.named.map((name) => name.toLowerCase()));
  const always: ChosenRules['active'] = [];
  const scoped: ChosenRules['active'] = [];
  const catalogue: Rule[] = [];
  for (const rule of rules) {
    switch (rule.activation) {
      case 'always':
        always.push({ rule, why: 'always' });
        break;
      case 'mode':
        if (turn.agent !== undefined && rule.mode === turn.agent) always.push({ rule, why: `agent ${turn.agent}` });
        break;
      case 'nested': {
        const file = closest.get(rule);
        if (file) scoped.push({ rule, why: `closest to ${file}` });
        break;
      }
      case 'glob': {
        const file = matched.get(rule);
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

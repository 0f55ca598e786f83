// The user's answers to an ask (behaviour 33), and the always-allow rule to offer: scoped to the tool and
// to a pattern narrow enough to mean what the user saw (`npm test`, `src/components/**`), shown before saving.
import { because } from './reasons';
import { l10n } from '../l10n';
import { DEFAULT_RULES } from './default-rules';
import type { Decision, DecisionAudit, PermissionCheck, PermissionRule, UserAnswer } from './types';

export interface AnsweredDecision extends Decision {
  /** Rules the host appends to settings (always-allow). */
  rulesToSave: PermissionRule[];
  /** For a denial: what the model is told, including the user's reason. */
  messageForModel?: string;
}

/**
 * Settles an ask with the user's answer. Only an ask can be settled: an allow stays allowed and a deny
 * stays denied, whatever the answer, so a stale modal can never unlock a denied call.
 */
export function applyAnswer(decision: Decision, answer: UserAnswer): AnsweredDecision {
  if (decision.action !== 'ask') return { ...decision, rulesToSave: [] };
  const allowed = answer.type === 'allow-once' || answer.type === 'always-allow';
  const audit: DecisionAudit = { ...decision.audit, action: allowed ? 'allow' : 'deny', basis: 'user', answer };
  if (allowed) {
    const rulesToSave = answer.type === 'always-allow' ? answer.rules : [];
    const said =
      rulesToSave.length > 0 ? l10n.both('The user allowed this call and saved a rule to always allow it.') : l10n.both('The user allowed this call once.');
    return { ...decision, action: 'allow', ...because(said), audit, rulesToSave };
  }
  const userReason = answer.type === 'deny-with-reason' ? answer.reason.trim() : '';
  // The user's own words go to the model as they typed them; a reason Relay wrote has its own display-language side.
  const reason = answer.type === 'deny-with-reason' && answer.uiReason ? { model: userReason, ui: answer.uiReason } : l10n.same(userReason);
  const said = userReason ? l10n.both('The user denied this call: {0}', reason) : l10n.both('The user denied this call.');
  return { ...decision, action: 'deny', ...because(said), audit, rulesToSave: [], messageForModel: said.model };
}

export type AlwaysAllowSuggestion = { available: true; rules: PermissionRule[] } | { available: false; reason: string };

/** The rules that would make this call allowed next time, or why no rule can. */
export function suggestAlwaysAllow(decision: Decision): AlwaysAllowSuggestion {
  if (decision.action !== 'ask') return { available: false, reason: 'Only a call that asks can be always allowed.' };
  const asks = decision.audit.checks.filter((c) => c.action === 'ask');
  const fixed = asks.find((c) => !c.allowRuleCanOverride);
  if (fixed) return { available: false, reason: `${fixed.reason} This always asks, so no rule can allow it.` };
  const toolName = decision.audit.toolName;
  const rules: PermissionRule[] = [];
  const seen = new Set<string>();
  for (const check of asks) {
    const rule = ruleFor(check, toolName);
    const key = JSON.stringify(rule);
    if (!seen.has(key)) {
      seen.add(key);
      rules.push(rule);
    }
  }
  return { available: true, rules };
}

function ruleFor(check: PermissionCheck, tool: string): PermissionRule {
  const { subject } = check;
  if (subject.type === 'command') {
    // Past a shipped ask rule, or a flag that writes or runs something (`find -delete`: a rule must name
    // the flag to allow it), only the exact command is allowed; otherwise the command's "verb".
    const exact = check.basis === 'rule' || subject.cause !== undefined || hasShippedCaution(subject.argv);
    const pattern = exact ? exactCommandPattern(subject.argv) : suggestCommandPattern(subject.argv);
    return { tool, pattern, action: 'allow', subject: 'command' };
  }
  if (subject.type === 'domain') return { tool, pattern: subject.host, action: 'allow', subject: 'domain' };
  if (subject.type === 'path') {
    return { tool, pattern: suggestPathPattern(subject.workspacePath ?? subject.path), action: 'allow', subject: 'path' };
  }
  return { tool, pattern: '*', action: 'allow' };
}

/** Commands that take a subcommand worth keeping in the pattern: `npm test`, `git commit`, `cargo build`. */
const VERB_COMMANDS = new Set([
  'git', 'npm', 'pnpm', 'yarn', 'bun', 'cargo', 'go', 'docker', 'podman', 'kubectl', 'helm', 'dotnet', 'mvn',
  'gradle', 'gradlew', 'pip', 'pip3', 'poetry', 'uv', 'rustup', 'brew', 'gh', 'terraform', 'composer', 'mix',
  'swift', 'flutter', 'dart', 'bundle', 'rails', 'rake', 'make', 'just', 'nx', 'turbo', 'deno',
]);
/** Commands whose next word is the script or package that decides what runs. */
const SCRIPT_COMMANDS = new Set([
  'node', 'python', 'python3', 'ruby', 'perl', 'php', 'bash', 'sh', 'zsh', 'tsx', 'ts-node', 'npx', 'bunx', 'pnpx',
]);
const RUN_VERBS = new Set(['run', 'run-script', 'exec']);

/** A pattern for "commands like this one": `npm test`, `npm run build`, `python -m pytest`, `ls`. */
export function suggestCommandPattern(argv: readonly string[]): string {
  const [name, ...rest] = argv;
  if (name === undefined) return '*';
  const positionals = rest.filter((a) => !a.startsWith('-'));
  const verb = positionals[0];
  // Options before the verb (`npm --silent test`) become `*` so the pattern still matches.
  const upToVerb = (v: string): string[] => [quoteWord(name), ...(rest[0] === v ? [] : ['*']), quoteWord(v)];
  if (VERB_COMMANDS.has(name) && verb !== undefined) {
    const words = upToVerb(verb);
    const target = positionals[1];
    if (RUN_VERBS.has(verb) && target !== undefined) words.push(quoteWord(target));
    return words.join(' ');
  }
  if (SCRIPT_COMMANDS.has(name)) {
    if (rest[0] === '-m' && rest[1] !== undefined) return [name, '-m', rest[1]].map(quoteWord).join(' ');
    if (verb === undefined) return exactCommandPattern(argv);
    return upToVerb(verb).join(' ');
  }
  return quoteWord(name);
}

export function exactCommandPattern(argv: readonly string[]): string {
  return argv.map(quoteWord).join(' ');
}

/** The file's directory as a glob (`src/components/**`); a file at the workspace root stays itself. */
export function suggestPathPattern(workspacePath: string): string {
  const slashed = workspacePath.replace(/\\/g, '/').replace(/\/+$/, '');
  const cut = slashed.lastIndexOf('/');
  return cut <= 0 ? slashed : `${slashed.slice(0, cut)}/**`;
}

function quoteWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./&>|-]+$/.test(word) ? word : `"${word.replace(/(["\\])/g, '\\$1')}"`;
}

/** Commands a shipped rule treats with care (`rm`, `git push`): allowing their whole verb would undo it. */
function hasShippedCaution(argv: readonly string[]): boolean {
  return DEFAULT_RULES.some((rule) => {
    if (rule.action === 'allow') return false;
    const words = rule.pattern.split(/\s+/);
    return words.every((w, i) => argv[i] === w);
  });
}

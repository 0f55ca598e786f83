// An agent's model with its fallbacks, resolved against what the user has set up: each peer writes a model its
// own way (Claude `sonnet`/`opus`/`haiku` or an id, Copilot a display name such as "Claude Sonnet 4.5 (copilot)"
// or an ordered list of them, OpenCode `provider/model`; Roo modes have none). A candidate is offered only on a
// provider Relay may already send to (the user's own, one with a key saved, VS Code's language models when one
// matches); the rest are skipped with the reason. The host tries the candidates in order and ends with the
// user's own model, and tells the person once what it used (never silently).
import { l10n } from '../../l10n';
import { bareId, lookupModel, MODEL_CATALOG } from '../../model/catalog';

export interface ModelTarget {
  /** A Relay provider id: anthropic, openai, gemini, azure-openai, openai-compatible, vscode-lm. */
  provider: string;
  model: string;
}

export interface LanguageModelSummary {
  id: string;
  name: string;
  family: string;
  vendor: string;
}

export interface ModelAvailability {
  /** The user's own provider and model (the last fallback). */
  user: ModelTarget;
  /** Providers with an API key saved; the user's own provider always counts. */
  keyed: ReadonlySet<string>;
  /** The models VS Code offers (vscode.lm), when they were listed. */
  languageModels?: readonly LanguageModelSummary[];
}

export interface AgentModelChoice {
  /** The agent's models that can run here, in its order, each with the name its file gave; empty: the user's own model. */
  candidates: (ModelTarget & { written: string })[];
  /** The agent's models that cannot, with why (English; the host shows them with the display language's frame). */
  skipped: { model: string; why: string }[];
}

/** Claude Code's aliases: the newest model of the family the catalog knows (the catalog lists the newest first). */
const CLAUDE_ALIASES = ['sonnet', 'opus', 'haiku'] as const;

/** OpenCode's (models.dev) provider ids onto Relay's. */
const PROVIDER_PREFIXES: Record<string, string> = {
  anthropic: 'anthropic',
  openai: 'openai',
  google: 'gemini',
  gemini: 'gemini',
  azure: 'azure-openai',
  'github-copilot': 'vscode-lm',
  copilot: 'vscode-lm',
  'vscode-lm': 'vscode-lm',
};

/** Whether resolving `models` may need VS Code's model list (a display name, a Copilot prefix, or VS Code as the user's provider). */
export function mayNameLanguageModel(models: readonly string[], userProvider: string): boolean {
  if (userProvider === 'vscode-lm') return true;
  return models.some((written) => /[\s()]/.test(written.trim()) || /^(github-copilot|copilot|vscode-lm)\//i.test(written.trim()));
}

export function chooseAgentModel(models: readonly string[], availability: ModelAvailability): AgentModelChoice {
  const candidates: AgentModelChoice['candidates'] = [];
  const skipped: AgentModelChoice['skipped'] = [];
  for (const written of models) {
    const resolved = resolveModel(written.trim(), availability);
    if ('why' in resolved) skipped.push({ model: written, why: resolved.why });
    else if (!candidates.some((c) => c.provider === resolved.provider && c.model === resolved.model)) candidates.push({ provider: resolved.provider, model: resolved.model, written });
  }
  return { candidates, skipped };
}

function resolveModel(written: string, availability: ModelAvailability): ModelTarget | { why: string } {
  const { user } = availability;
  if (written === '') return { why: l10n.t('no model named') };
  const alias = CLAUDE_ALIASES.find((name) => name === written.toLowerCase());
  if (alias) {
    const id = Object.keys(MODEL_CATALOG).find((key) => key.startsWith(`claude-${alias}-`))!;
    return on({ provider: 'anthropic', model: id }, availability);
  }
  // "Claude Sonnet 4.5 (copilot)": a display name, and who serves it.
  const named = /^(.+?)\s*\(([^()]+)\)$/.exec(written);
  if (named || /\s/.test(written)) {
    const name = (named ? named[1]! : written).trim();
    const vendor = named?.[2]?.trim().toLowerCase();
    const offered = languageModelNamed(name, availability.languageModels);
    if (offered && (vendor === undefined || vendor === 'copilot' || vendor === offered.vendor.toLowerCase())) return { provider: 'vscode-lm', model: offered.id };
    const id = catalogIdFor(name);
    if (id) return on({ provider: catalogProviderOf(id), model: id }, availability);
    return { why: vendor === 'copilot' ? l10n.t('VS Code offers no model of that name') : l10n.t('not a model Relay knows') };
  }
  const slash = written.indexOf('/');
  if (slash > 0) {
    const prefix = written.slice(0, slash).toLowerCase();
    const model = written.slice(slash + 1);
    const provider = PROVIDER_PREFIXES[prefix];
    if (provider === 'vscode-lm') {
      const offered = languageModelNamed(model, availability.languageModels);
      return offered ? { provider: 'vscode-lm', model: offered.id } : { why: l10n.t('VS Code offers no model of that name') };
    }
    if (provider) return on({ provider, model }, availability);
    // ollama/llama3, openrouter/...: a server of the user's own, reached through their OpenAI-compatible base URL.
    if (user.provider === 'openai-compatible') return { provider: 'openai-compatible', model };
    return { why: l10n.t('Relay has no provider "{0}" set up', prefix) };
  }
  if (written === user.model) return user;
  if (lookupModel(written)) return on({ provider: catalogProviderOf(written), model: written }, availability);
  const offered = languageModelNamed(written, availability.languageModels);
  if (offered) return { provider: 'vscode-lm', model: offered.id };
  // A server of the user's own may serve any name; one it lacks fails at its first request and the next is tried.
  if (user.provider === 'openai-compatible') return { provider: 'openai-compatible', model: written };
  return { why: l10n.t('not a model Relay knows') };
}

/** The target when Relay may use its provider: the user's own, or one with a key saved (never Azure: a deployment is the user's to name). */
function on(target: ModelTarget, availability: ModelAvailability): ModelTarget | { why: string } {
  if (target.provider === availability.user.provider) return target;
  if (target.provider === 'azure-openai') return { why: l10n.t('Azure OpenAI is not your provider') };
  if (availability.keyed.has(target.provider)) return target;
  return { why: l10n.t('no API key is set for {0}', target.provider) };
}

function catalogProviderOf(id: string): string {
  const bare = bareId(id);
  if (bare.startsWith('claude-')) return 'anthropic';
  return bare.startsWith('gemini-') ? 'gemini' : 'openai';
}

/** "Claude Sonnet 4.5" → claude-sonnet-4-5, "GPT-4.1" → gpt-4.1: the catalog id whose words and numbers match. */
function catalogIdFor(name: string): string | undefined {
  const wanted = normalise(name);
  return Object.keys(MODEL_CATALOG).find((id) => normalise(id) === wanted);
}

function languageModelNamed(name: string, models: readonly LanguageModelSummary[] | undefined): LanguageModelSummary | undefined {
  if (!models) return undefined;
  const wanted = normalise(name);
  return models.find((m) => normalise(m.name) === wanted || normalise(m.id) === wanted || normalise(m.family) === wanted);
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/[\s._]+/g, '-');
}

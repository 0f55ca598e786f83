// Deferred loading for large toolsets: when the schemas of the non-built-in tools (MCP, extension, discovered)
// would take more than a share of the model's context window, they stay out of the prompt. The built-ins and
// `search_tools` stay in; `search_tools` returns the matching tools' full schemas and loads them, so they are
// in the prompt, and callable, from the next turn.
import { describeToolForModel, type ModelToolSpec } from './model-description';
import type { AnyTool } from './types';

export const SEARCH_TOOLS = 'search_tools';

/**
 * Default share of the context window the deferrable tools may take before they are deferred. Measured
 * (bench/mcp-tools.bench.ts): a GitHub-like MCP tool costs ~180 tokens, so 1% defers from ~58 tools on a 1M-token
 * window and from ~11 on a 200k one.
 */
export const DEFAULT_DEFERRAL_SHARE = 0.01;

export interface DeferralSettings {
  /** 0..1 of the context window; 0 defers whenever there is a deferrable tool, 1 (or more) never. */
  share: number;
}

/** The runtime's rough token estimate (~4 characters a token), applied to the tool spec sent to the model. */
export function estimateSpecTokens(spec: ModelToolSpec): number {
  return Math.ceil(JSON.stringify(spec).length / 4);
}

export interface DeferralDecision {
  defer: boolean;
  tokens: number;
  budget: number;
}

export function decideDeferral(deferrableTokens: number, contextWindow: number, settings: DeferralSettings): DeferralDecision {
  const budget = Math.floor(contextWindow * settings.share);
  return { defer: deferrableTokens > 0 && deferrableTokens > budget, tokens: deferrableTokens, budget };
}

/** The state of one task: which tools are deferred and which `search_tools` has loaded since. */
export class DeferredTools {
  private deferred = new Set<string>();
  private readonly loaded = new Set<string>();
  private specs = new Map<string, ModelToolSpec>();
  private measuredKey = '';
  private measuredTokens = 0;
  private tools: readonly AnyTool[] = [];

  constructor(readonly settings: DeferralSettings) {}

  get active(): boolean {
    return this.deferred.size > 0;
  }

  isDeferred(name: string): boolean {
    return this.deferred.has(name) && !this.loaded.has(name);
  }

  /** Measures the deferrable tools (cached by name set) and decides; returns the names left out of the prompt. */
  async update(deferrable: readonly AnyTool[], contextWindow: number): Promise<DeferralDecision> {
    const key = deferrable.map((tool) => tool.name).join('\n');
    if (key !== this.measuredKey) {
      const specs = await Promise.all(deferrable.map(describeToolForModel));
      this.specs = new Map(specs.map((spec) => [spec.name, spec]));
      this.measuredTokens = specs.reduce((sum, spec) => sum + estimateSpecTokens(spec), 0);
      this.measuredKey = key;
    }
    this.tools = deferrable;
    const decision = decideDeferral(this.measuredTokens, contextWindow, this.settings);
    this.deferred = decision.defer ? new Set(deferrable.map((tool) => tool.name)) : new Set();
    return decision;
  }

  /** Deferred tools ranked for a query: every word counts, a name hit more than a description hit. */
  search(query: string, limit: number): { spec: ModelToolSpec; score: number }[] {
    const words = query.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    const exact = query.trim();
    const ranked: { spec: ModelToolSpec; score: number }[] = [];
    for (const tool of this.tools) {
      if (!this.deferred.has(tool.name)) continue;
      const spec = this.specs.get(tool.name);
      if (!spec) continue;
      const name = spec.name.toLowerCase();
      const description = spec.description.toLowerCase();
      let score = spec.name === exact ? 100 : 0;
      for (const word of words) score += (name.includes(word) ? 3 : 0) + (description.includes(word) ? 1 : 0);
      if (score > 0) ranked.push({ spec, score });
    }
    return ranked.sort((a, b) => b.score - a.score || (a.spec.name < b.spec.name ? -1 : 1)).slice(0, limit);
  }

  load(names: readonly string[]): void {
    for (const name of names) if (this.deferred.has(name)) this.loaded.add(name);
  }

  /** How many tools are still out of the prompt. */
  get pendingCount(): number {
    return [...this.deferred].filter((name) => !this.loaded.has(name)).length;
  }
}

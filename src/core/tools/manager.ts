// The tool manager for one task (tool-system.md §4): which tools the task may use, in what order the model sees
// them, and which instance serves each call. Lookup: this call's instance, then user factories, then system
// tools (behaviour 10); user tools override system tools of the same name everywhere.
import { l10n, type Said } from '../l10n';
import { DeferredTools, type DeferralDecision, type DeferralSettings } from './deferred-tools';
import { errorMessage, ToolErrorType } from './errors';
import type { ToolRegistry } from './registry';
import { SearchToolsTool } from './search-tools';
import { createSystemTools } from './system-tools';
import { caseInsensitiveMatch, suggestToolNames, toolNotFoundMessage } from './tool-name-suggestions';
import { type AnyTool, consoleLogger, type ToolFactory, type ToolLogger, type ToolSource } from './types';

/**
 * A check every validated call passes before approval: a refusal (both channels) stops it with a policy
 * violation. Agents' file restrictions use it; the first guard that refuses wins.
 */
export type ToolCallGuard = (call: { name: string; kind: AnyTool['kind']; params: unknown }) => Said | undefined;

export interface ToolManagerOptions {
  registry: ToolRegistry;
  taskId: string;
  /** Defaults to `createSystemTools()` (no sub-agent runner). */
  systemTools?: readonly AnyTool[];
  /** A whitelist when set (behaviour 12). */
  allowedTools?: readonly string[];
  /** Applied after `allowedTools`. */
  disallowedTools?: readonly string[];
  logger?: ToolLogger;
  /** Deferred loading of non-built-in tools when their schemas would take too much context (deferred-tools.ts). */
  deferral?: DeferralSettings;
  /** Checks on each validated call (see ToolCallGuard). */
  callGuards?: readonly ToolCallGuard[];
}

export type ToolLookup =
  | { ok: true; tool: AnyTool; name: string; correctedFrom?: string }
  | { ok: false; errorType: ToolErrorType; message: Said; suggestions: string[] };

interface Candidate {
  name: string;
  source: ToolSource;
  factory?: ToolFactory;
  system?: AnyTool;
}

const SOURCE_ORDER: Record<ToolSource, number> = { builtin: 0, discovered: 1, mcp: 2 };

export class ToolManager {
  readonly taskId: string;
  private readonly registry: ToolRegistry;
  private readonly systemTools: ReadonlyMap<string, AnyTool>;
  private readonly allowed: ReadonlySet<string> | undefined;
  private readonly disallowed: ReadonlySet<string>;
  private readonly logger: ToolLogger;
  private readonly callInstances = new Map<string, { name: string; tool: AnyTool }>();
  private readonly describeInstances = new Map<string, AnyTool>();
  private readonly deferred: DeferredTools | undefined;
  private readonly searchTool: AnyTool | undefined;
  private readonly callGuards: readonly ToolCallGuard[];
  /** The last deferral decision, for notices and benchmarks. */
  lastDeferral: DeferralDecision | undefined;

  constructor(options: ToolManagerOptions) {
    this.registry = options.registry;
    this.taskId = options.taskId;
    this.systemTools = new Map((options.systemTools ?? createSystemTools()).map((tool) => [tool.name, tool]));
    this.allowed = options.allowedTools ? new Set(options.allowedTools) : undefined;
    this.disallowed = new Set(options.disallowedTools ?? []);
    this.logger = options.logger ?? consoleLogger;
    this.callGuards = options.callGuards ?? [];
    if (options.deferral) {
      this.deferred = new DeferredTools(options.deferral);
      this.searchTool = new SearchToolsTool(this.deferred);
    }
  }

  /**
   * The tools to describe in the prompt for a model with this context window: all of them, or, when the
   * non-built-in ones would take more than the deferral share, the built-ins, `search_tools` and what it loaded.
   */
  async promptTools(contextWindow: number): Promise<AnyTool[]> {
    const all = this.listTools();
    if (!this.deferred) return all;
    const sources = new Map(this.candidates().map((c) => [c.name, c.source]));
    const deferrable = all.filter((tool) => sources.get(tool.name) !== 'builtin');
    this.lastDeferral = await this.deferred.update(deferrable, contextWindow);
    return this.listTools().filter((tool) => !this.deferred!.isDeferred(tool.name));
  }

  /** Names this task may use, in the stable order sent to the model (behaviour 13). */
  availableNames(): string[] {
    return this.candidates().map((candidate) => candidate.name);
  }

  isAvailable(name: string): boolean {
    return this.candidates().some((candidate) => candidate.name === name);
  }

  /** One instance per available tool, for describing the tools to the model; same order as `availableNames`. */
  listTools(): AnyTool[] {
    return this.candidates().map((candidate) => {
      if (candidate.system) return candidate.system;
      let tool = this.describeInstances.get(candidate.name);
      if (!tool) {
        tool = candidate.factory!({ taskId: this.taskId });
        this.describeInstances.set(candidate.name, tool);
      }
      return tool;
    });
  }

  /** The instance serving `callId`; every execution of one call, partial or final, gets the same one (behaviour 7). */
  resolve(callId: string, requestedName: string): ToolLookup {
    const cached = this.callInstances.get(callId);
    if (cached) return { ok: true, tool: cached.tool, name: cached.name };
    const candidates = this.candidates();
    const names = candidates.map((candidate) => candidate.name);
    const name = names.includes(requestedName) ? requestedName : caseInsensitiveMatch(requestedName, names);
    const candidate = candidates.find((c) => c.name === name);
    if (candidate && this.deferred?.isDeferred(candidate.name)) {
      const message = l10n.both('Tool "{0}" is available but not loaded yet: call search_tools with its name first; it is callable from the turn after.', candidate.name);
      return { ok: false, errorType: ToolErrorType.TOOL_NOT_REGISTERED, message, suggestions: [] };
    }
    if (!candidate && this.isWithheld(requestedName) && (this.systemTools.has(requestedName) || this.registry.list().some((entry) => entry.name === requestedName))) {
      const message = l10n.both('Tool "{0}" is not allowed in this task: its agent or settings leave it out.', requestedName);
      return { ok: false, errorType: ToolErrorType.POLICY_VIOLATION, message, suggestions: [] };
    }
    if (!candidate || name === undefined) {
      const suggestions = suggestToolNames(requestedName, names);
      const message = toolNotFoundMessage(requestedName, suggestions);
      return { ok: false, errorType: ToolErrorType.TOOL_NOT_REGISTERED, message, suggestions };
    }
    let tool: AnyTool;
    try {
      tool = candidate.system ?? candidate.factory!({ taskId: this.taskId, callId });
    } catch (error) {
      const message = l10n.both('Tool "{0}" could not be started: {1}', name, errorMessage(error));
      return { ok: false, errorType: ToolErrorType.EXECUTION_FAILED, message, suggestions: [] };
    }
    this.callInstances.set(callId, { name, tool });
    const corrected = name !== requestedName ? { correctedFrom: requestedName } : {};
    return { ok: true, tool, name, ...corrected };
  }

  /** Why a validated call may not run (an agent's restriction), or undefined when every guard lets it through. */
  refusal(name: string, kind: AnyTool['kind'], params: unknown): Said | undefined {
    for (const guard of this.callGuards) {
      const refused = guard({ name, kind, params });
      if (refused) return refused;
    }
    return undefined;
  }

  /** Whether the task's allow- or deny-list leaves `name` out (a call to it is refused, not "not found"). */
  isWithheld(name: string): boolean {
    return (this.allowed !== undefined && !this.allowed.has(name)) || this.disallowed.has(name);
  }

  /** Cleanup (behaviour 15): disposes this task's instances, logs dispose errors, leaves system tools alone. */
  async dispose(): Promise<void> {
    const system = new Set([...this.systemTools.values(), ...(this.searchTool ? [this.searchTool] : [])]);
    const instances = new Set([...[...this.callInstances.values()].map((entry) => entry.tool), ...this.describeInstances.values()]);
    this.callInstances.clear();
    this.describeInstances.clear();
    for (const tool of instances) {
      if (system.has(tool) || !tool.dispose) continue;
      try {
        await tool.dispose();
      } catch (error) {
        this.logger.warn(`Disposing tool "${tool.name}" failed`, error);
      }
    }
  }

  private candidates(): Candidate[] {
    const byName = new Map<string, Candidate>();
    for (const [name, system] of this.systemTools) byName.set(name, { name, source: 'builtin', system });
    if (this.searchTool && this.deferred?.active) byName.set(this.searchTool.name, { name: this.searchTool.name, source: 'builtin', system: this.searchTool });
    for (const entry of this.registry.list()) byName.set(entry.name, { name: entry.name, source: entry.source, factory: entry.factory });
    return [...byName.values()]
      .filter((c) => (!this.allowed || this.allowed.has(c.name)) && !this.disallowed.has(c.name))
      .sort((a, b) => SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

// `search_tools`: the system tool offered when tools are deferred (deferred-tools.ts). It returns the full
// schemas of the best matches and makes them callable from the next turn.
import { l10n } from '../l10n';
import { z } from 'zod';
import { BaseTool } from './base-tool';
import { displayBlocks } from './display';
import { SEARCH_TOOLS, type DeferredTools } from './deferred-tools';
import type { JsonValue, ToolContext, ToolDescription } from './types';

const params = z.object({
  query: z.string().min(1).describe('Words describing the capability you need, or an exact tool name.'),
  limit: z.number().int().min(1).max(20).optional().describe('How many tools to load at most (default 5).'),
});

export class SearchToolsTool extends BaseTool<z.output<typeof params>> {
  readonly name = SEARCH_TOOLS;
  override readonly displayName = 'Search Tools';
  override readonly uiDisplayName = l10n.t('Search Tools');
  readonly kind = 'readonly' as const;

  constructor(private readonly deferred: DeferredTools) {
    super();
  }

  async getDescription(): Promise<ToolDescription> {
    return {
      short: `Find more tools: ${this.deferred.pendingCount} further tools (MCP servers, extensions) are available but not loaded. Returns the full schemas of the best matches and makes them callable from your next turn.`,
      usageNotes: ['Search before saying a capability is missing. Tool names look like mcp__<server>__<tool>.'],
    };
  }

  async getParameters() {
    return params;
  }

  async execute(input: z.output<typeof params>, ctx: ToolContext, isPartial: boolean): Promise<void> {
    if (isPartial) return;
    const matches = this.deferred.search(input.query, input.limit ?? 5);
    if (matches.length === 0) {
      this.succeed(ctx, `No tool matches "${input.query}". Try other words.`, { blocks: [displayBlocks.text('No match')] });
      return;
    }
    const names = matches.map((m) => m.spec.name);
    this.deferred.load(names);
    const result = {
      loaded: names,
      note: 'These tools are callable from your next turn.',
      tools: matches.map(({ spec }) => ({ name: spec.name, description: spec.description, input_schema: spec.inputSchema as JsonValue })),
    };
    this.succeed(ctx, result, { blocks: [displayBlocks.text(`Loaded ${names.join(', ')}`)] });
  }
}

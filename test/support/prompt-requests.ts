// The first request a task sends, for each prompt family and the main settings: shared by the snapshot tests
// (test/unit/prompts/requests.test.ts) and the prompt budget bench (bench/prompt-budget.bench.ts).
import { z } from 'zod';
import { AgentSession } from '../../src/core/agent';
import { modelInfoFor } from '../../src/core/model/catalog';
import type { ModelInfo, ModelRequest } from '../../src/core/model/provider';
import { createSimpleTool, ToolRegistry } from '../../src/core/tools';
import { createBuiltinToolFactories } from '../../src/tools';
import { createInMemoryHost } from './in-memory-host';
import { complete, ScriptedProvider } from '../unit/agent/fakes';

const ENVIRONMENT = { workspaceRoots: ['/work/project'], os: 'linux', shell: '/bin/bash' };
const RULES = [{ source: 'AGENTS.md', text: 'Run `npm test` before finishing.' }];
const FIRST_MESSAGE = 'Rename the `total` helper in src/math.ts to `sum` and update its callers.';

export interface Case {
  name: string;
  model: ModelInfo;
  restricted?: boolean;
  subAgent?: boolean;
  /** MCP tools enough to be deferred behind search_tools. */
  deferred?: boolean;
}

const CLAUDE = modelInfoFor('anthropic', 'claude-sonnet-5-5');
const GPT = modelInfoFor('openai', 'gpt-5.6-terra');
const GEMINI = modelInfoFor('gemini', 'gemini-3-pro-preview');
const LOCAL = modelInfoFor('openai-compatible', 'qwen3-coder:30b');

export const CASES: readonly Case[] = [
  { name: 'anthropic', model: CLAUDE },
  { name: 'openai', model: GPT },
  { name: 'gemini', model: GEMINI },
  { name: 'default', model: LOCAL },
  { name: 'anthropic-text-protocol', model: { ...CLAUDE, supportsNativeTools: false } },
  { name: 'default-text-protocol', model: { ...LOCAL, supportsNativeTools: false } },
  // A sub-agent gets the read-only tools (sub-agent.ts), like Restricted Mode.
  { name: 'anthropic-sub-agent', model: CLAUDE, subAgent: true, restricted: true },
  { name: 'openai-restricted', model: GPT, restricted: true },
  { name: 'gemini-deferred-tools', model: GEMINI, deferred: true },
];

/** The built-in tools as the host registers them (read-only ones only in Restricted Mode), and MCP tools when asked. */
function registryFor(c: Case): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of createBuiltinToolFactories(createInMemoryHost().services)) {
    if (c.restricted && tool.kind !== 'readonly') continue;
    registry.registerFactory(tool.name, tool.factory, { source: tool.source });
  }
  if (c.deferred) {
    for (let i = 0; i < 3; i++) {
      const tool = createSimpleTool({
        name: `mcp__tracker__tool_${i}`,
        description: `Tracker operation ${i}.`,
        parameters: z.object({ id: z.string() }),
        kind: 'readonly',
        run: async () => 'ok',
      });
      registry.registerFactory(tool.name, () => tool, { source: 'mcp' });
    }
  }
  return registry;
}

/** The first request a task sends, as a model would receive it. */
export async function firstRequest(c: Case): Promise<ModelRequest> {
  const provider = new ScriptedProvider([complete('c1', 'done')], c.model);
  const session = new AgentSession({
    provider,
    registry: registryFor(c),
    environment: ENVIRONMENT,
    rules: RULES,
    now: () => Date.UTC(2026, 10, 27),
    newId: () => 'id',
    logger: { warn: () => {} },
    subAgents: c.subAgent ? false : {},
    ...(c.subAgent ? { depth: 1 } : {}),
    ...(c.deferred ? { deferral: { share: 0 } } : {}),
  });
  await session.send(FIRST_MESSAGE);
  await session.dispose();
  return provider.requests[0]!;
}

/** The request as reviewable text: the system prompt verbatim, each tool's description and schema, the user message. */
export function renderRequest(model: ModelInfo, request: ModelRequest): string {
  const tools = request.tools.map((tool) => `## ${tool.name}\n\n${tool.description}\n\n\`\`\`json\n${JSON.stringify(tool.inputSchema, null, 2)}\n\`\`\``);
  const first = request.messages[0]!;
  const text = first.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
  return [
    `# Request for ${model.id} (family ${model.promptFamily ?? 'default'}, ${model.supportsNativeTools ? 'native tools' : 'text protocol'})`,
    '',
    '# System prompt',
    '',
    '````md',
    request.system,
    '````',
    '',
    `# Tools (${request.tools.length})`,
    '',
    ...tools.flatMap((tool) => [tool, '']),
    '# First user message',
    '',
    text,
    '',
  ].join('\n');
}


// The first request a task sends, for each prompt family and the main settings: shared by the snapshot tests
// (test/unit/prompts/requests.test.ts) and the prompt budget bench (bench/prompt-budget.bench.ts).
import { z } from 'zod';
import { AgentSession, type AgentEnvironment } from '../../src/core/agent';
import { modelInfoFor } from '../../src/core/model/catalog';
import type { ModelInfo, ModelRequest } from '../../src/core/model/provider';
import { createSimpleTool, ToolRegistry } from '../../src/core/tools';
import { createBuiltinToolFactories } from '../../src/tools';
import { createInMemoryHost } from './in-memory-host';
import { complete, ScriptedProvider } from '../unit/agent/fakes';

const ENVIRONMENT: AgentEnvironment = {
  workspaceRoots: ['/work/project'],
  os: 'linux',
  shell: '/bin/bash',
  timeZone: 'Europe/Paris',
  conditions: () => ({ approvalMode: 'default', sandbox: { state: 'on', allowedDomains: ['registry.npmjs.org', 'pypi.org', 'crates.io', 'proxy.golang.org', 'rubygems.org'] } }),
};
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

const CLAUDE = modelInfoFor('anthropic', 'claude-sonnet-4-5');
const GPT4 = modelInfoFor('openai', 'gpt-4.1');
const O_SERIES = modelInfoFor('openai', 'o3');
const GPT5 = modelInfoFor('openai', 'gpt-5.1');
const CODEX = modelInfoFor('openai', 'gpt-5.1-codex-max');
const GEMINI = modelInfoFor('gemini', 'gemini-3-pro-preview');
const LOCAL = modelInfoFor('openai-compatible', 'qwen3-coder:30b');

/** One case per family, named after it (the budget bench holds those), then the settings' variants. */
export const CASES: readonly Case[] = [
  { name: 'anthropic', model: CLAUDE },
  { name: 'gpt-4', model: GPT4 },
  { name: 'o-series', model: O_SERIES },
  { name: 'gpt-5', model: GPT5 },
  { name: 'codex', model: CODEX },
  { name: 'gemini', model: GEMINI },
  { name: 'default', model: LOCAL },
  { name: 'anthropic-text-protocol', model: { ...CLAUDE, supportsNativeTools: false } },
  { name: 'default-text-protocol', model: { ...LOCAL, supportsNativeTools: false } },
  // A sub-agent gets the read-only tools (sub-agent.ts), like Restricted Mode.
  { name: 'anthropic-sub-agent', model: CLAUDE, subAgent: true, restricted: true },
  { name: 'gpt-5-restricted', model: GPT5, restricted: true },
  { name: 'gemini-deferred-tools', model: GEMINI, deferred: true },
];

/** The model lines each family covers, as the catalog ids name them (the snapshot of lines holds this list). */
export const MODEL_LINES: readonly string[] = [
  'claude-sonnet-4-5', 'claude-opus-4-5', 'claude-haiku-4-5', 'claude-3-7-sonnet',
  'gpt-4.1', 'gpt-4.1-mini', 'gpt-4o', 'gpt-4o-mini',
  'o1', 'o3', 'o3-mini', 'o4-mini',
  'gpt-5', 'gpt-5-mini', 'gpt-5.1', 'gpt-5.2', 'gpt-5.4',
  'gpt-5-codex', 'gpt-5.1-codex', 'gpt-5.1-codex-max', 'gpt-5.1-codex-mini', 'gpt-5.2-codex', 'codex-mini-latest',
  'gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-3-pro-preview',
  'qwen3-coder:30b', 'llama3.1:8b', 'deepseek-coder-v2', 'mistral-small',
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
  const tools = request.tools.map((tool) => {
    const freeform = tool.freeform ? `\n\nWhere the API has custom tools (Responses): a freeform tool, input held to a ${tool.freeform.grammar.syntax} grammar, its raw input the \`${tool.freeform.argument}\` argument. Its description there:\n\n${tool.freeform.description}` : '';
    return `## ${tool.name}\n\n${tool.description}\n\n\`\`\`json\n${JSON.stringify(tool.inputSchema, null, 2)}\n\`\`\`${freeform}`;
  });
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


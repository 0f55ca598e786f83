// The fixed cost of every request, per prompt family (issue 31): the tokens of the system prompt and of the tool
// schemas of a task's first request with all built-in tools (test/support/prompt-requests.ts, the same requests the
// snapshot tests hold). Counted twice: o200k_base (GPT-5's tokenizer, gpt-tokenizer) and the runtime's estimate
// (~4 characters a token, what Relay budgets its context with). Claude and Gemini tokenize differently; their own
// counts are not available offline.
// Baseline, measured in the same run: the one prompt every model got before (bench/prompt-baseline.ts) with the
// tool set every model got then (all built-ins and attempt_completion).
// Peers: Copilot Chat's system message as rendered in its committed snapshots (microsoft/vscode-copilot-chat at
// 31acd00a, src/extension/prompts/node/agent/test/__snapshots__/agentPrompts-<model>/all_tools.spec.snap, the
// "### System" block, counted here with o200k_base). Their tool schemas are not in those snapshots: unknown.
// Target: each family's total (runtime estimate) within its budget below; exits non-zero when one is over.
// Run: npm run bench prompt-budget
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokens } from '../src/core/model/provider';
import type { ModelRequest } from '../src/core/model/provider';
import { CASES, firstRequest } from '../test/support/prompt-requests';
import { baselineRequest } from './prompt-baseline';

/**
 * Budget per family, system prompt plus tool schemas, in the runtime's estimated tokens. Raised by 300 each for
 * the four process tools (read_output, send_input, stop_process, list_processes: ~560 estimated tokens together
 * at their shortest, with background and ready_pattern on run_command); the rest came out of the old headroom.
 */
const BUDGETS: Readonly<Record<string, number>> = {
  anthropic: 8_800,
  openai: 8_600,
  gemini: 8_800,
  default: 7_600,
};

/** Copilot Chat's system message (o200k_base tokens), from the snapshots named above; tools unknown. */
const COPILOT: Readonly<Record<string, { model: string; tokens: number }>> = {
  anthropic: { model: 'claude-sonnet-4.5', tokens: 3_036 },
  openai: { model: 'gpt-5.1', tokens: 5_408 },
  gemini: { model: 'gemini-2.0-flash', tokens: 2_748 },
  default: { model: 'default', tokens: 2_469 },
};

interface Figures {
  systemO200k: number;
  toolsO200k: number;
  systemEstimate: number;
  toolsEstimate: number;
  tools: number;
}

function measure(request: ModelRequest): Figures {
  const tools = JSON.stringify(request.tools);
  return {
    systemO200k: encode(request.system).length,
    toolsO200k: request.tools.length > 0 ? encode(tools).length : 0,
    systemEstimate: estimateTokens(request.system),
    toolsEstimate: estimateTokens(tools),
    tools: request.tools.length,
  };
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

async function main(): Promise<void> {
  const baseline = measure(await baselineRequest());
  const rows: string[] = [];
  const over: string[] = [];
  const header = `${'request'.padEnd(26)}${pad('tools', 6)}${pad('system', 8)}${pad('schemas', 9)}${pad('total', 8)}  ${pad('est. total', 10)}${pad('budget', 8)}  Copilot system`;
  const row = (name: string, f: Figures, budget?: number, peer?: string) =>
    `${name.padEnd(26)}${pad(f.tools, 6)}${pad(f.systemO200k, 8)}${pad(f.toolsO200k, 9)}${pad(f.systemO200k + f.toolsO200k, 8)}  ${pad(f.systemEstimate + f.toolsEstimate, 10)}${pad(budget ?? '', 8)}  ${peer ?? ''}`;
  rows.push(row('before (one prompt)', baseline));
  for (const c of CASES) {
    const f = measure(await firstRequest(c));
    const family = c.model.promptFamily ?? 'default';
    // The budget holds for each family's main request; the settings' variants are printed for comparison.
    const main = c.name === family;
    const budget = main ? BUDGETS[family] : undefined;
    const peer = main ? `${COPILOT[family]!.tokens} (${COPILOT[family]!.model}; tools unknown)` : undefined;
    rows.push(row(c.name, f, budget, peer));
    if (budget !== undefined && f.systemEstimate + f.toolsEstimate > budget) over.push(`${c.name}: ${f.systemEstimate + f.toolsEstimate} > ${budget}`);
  }
  console.log('Tokens of the first request\'s fixed part: o200k_base counts, then the runtime\'s estimate (~4 chars a token) against the budget');
  console.log(header);
  for (const line of rows) console.log(line);
  if (over.length > 0) {
    console.error(`Over budget: ${over.join('; ')}`);
    process.exitCode = 1;
    return;
  }
  console.log('Every family is within its budget.');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

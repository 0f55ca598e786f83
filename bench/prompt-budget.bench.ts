// The fixed cost of every request, per prompt family (issues 31 and 39): the tokens of the system prompt, of the tool
// schemas and of the per-turn reminder of a task's first request with all built-in tools
// (test/support/prompt-requests.ts, the same requests the snapshot tests hold). Counted twice: o200k_base (GPT-5's
// tokenizer, gpt-tokenizer) and the runtime's estimate (~4 characters a token, what Relay budgets its context with).
// Claude and Gemini tokenize differently; their own counts are not available offline.
// Baseline, measured in the same run: the one prompt every model got before the families (bench/prompt-baseline.ts)
// with the tool set every model got then (all built-ins and attempt_completion).
// Peers, for the same model line (printed beside each family; measured once from their repositories, see below):
// - Copilot Chat: the system message of its committed snapshot for the model (microsoft/vscode-copilot-chat at
//   31acd00a, src/extension/prompts/node/agent/test/__snapshots__/agentPrompts-<model>/all_tools.spec.snap, the
//   "### System" block), o200k_base tokens, by scripts/measure-peer-prompts.ts. Copilot gives o3-mini and o4-mini
//   the prompt its gpt-4.1 snapshot renders (defaultOpenAIPrompt.tsx). Its tool schemas are not in the snapshots.
// - Codex: the model's instructions file in openai/codex (codex-rs/core/*.md, commits below), characters / 4 (the
//   runtime's estimate; the files are plain English Markdown). Codex serves OpenAI models only: nothing for Claude or
//   Gemini; other models get its base prompt.md.
// Target: each family's system prompt and the tool schemas within their budgets below; exits non-zero when one is over.
// Run: npm run bench prompt-budget
import { cpus, loadavg } from 'node:os';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokens } from '../src/core/model/provider';
import type { ModelRequest } from '../src/core/model/provider';
import { PROMPT_FAMILIES, reminderFor, type PromptFamily } from '../src/core/prompts';
import { CASES, firstRequest } from '../test/support/prompt-requests';
import { baselineRequest } from './prompt-baseline';

/**
 * The system prompt's budget per family (the runtime's estimated tokens: instructions, environment, the test's one
 * workspace rule). Issue 39 grew the full families from about 1,500 to the figures measured below: Relay's new shared
 * rules (processes, the page check, reviews, the run conditions in the environment: ~650 tokens) and each family's
 * own part (autonomy, progress rhythm, plans with examples, answer tiers, the vendor's quirks: ~600-1,000 tokens).
 * Each stays below Copilot's and Codex's prompt for the same line. The compact prompt grew by the run conditions and
 * three one-line rules (~270 tokens). Headroom: ~150-200 tokens each.
 */
const SYSTEM_BUDGETS: Readonly<Record<PromptFamily, number>> = {
  anthropic: 2_700,
  'gpt-4': 2_750,
  'o-series': 2_550,
  'gpt-5': 2_950,
  codex: 2_450,
  gemini: 2_600,
  default: 800,
};

/**
 * The tool schemas of a main task (24-25 built-in tools), by the edit tool offered: issue 31's budgets left about
 * 6,900-7,100 estimated tokens for them; the process tools (read_output, send_input, stop_process, list_processes:
 * ~560), check_page and background/ready_pattern/outside_sandbox on run_command came since. Headroom ~170.
 */
const SCHEMA_BUDGETS: Readonly<Record<PromptFamily, number>> = {
  anthropic: 7_700,
  'gpt-4': 7_500,
  'o-series': 7_500,
  'gpt-5': 7_500,
  codex: 7_500,
  gemini: 7_700,
  default: 7_800,
};
/** The per-turn reminder rides on every request: a few lines at most. */
const REMINDER_BUDGET = 80;

/** Copilot Chat's system message for the same model line (o200k_base tokens); tools unknown. */
const COPILOT: Readonly<Record<PromptFamily, { model: string; tokens: number }>> = {
  anthropic: { model: 'claude-sonnet-4.5', tokens: 3_036 },
  'gpt-4': { model: 'gpt-4.1', tokens: 2_871 },
  'o-series': { model: 'o4-mini (= gpt-4.1 prompt)', tokens: 2_871 },
  'gpt-5': { model: 'gpt-5.1', tokens: 5_408 },
  codex: { model: 'gpt-5.1-codex', tokens: 2_756 },
  gemini: { model: 'gemini-2.0-flash', tokens: 2_748 },
  default: { model: 'default', tokens: 2_469 },
};

/** Codex's instructions for the same model line: the file and its characters (openai/codex, codex-rs/core). */
const CODEX: Readonly<Record<PromptFamily, { file: string; commit: string; chars: number } | undefined>> = {
  anthropic: undefined,
  'gpt-4': { file: 'prompt_with_apply_patch_instructions.md', commit: '1d005f8c', chars: 25_400 },
  'o-series': { file: 'prompt_with_apply_patch_instructions.md', commit: '1d005f8c', chars: 25_400 },
  'gpt-5': { file: 'gpt_5_1_prompt.md', commit: '1023c8c7', chars: 27_147 },
  codex: { file: 'gpt-5.1-codex-max_prompt.md', commit: '1f8c8267', chars: 12_110 },
  gemini: undefined,
  default: { file: 'prompt.md', commit: '1d005f8c', chars: 22_329 },
};

interface Figures {
  systemO200k: number;
  toolsO200k: number;
  systemEstimate: number;
  toolsEstimate: number;
  reminderEstimate: number;
  tools: number;
}

/** The tools as the wire sends them: a freeform tool as its custom form (description and grammar), not both forms. */
function wireTools(request: ModelRequest): unknown[] {
  return request.tools.map((tool) => (tool.freeform ? { name: tool.name, description: tool.freeform.description, format: tool.freeform.grammar } : { name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
}

function measure(request: ModelRequest, reminder?: string): Figures {
  const tools = JSON.stringify(wireTools(request));
  return {
    systemO200k: encode(request.system).length,
    toolsO200k: request.tools.length > 0 ? encode(tools).length : 0,
    systemEstimate: estimateTokens(request.system),
    toolsEstimate: estimateTokens(tools),
    reminderEstimate: reminder ? estimateTokens(reminder) : 0,
    tools: request.tools.length,
  };
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

async function main(): Promise<void> {
  console.log(`Machine: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const baseline = measure(await baselineRequest());
  const rows: string[] = [];
  const over: string[] = [];
  const header = `${'request'.padEnd(24)}${pad('tools', 6)}${pad('system', 8)}${pad('schemas', 9)}  ${pad('est.system', 10)}${pad('budget', 7)}${pad('est.schemas', 12)}${pad('budget', 7)}${pad('remind', 7)}  Copilot system (o200k) | Codex instructions (chars/4)`;
  const row = (name: string, f: Figures, family?: PromptFamily) => {
    const copilot = family ? `${COPILOT[family].tokens} ${COPILOT[family].model}` : '';
    const codex = family ? (CODEX[family] ? `${Math.ceil(CODEX[family]!.chars / 4)} ${CODEX[family]!.file}@${CODEX[family]!.commit}` : '- (Codex runs OpenAI models only)') : '';
    return `${name.padEnd(24)}${pad(f.tools, 6)}${pad(f.systemO200k, 8)}${pad(f.toolsO200k, 9)}  ${pad(f.systemEstimate, 10)}${pad(family ? SYSTEM_BUDGETS[family] : '', 7)}${pad(f.toolsEstimate, 12)}${pad(family ? SCHEMA_BUDGETS[family] : '', 7)}${pad(f.reminderEstimate || '', 7)}  ${copilot}${family ? ' | ' : ''}${codex}`;
  };
  rows.push(row('before (one prompt)', baseline));
  for (const c of CASES) {
    const family = c.model.promptFamily ?? 'default';
    const f = measure(await firstRequest(c), reminderFor(family, c.model.supportsNativeTools));
    // The budgets hold for each family's main request; the settings' variants are printed for comparison.
    const main = c.name === family && (PROMPT_FAMILIES as readonly string[]).includes(c.name);
    rows.push(row(c.name, f, main ? family : undefined));
    if (!main) continue;
    if (f.systemEstimate > SYSTEM_BUDGETS[family]) over.push(`${c.name} system prompt: ${f.systemEstimate} > ${SYSTEM_BUDGETS[family]}`);
    if (f.toolsEstimate > SCHEMA_BUDGETS[family]) over.push(`${c.name} tool schemas: ${f.toolsEstimate} > ${SCHEMA_BUDGETS[family]}`);
    if (f.reminderEstimate > REMINDER_BUDGET) over.push(`${c.name} reminder: ${f.reminderEstimate} > ${REMINDER_BUDGET}`);
  }
  console.log("Tokens of the first request's fixed part: o200k_base counts, then the runtime's estimate (~4 chars a token) against the budgets");
  console.log(header);
  for (const line of rows) console.log(line);
  if (over.length > 0) {
    console.error(`Over budget: ${over.join('; ')}`);
    process.exitCode = 1;
    return;
  }
  console.log('Every family is within its budgets.');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

// Measures the peers' system prompts for the prompt-budget bench (bench/prompt-budget.bench.ts), from a checkout:
//   node --import tsx scripts/measure-peer-prompts.ts copilot <microsoft/vscode-copilot-chat git dir> [commit]
// Copilot Chat: the "### System" block of each model's committed all_tools snapshot
// (src/extension/prompts/node/agent/test/__snapshots__/agentPrompts-<model>/all_tools.spec.snap), tokens counted
// with o200k_base, characters as they are. Codex's prompt files are counted by characters (read them in any
// checkout of openai/codex: codex-rs/core/<file>.md) with `wc -m`.
import { execFileSync } from 'node:child_process';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';

const MODELS = ['claude-sonnet-4.5', 'gpt-4.1', 'gpt-5', 'gpt-5.1', 'gpt-5-codex', 'gpt-5.1-codex', 'gemini-2.0-flash', 'default'];

/** The text inside the fence after "### System" (the prompt has headings of its own, so the fence ends it). */
function systemBlock(snapshot: string): string {
  const open = snapshot.indexOf('~~~md\n', snapshot.indexOf('### System'));
  const close = snapshot.indexOf('\n~~~\n', open);
  return snapshot.slice(open + '~~~md\n'.length, close);
}

const [kind, gitDir, commit = 'HEAD'] = process.argv.slice(2);
if (kind !== 'copilot' || !gitDir) {
  console.error('usage: measure-peer-prompts.ts copilot <git dir> [commit]');
  process.exit(2);
}
for (const model of MODELS) {
  const path = `src/extension/prompts/node/agent/test/__snapshots__/agentPrompts-${model}/all_tools.spec.snap`;
  const text = systemBlock(execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${path}`], { encoding: 'utf8', maxBuffer: 1 << 24 }));
  console.log(`${model.padEnd(20)} ${String(encode(text).length).padStart(6)} o200k tokens ${String(text.length).padStart(7)} chars`);
}

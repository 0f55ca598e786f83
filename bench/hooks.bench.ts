// Hooks benchmark, plain Node, the real tool runtime: what configured hooks add to a tool call beyond the hooks'
// own run time. A trivial read-only tool is called N times through the scheduler:
//  (a) no hooks (the baseline, measured in the same run);
//  (b) 10 hooks configured, none matching the tool (the cost of choosing none);
//  (c) 10 hooks configured, one matching, its process answered at once by a fake runner (stdin written, its JSON
//      output read, verdicts combined, the card's note made): the hook's overhead with its own run time at zero;
//  (d) for scale, one real `true` hook through the shell in its own process group (the process itself).
// Target: (b) and (c) add at most 1 ms per call at p50 over (a). Exits 1 when missed.
// Run: npm run bench hooks   (or node --import tsx bench/hooks.bench.ts)
import { z } from 'zod';
import { HookRunner, type HookProcessRunner } from '../src/core/customization/hooks/runner';
import { ConfiguredToolHooks } from '../src/core/customization/hooks/tool-call-hooks';
import type { HookDefinition } from '../src/core/customization/hooks/types';
import { createTool, ToolManager, ToolRegistry, ToolScheduler, type ToolCallHooks } from '../src/core/tools';
import { SpawnedHookProcesses } from '../src/host/customization/hooks/hook-process';

const CALLS = 400;
const REAL_CALLS = 20;
const TARGET_MS = 1;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

function scheduler(hooks: ToolCallHooks | undefined): ToolScheduler {
  const registry = new ToolRegistry();
  registry.registerFactory('read_file', () =>
    createTool({
      name: 'read_file',
      kind: 'readonly',
      description: 'Reads.',
      parameters: z.object({ path: z.string() }),
      execute: async (_params, ctx) => ctx.setToolResult(ctx.callId, 'contents'),
    }),
  );
  const manager = new ToolManager({ registry, taskId: 'bench' });
  return new ToolScheduler({ manager, ...(hooks ? { hooks } : {}), logger: { warn: () => {} } });
}

function hooksOf(definitions: HookDefinition[], processes: HookProcessRunner): ToolCallHooks {
  return new ConfiguredToolHooks({ current: async () => definitions }, new HookRunner(processes), () => ({ sessionId: 'bench', cwd: process.cwd(), workspaceRoots: [process.cwd()] }));
}

const hook = (i: number, matcher: string, command = `./hooks/check-${i}.sh`): HookDefinition => ({
  id: `h${i}`,
  event: i % 2 === 0 ? 'PreToolUse' : 'PostToolUse',
  style: 'claude',
  origin: 'workspace',
  source: '.claude/settings.json',
  matcher,
  command,
  timeoutMs: 10_000,
});

const instant: HookProcessRunner = { run: async () => ({ exitCode: 0, stdout: '{"hookSpecificOutput":{"permissionDecision":"allow","additionalContext":"ok"}}', stderr: '', timedOut: false }) };

async function measure(label: string, s: ToolScheduler, calls: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls + 20; i++) {
    const started = performance.now();
    await s.runCalls([{ callId: `${label}-${i}`, name: 'read_file', arguments: { path: 'a.ts' } }]);
    if (i >= 20) times.push(performance.now() - started); // the first 20 warm the code up
  }
  return times;
}

async function main(): Promise<void> {
  const none = Array.from({ length: 10 }, (_, i) => hook(i, 'Bash|Write'));
  const oneMatching = [...none.slice(0, 9), hook(9, 'Read')].map((h, i) => (i === 9 ? { ...h, event: 'PreToolUse' as const } : h));
  const baseline = await measure('a', scheduler(undefined), CALLS);
  const noneMatching = await measure('b', scheduler(hooksOf(none, instant)), CALLS);
  const matching = await measure('c', scheduler(hooksOf(oneMatching, instant)), CALLS);
  const real = new SpawnedHookProcesses({ workspaceRoot: () => process.cwd() });
  const realTimes = await measure('d', scheduler(hooksOf([{ ...hook(0, 'Read'), command: 'true', origin: 'user' }], real)), REAL_CALLS);

  const base = median(baseline);
  const row = (name: string, xs: number[]) => `${name.padEnd(58)} p50 ${median(xs).toFixed(3)} ms  p95 ${p95(xs).toFixed(3)} ms  (+${(median(xs) - base).toFixed(3)} ms)`;
  console.log(`hooks: ${CALLS} read_file calls through the scheduler`);
  console.log(row('(a) no hooks (baseline)', baseline));
  console.log(row('(b) 10 hooks, none matching', noneMatching));
  console.log(row('(c) 10 hooks, one matching, answered at once', matching));
  console.log(row(`(d) one real "true" hook (process included, ${REAL_CALLS} calls)`, realTimes));
  const overheadB = median(noneMatching) - base;
  const overheadC = median(matching) - base;
  const ok = overheadB <= TARGET_MS && overheadC <= TARGET_MS;
  console.log(`target: (b) and (c) within +${TARGET_MS} ms at p50 of (a): ${ok ? 'met' : 'MISSED'} (+${overheadB.toFixed(3)} / +${overheadC.toFixed(3)} ms)`);
  if (!ok) process.exitCode = 1;
}

void main();

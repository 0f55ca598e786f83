// The request every model got before the prompt families (commit 8be3a32): one identity line and seven lines of
// guidance, then the same environment and rules, and every built-in tool plus attempt_completion and new_task.
import type { ModelRequest } from '../src/core/model/provider';
import { createSystemTools, describeToolForModel, ToolManager, ToolRegistry } from '../src/core/tools';
import { createBuiltinToolFactories } from '../src/tools';
import { CASES, firstRequest } from '../test/support/prompt-requests';
import { createInMemoryHost } from '../test/support/in-memory-host';

const BEFORE = `You are Relay, an AI coding agent working inside VS Code on the user's workspace. You act through tools; the user sees every tool call and approves risky ones.

# How to work

- Work step by step: decide what you need, call the tool for it, read the result, then decide the next step.
- Read a file (or the relevant part of it) before you edit it, and edit with the smallest change that does the job.
- Prefer the dedicated tools over shell commands for reading, searching and editing files.
- Check your work where you can (build, tests, the errors an edit reports) before you finish.
- If a tool call fails, read the error and change the approach; do not repeat the same call unchanged.
- Paths are relative to the first workspace root unless absolute. Stay inside the workspace unless asked otherwise.
- When the task is done, call attempt_completion with the result. Every reply must either call a tool or call attempt_completion.`;

export async function baselineRequest(): Promise<ModelRequest> {
  // The environment and rules are as today's default request has them.
  const today = await firstRequest(CASES.find((c) => c.name === 'default')!);
  const environment = today.system.slice(today.system.indexOf('# Environment'));
  const registry = new ToolRegistry();
  for (const tool of createBuiltinToolFactories(createInMemoryHost().services)) registry.registerFactory(tool.name, tool.factory, { source: tool.source });
  const manager = new ToolManager({ registry, taskId: 'baseline', systemTools: createSystemTools({ runSubTask: async () => '' }) });
  const tools = await Promise.all(manager.listTools().map(describeToolForModel));
  return { ...today, system: `${BEFORE}\n\n${environment}`, tools };
}

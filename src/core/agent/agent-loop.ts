// The ReAct loop of one run: ask the model, let the tools act, feed the results back, until the task completes,
// pauses, fails or is cancelled. One scheduler per run (its signal is the run's cancel button; its pause
// rules start fresh after the user stepped in). The session owns the data; the loop changes it through LoopHost.
import { LoopGuard } from '../permissions/loop-guard';
import type { ModelInfo } from '../model/provider';
import { type AnyTool, PauseRules, ToolScheduler } from '../tools';
import { condenseHistory, couldNotCondense, keepWithinContext } from './context-keeper';
import type { AgentState } from './events';
import { buildRequest, conductOf, contextLimitsFor, preparePrompt } from './model-request';
import { DEFAULT_MAX_STEPS, type AgentSessionOptions } from './session-options';
import { SessionApprovals } from './approval-hook';
import { CANCELLED, runStep } from './agent-step';
import { touchedFiles } from '../customization/rules/touched-files';
import type { RunConditions, SystemPromptInput, TurnRules, WorkspaceRules } from './system-prompt';
import type { LoopHost } from './loop-host';

/** The run's scheduler: its approvals, pause rules and hooks, its cards reported as events. Dispose when the run ends. */
export function createRunScheduler(host: LoopHost, signal: AbortSignal): { scheduler: ToolScheduler; approvals: SessionApprovals; dispose(): void } {
  const options = host.options;
  const approvals = new SessionApprovals(options.approvals, (audit) => host.recordAudit(audit));
  const scheduler = new ToolScheduler({
    manager: host.manager,
    approve: approvals.hook,
    loopGuard: new LoopGuard(options.loopThreshold),
    ...(options.outputStore ? { outputStore: options.outputStore } : {}),
    taskSignal: signal,
    statistics: host.statistics,
    pauseRules: new PauseRules(options.pauseThreshold),
    ...(options.toolTimeoutMs !== undefined ? { defaultTimeoutMs: options.toolTimeoutMs } : {}),
    now: host.now,
    logger: host.logger,
    ...(host.checkpoints ? { checkpoints: host.checkpoints } : {}),
    ...(options.toolHooks ? { hooks: options.toolHooks(host.manager.taskId) } : {}),
  });
  const statuses = scheduler.onDidChangeStatus((status) => host.emit({ type: 'tool_status', status }));
  return {
    scheduler,
    approvals,
    dispose: () => {
      statuses.dispose();
      scheduler.dispose();
    },
  };
}

export async function runAgentLoop(host: LoopHost, signal: AbortSignal): Promise<AgentState> {
  const options = host.options;
  const { scheduler, approvals, dispose } = createRunScheduler(host, signal);
  try {
    const model = options.provider.model;
    const maxOutputTokens = options.maxOutputTokens ?? model.maxOutputTokens;
    let promptInput = await promptInputFor(host);
    // Re-described when the tool set changes (an MCP server's list changed, search_tools loaded deferred tools)
    // or the turn's rules do (the task touched a file a glob rule names).
    let promptTools = await host.manager.promptTools(model.contextWindow);
    let promptKey = promptKeyOf(model, promptTools, promptInput);
    let prompt = await preparePrompt(model, promptTools, promptInput);
    const cap = Math.max(1, options.maxSteps ?? DEFAULT_MAX_STEPS);
    let allowedSteps = cap;
    for (let steps = 0; ; steps++) {
      if (signal.aborted) return CANCELLED;
      if (steps >= allowedSteps) {
        const goOn = await askToContinue(host, steps, signal);
        if (goOn === undefined) return CANCELLED;
        if (!goOn) {
          return { status: 'paused', reason: 'step_cap', message: `Paused after ${steps} steps without finishing. Send a message to continue.` };
        }
        allowedSteps += cap;
      }
      if (steps > 0) {
        promptTools = await host.manager.promptTools(model.contextWindow);
        promptInput = await promptInputFor(host);
        const key = promptKeyOf(model, promptTools, promptInput);
        if (key !== promptKey) {
          promptKey = key;
          prompt = await preparePrompt(model, promptTools, promptInput);
        }
      }
      const notice = options.processNotices?.(host.taskId);
      if (notice) host.appendUser([{ type: 'text', text: notice }]);
      await keepWithinContext(host, prompt, contextLimitsFor(model, prompt, maxOutputTokens), signal);
      if (signal.aborted) return CANCELLED;
      const request = buildRequest(prompt, host.history(), { maxOutputTokens, ...(options.temperature !== undefined ? { temperature: options.temperature } : {}) });
      const end = await runStep({ host, scheduler, approvals, request, signal, ending: conductOf(model).ending });
      if (end) return end;
    }
  } finally {
    dispose();
  }
}

/** What the prompt is built from: the tools, the model's family and way of ending a turn, and the turn's rules. */
function promptKeyOf(model: ModelInfo, tools: readonly AnyTool[], input: PromptInput): string {
  const { family, ending } = conductOf(model);
  const rules = [...input.rules.map((rule) => `${rule.source}\0${rule.text}`), ...(input.ruleCatalogue ?? []).map((entry) => entry.path)];
  return [family, ending, JSON.stringify(input.conditions ?? null), ...tools.map((tool) => tool.name), '\u0001', ...rules].join('\n');
}

/** True: another cap's worth of steps; false: pause; undefined: the task was cancelled while asking. */
async function askToContinue(host: LoopHost, steps: number, signal: AbortSignal): Promise<boolean | undefined> {
  const confirm = host.options.confirmContinue;
  if (!confirm) return false;
  let onAbort = () => {};
  const aborted = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const answer = confirm(steps).catch((error: unknown) => {
      host.logger.warn('Asking whether to continue failed', error);
      return false;
    });
    return await Promise.race([answer, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** "Condense Context" on an idle task: the same summary a run would make, with the prompt a run would send. */
export async function condenseOnDemand(host: LoopHost, signal: AbortSignal): Promise<void> {
  const model = host.options.provider.model;
  const prompt = await preparePrompt(model, await host.manager.promptTools(model.contextWindow), await promptInputFor(host));
  const outcome = await condenseHistory(host, prompt, 'manual', signal);
  if (!outcome.condensed) host.emit({ type: 'notice', id: host.newId(), text: couldNotCondense(outcome.reason), level: 'info' });
}

type PromptInput = Omit<SystemPromptInput, 'toolsMarkdown' | 'family' | 'ending' | 'canChange'> & { rules: readonly WorkspaceRules[] };

async function promptInputFor(host: LoopHost): Promise<PromptInput> {
  const options = host.options;
  const turn = options.turnRules ? await chosenRules(host, options.turnRules) : undefined;
  const rules = [...(options.rules ?? []), ...(turn?.rules ?? [])];
  if (options.turnRules || options.rules) host.rulesChosen?.(rules.filter((rule) => rule.text.trim() !== '').map((rule) => rule.source));
  return {
    environment: options.environment,
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.delegates && options.delegates.length > 0 ? { delegates: options.delegates.map((agent) => ({ name: agent.name, ...(agent.description ? { description: agent.description } : {}) })) } : {}),
    rules,
    ...(turn && turn.catalogue.length > 0 ? { ruleCatalogue: turn.catalogue } : {}),
    date: new Date(host.now()),
    role: (options.depth ?? 0) > 0 ? ('sub-agent' as const) : ('main' as const),
    ...(await conditionsOf(host)),
  };
}

/** The approval mode and sandbox as the host reports them now; a failure to read them costs the request those lines. */
async function conditionsOf(host: LoopHost): Promise<{ conditions?: RunConditions }> {
  const read = host.options.environment.conditions;
  if (!read) return {};
  try {
    return { conditions: await read() };
  } catch (error) {
    host.logger.warn('Reading the approval mode and sandbox for the prompt failed', error);
    return {};
  }
}

/** The host's choice for this turn; a failure to choose costs the turn its rules, not the task. */
async function chosenRules(host: LoopHost, choose: NonNullable<AgentSessionOptions['turnRules']>): Promise<TurnRules | undefined> {
  try {
    return await choose(touchedFiles(host.history(), host.options.environment.workspaceRoots[0]));
  } catch (error) {
    host.logger.warn('Choosing the rules of this turn failed', error);
    return undefined;
  }
}

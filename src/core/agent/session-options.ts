// What a session is built from: the model, the tools, the environment, the host's approval gate and store,
// and the limits that keep a task from running away.
import type { ModelProvider } from '../model/provider';
import type { ApprovalGate } from '../ports/approval';
import type { CheckpointRecorder } from '../ports/checkpoints';
import type { TaskStore } from '../ports/task-store';
import type { DeferralSettings, OutputStore, ToolCallGuard, ToolCallHooks, ToolLogger, ToolRegistry, ToolStatistics } from '../tools';
import type { SessionHooks } from './session-hooks';
import type { DelegateAgent, SubAgentSettings } from './sub-agent';
import type { TouchedFiles } from '../customization/rules/touched-files';
import type { AgentEnvironment, AgentPrompt, TurnRules, WorkspaceRules } from './system-prompt';

export interface AgentSessionOptions {
  provider: ModelProvider;
  /** The tools this task may use (system tools are added by the session). */
  registry: ToolRegistry;
  environment: AgentEnvironment;
  /** The workspace's instruction files (AGENTS.md, ...), read by the caller. */
  rules?: readonly WorkspaceRules[];
  /**
   * The rules of each model turn, chosen from the files the task touched so far (glob, nested and manual rules);
   * added after `rules`. Asked before every model request; the prompt changes only when the choice does.
   */
  turnRules?: (files: TouchedFiles) => Promise<TurnRules>;
  /** Configured hooks around every tool call of the task (and its sub-agents); none: no hooks. */
  toolHooks?: (taskId: string) => ToolCallHooks;
  /** Configured hooks around the task's runs (SessionStart, UserPromptSubmit, Stop, PreCompact); none: no hooks. */
  sessionHooks?: (taskId: string) => SessionHooks;
  /** The selected agent's instructions; sub-agents started by name get their own. */
  agent?: AgentPrompt;
  /** Decides every call; without one everything is allowed (tests, trusted automation). */
  approvals?: ApprovalGate;
  /** Asked when the step cap is reached: true runs another `maxSteps` steps, false pauses. Default: pause. */
  confirmContinue?: (steps: number) => Promise<boolean>;
  /** Checkpoints of the files before each approved call that may change them; none: no checkpoints. */
  checkpoints?: CheckpointRecorder;
  /** Where the task is saved after every step and at every end; none: nothing is saved. */
  store?: TaskStore;
  /** Per-tool counts (behaviour 23); pass one to share it across tasks, as the host's statistics command does. */
  statistics?: ToolStatistics;
  /** Where truncated tool output is saved in full. */
  outputStore?: OutputStore;
  /** Model turns per run before `confirmContinue` is asked. Default 50. */
  maxSteps?: number;
  /** Identical consecutive calls that pause the task (behaviour 34). Default 3. */
  loopThreshold?: number;
  /** Same error / timeouts / turns without a tool in a row that pause the task (behaviours 18, 19). Default 3. */
  pauseThreshold?: number;
  allowedTools?: readonly string[];
  /** Deferred loading of large toolsets (MCP, extension tools): off when absent. */
  deferral?: DeferralSettings;
  disallowedTools?: readonly string[];
  /** Checks every validated call passes (an agent's file restriction); sub-agents inherit them with the lists above. */
  callGuards?: readonly ToolCallGuard[];
  /** Workspace agents the model may delegate to by name through new_task (listed in the prompt). */
  delegates?: readonly DelegateAgent[];
  /** `false` turns `new_task` off. */
  subAgents?: SubAgentSettings | false;
  /** Sent as `ModelRequest.maxOutputTokens` and reserved in the context budget. Default: the model's maximum. */
  maxOutputTokens?: number;
  temperature?: number;
  /** Default timeout of a tool call. */
  toolTimeoutMs?: number;
  /** 0 for the user's task; sub-agents are deeper. */
  depth?: number;
  now?: () => number;
  newId?: () => string;
  /** The new task's id when the host chose it before the session (a parallel task's record names it first). */
  id?: string;
  logger?: ToolLogger;
  /**
   * Told to the model at the start of each step: its background processes that exited, crashed or wait for input
   * since it last heard of them (see core/processes/notices.ts). Called with the task's id; undefined when nothing changed.
   */
  processNotices?: (taskId: string) => string | undefined;
}

export const DEFAULT_MAX_STEPS = 50;

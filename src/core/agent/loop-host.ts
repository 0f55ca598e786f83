// What the agent loop may read and change of its session: the session implements it; the loop, its step and the
// context keeper take it (a file of its own, so that none of them imports another for its type).
import type { Usage } from '../model/events';
import type { AssistantPart, ChatMessage, UserPart } from '../model/provider';
import type { ApprovalAudit } from '../ports/approval';
import type { CallCheckpointHook, ToolLogger, ToolManager, ToolStatistics } from '../tools';
import type { AgentEvent } from './events';
import type { AgentSessionOptions } from './session-options';

/** What the loop may read and change of its session. */
export interface LoopHost {
  options: AgentSessionOptions;
  manager: ToolManager;
  statistics: ToolStatistics;
  now: () => number;
  newId: () => string;
  logger: ToolLogger;
  /** The task this loop runs. */
  taskId: string;
  history(): ChatMessage[];
  replaceHistory(messages: ChatMessage[]): void;
  appendAssistant(parts: readonly AssistantPart[]): void;
  appendUser(parts: readonly UserPart[]): void;
  emit(event: AgentEvent): void;
  /** Adds a request's usage; the conversation's own requests also set the context meter (not a summary's). */
  addUsage(usage: Usage, costUsd: number | undefined, setsMeter?: boolean): void;
  /** The context meter's figure (context-used.ts), once a request was counted. */
  contextUsed(): number | undefined;
  /** True once after the user asked to condense while the task ran. */
  takeCondenseRequest(): boolean;
  recordAudit(audit: ApprovalAudit): void;
  /** Saves the task now (in the background, in order). */
  save(): void;
  /** Checkpoints before calls that may change files; absent when the task takes none. */
  checkpoints?: CallCheckpointHook;
  /** Told the rules in the prompt of each request (their sources), for the context meter's tooltip. */
  rulesChosen?(sources: string[]): void;
}

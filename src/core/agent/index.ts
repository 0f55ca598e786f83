// Public API of the agent loop (issue 4): sessions, their events and the chat mapping, the sub-agent runner,
// the system prompt and the context budget. The host wires these to VS Code; nothing here imports `vscode`.
export { AgentSession, CONTINUE_TEXT, type MessageAttachments } from './session';
export { DEFAULT_MAX_STEPS, type AgentSessionOptions } from './session-options';
export type { AgentEvent, AgentEventListener, AgentPauseReason, AgentState } from './events';
export { toChatDeltas, toToolCard } from './chat-deltas';
export { buildSystemPrompt, MAX_RULES_CHARS, type AgentEnvironment, type RunConditions, type CommandSandboxState, type SystemPromptInput, type WorkspaceRules, type RuleCatalogueEntry, type TurnRules, type AgentPrompt } from './system-prompt';
export {
  CONTEXT_NOTICE_PREFIX,
  estimateHistoryTokens,
  estimateMessageTokens,
  fitToContext,
  shortenedOutputNote,
  type ContextLimits,
  type FitResult,
} from './context-budget';
export { CANCEL_NOTE, INTERRUPTED_RESULT, repairHistory, titleFrom } from './history';
export { closeTranscript, interruptedMessage, stateFromRecord } from './task-record';
export {
  canDelegate,
  childToolNames,
  createSubTaskRunner,
  DEFAULT_SUB_AGENT_DEPTH,
  type ChildSession,
  type SubAgentHost,
  type SubAgentSettings,
} from './sub-agent';
export { incompleteCallResult } from './agent-step';
export type { SubtaskTurn } from './subtask-turn';
export { addUsage } from './usage';

// Public API of the tool runtime (tool-system.md §1-8). Approval (§9) plugs in through `ApprovalHook`.
export type * from './status-types';
export type {
  AnyTool,
  JsonSchema,
  JsonValue,
  ParamIssue,
  Tool,
  ToolContext,
  ToolDescription,
  ToolExample,
  ToolFactory,
  ToolFactoryContext,
  ToolKind,
  ToolLogger,
  ToolPreparation,
  ReviewVerdict,
  ToolResultContent,
  ToolResultImage,
  ToolResultOptions,
  ToolSource,
  ValidationResult,
} from './types';
export { consoleLogger } from './types';
export { asSaid, errorSaid, ToolError, ToolErrorType, isToolErrorType } from './errors';
export { BaseTool } from './base-tool';
export { createSimpleTool, createTool, defineTool, type JsonSchemaToolConfig, type SimpleToolConfig, type ZodToolConfig } from './define';
export { ToolRegistry, type RegisteredTool, type RegisterOptions } from './registry';
export { ToolManager, type ToolCallGuard, type ToolLookup, type ToolManagerOptions } from './manager';
export {
  DEFAULT_DEFERRAL_SHARE,
  DeferredTools,
  SEARCH_TOOLS,
  decideDeferral,
  estimateSpecTokens,
  type DeferralDecision,
  type DeferralSettings,
} from './deferred-tools';
export {
  ATTEMPT_COMPLETION,
  NEW_TASK,
  createSystemTools,
  type SubTaskRequest,
  type SubTaskRunner,
  type SystemToolOptions,
} from './system-tools';
export { type ApprovalDecision, type ApprovalHook, type ApprovalRequest, type LoopGuardHook } from './approval';
export { type AfterToolCall, type BeforeToolCall, type HookApproval, type ToolCallHookRequest, type ToolCallHooks, withHookContext } from './call-hooks';
export {
  ToolScheduler,
  executionGroups,
  type ToolBatchResult,
  type ToolCallRequest,
  type ToolSchedulerOptions,
  type CallCheckpointHook,
  type CheckpointedCall,
} from './scheduler';
export type { ToolCallOutcome } from './call-lifecycle';
export { canTransition } from './call-lifecycle';
export { ToolCallStream } from './streaming-calls';
export { DEFAULT_ABORT_GRACE_MS, DEFAULT_TIMEOUT_MS } from './executor';
export { ToolStatusMerger, isTerminalStatus } from './status';
export { displayBlocks, genericBlockText, isKnownDisplayBlock, normalizeDisplayBlock, normalizeDisplayBlocks } from './display';
export { validateParams } from './validation';
export { PauseRules, NO_TOOL_REMINDER, type PauseReason, type PauseSignal, type TurnCheck } from './pause-rules';
export { ToolStatistics, type ToolStats } from './stats';
export { InMemoryOutputStore, type OutputStore, type SavedOutputInfo } from './output-store';
export { DEFAULT_OUTPUT_LIMITS, truncateForModel, type OutputLimits } from './truncation';
export { cleanJsonSchema, toolInputSchema, zodToJsonSchema } from './json-schema';
export {
  describeOfferedTool,
  describeToolForModel,
  describeToolsForProvider,
  toAnthropicTool,
  toOpenAITool,
  toolDescriptionText,
  type AnthropicToolSpec,
  type FreeformForm,
  type ModelToolSpec,
  type OpenAIToolSpec,
} from './model-description';
export { describeToolsMarkdown, TEXT_CALL_INSTRUCTIONS } from './describe-markdown';
export { IncrementalJsonParser, JsonStreamError, parseJsonStrict } from './incremental-json';
export { TextToolCallParser, type TextProtocolEvent } from './text-protocol';
export type { Disposable, Event } from './emitter';
export { APPLY_PATCH_LARK_GRAMMAR, withFreeformPatch } from './freeform-patch';

// Each source's wire format: the event as JSON on stdin under the field names its hooks expect, and what its
// exit code and output mean. Claude Code and Copilot: exit 0 reads JSON output (plain text is context only for
// UserPromptSubmit and SessionStart), exit 2 blocks with stderr as the reason, any other code is a non-blocking
// error. Cline: the last JSON object on stdout says `cancel`; a non-zero exit, bad JSON or a timeout blocks.
import { claudeToolInput, claudeToolName, clineToolName } from './tool-names';
import type { HookDefinition, HookEvent, HookPermission, HookProcessResult, HookVerdict } from './types';

/** One event, in Relay's terms; `toStdin` writes it in a source's field names. */
export interface HookEventInput {
  event: HookEvent;
  sessionId: string;
  cwd: string;
  workspaceRoots: readonly string[];
  permissionMode?: string;
  transcriptPath?: string;
  /** `name`/`input`: the view the hook sees (tool-views.ts); `callName`/`callInput`: the call's own, when the view is one file of it. */
  tool?: { name: string; input: Record<string, unknown>; callId: string; callName?: string; callInput?: Record<string, unknown>; response?: unknown; error?: string; durationMs?: number };
  prompt?: string;
  /** SessionStart: `startup`, `resume` or `compact`; PreCompact: `manual` or `auto`. */
  source?: string;
  stopHookActive?: boolean;
  message?: string;
  /** SessionStart: the task's first prompt (Copilot CLI's `initialPrompt`, Cline's `initialTask`). */
  initialPrompt?: string;
  /** Notification: Claude Code's `notification_type` (`permission_prompt`, `idle_prompt`). */
  notificationType?: string;
  /** Milliseconds since the epoch, for the `timestamp` fields. */
  now: number;
}

export const CLINE_VERSION = 'relay';
/** Cline caps a hook's context modification at 50 KB. */
const CLINE_CONTEXT_LIMIT = 50 * 1024;

export function toStdin(hook: HookDefinition, input: HookEventInput): string {
  switch (hook.style) {
    case 'claude':
      return JSON.stringify(claudePayload(input));
    case 'copilot':
      return JSON.stringify(copilotPayload(hook, input));
    case 'cline':
      return JSON.stringify(clinePayload(hook, input));
  }
}

function claudePayload(input: HookEventInput): Record<string, unknown> {
  const out: Record<string, unknown> = {
    session_id: input.sessionId,
    transcript_path: input.transcriptPath ?? '',
    cwd: input.cwd,
    permission_mode: input.permissionMode ?? 'default',
    hook_event_name: input.event,
  };
  if (input.tool) {
    out.tool_name = claudeToolName(input.tool.name);
    out.tool_input = claudeToolInput(input.tool.name, input.tool.input);
    out.tool_use_id = input.tool.callId;
    if (input.tool.response !== undefined) out.tool_response = input.tool.response;
    if (input.tool.error !== undefined) out.error = input.tool.error;
    out.relay_tool_name = input.tool.callName ?? input.tool.name;
    out.relay_tool_input = input.tool.callInput ?? input.tool.input;
  }
  if (input.prompt !== undefined) out.prompt = input.prompt;
  if (input.source !== undefined) out[input.event === 'PreCompact' ? 'trigger' : 'source'] = input.source;
  if (input.stopHookActive !== undefined) out.stop_hook_active = input.stopHookActive;
  if (input.message !== undefined) out.message = input.message;
  if (input.notificationType !== undefined) out.notification_type = input.notificationType;
  return out;
}

/**
 * `.github/hooks/*.json` is read by two programs with different stdin: VS Code (the hook's `command`) sends
 * `sessionId`, `hookEventName`, an ISO `timestamp` and Claude's snake_case event fields (`tool_name`, `tool_input`,
 * `tool_use_id`, `tool_response`, `stop_hook_active`); the Copilot CLI (a `bash` / `powershell` handler) sends a
 * millisecond `timestamp`, `toolName`, `toolArgs` as a JSON string and `toolResult` as `{resultType, textResultForLlm}`.
 * Each hook gets both sets of names; only `timestamp`, which the two spell alike, follows the handler's program.
 */
function copilotPayload(hook: HookDefinition, input: HookEventInput): Record<string, unknown> {
  const out: Record<string, unknown> = {
    sessionId: input.sessionId,
    hookEventName: input.event,
    timestamp: hook.copilotCli ? input.now : new Date(input.now).toISOString(),
    cwd: input.cwd,
  };
  if (input.transcriptPath !== undefined) out.transcript_path = input.transcriptPath;
  if (input.tool) {
    const name = claudeToolName(input.tool.name);
    const toolInput = claudeToolInput(input.tool.name, input.tool.input);
    out.tool_name = name;
    out.tool_input = toolInput;
    out.tool_use_id = input.tool.callId;
    out.toolName = name;
    out.toolInput = toolInput;
    out.toolArgs = JSON.stringify(input.tool.input);
    out.toolUseId = input.tool.callId;
    if (input.tool.response !== undefined) {
      out.tool_response = input.tool.response;
      const text = typeof input.tool.response === 'string' ? input.tool.response : JSON.stringify(input.tool.response);
      out.toolResult = { resultType: input.tool.error === undefined ? 'success' : 'failure', textResultForLlm: text };
    }
    out.relayToolName = input.tool.callName ?? input.tool.name;
  }
  if (input.prompt !== undefined) out.prompt = input.prompt;
  if (input.source !== undefined) out[input.event === 'PreCompact' ? 'trigger' : 'source'] = input.source;
  if (input.initialPrompt !== undefined) out.initialPrompt = input.initialPrompt;
  if (input.stopHookActive !== undefined) {
    out.stop_hook_active = input.stopHookActive;
    out.stopHookActive = input.stopHookActive;
  }
  if (input.message !== undefined) out.message = input.message;
  return out;
}

function clinePayload(hook: HookDefinition, input: HookEventInput): Record<string, unknown> {
  const hookName = hook.nativeEvent ?? input.event;
  const out: Record<string, unknown> = {
    clineVersion: CLINE_VERSION,
    hookName,
    timestamp: String(input.now),
    taskId: input.sessionId,
    workspaceRoots: input.workspaceRoots,
    userId: '',
  };
  const key = hookName.charAt(0).toLowerCase() + hookName.slice(1);
  const data: Record<string, unknown> = {};
  if (input.tool) {
    data.toolName = clineToolName(input.tool.name);
    data.parameters = input.tool.input;
    if (input.tool.response !== undefined) {
      data.result = typeof input.tool.response === 'string' ? input.tool.response : JSON.stringify(input.tool.response);
      data.success = input.tool.error === undefined;
      if (input.tool.durationMs !== undefined) data.executionTimeMs = input.tool.durationMs;
    }
  }
  if (input.prompt !== undefined) {
    data.prompt = input.prompt;
    data.attachments = [];
  }
  // The task events describe the task: Relay's task id stands for both of Cline's ids.
  if (hookName.startsWith('Task')) {
    const taskMetadata: Record<string, unknown> = { taskId: input.sessionId, ulid: input.sessionId };
    if (hookName === 'TaskStart' && input.initialPrompt !== undefined) taskMetadata.initialTask = input.initialPrompt;
    data.taskMetadata = taskMetadata;
  }
  out[key] = data;
  return out;
}

/** Events where exit 2 (or a block) stops the thing from happening. */
const BLOCKING: ReadonlySet<HookEvent> = new Set(['PreToolUse', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'PostToolUse', 'PostToolUseFailure']);
/** Events whose plain stdout becomes context for the model (Claude Code). */
const PLAIN_CONTEXT: ReadonlySet<HookEvent> = new Set(['UserPromptSubmit', 'SessionStart']);

export function interpretResult(hook: HookDefinition, result: HookProcessResult): HookVerdict {
  return hook.style === 'cline' ? interpretCline(result) : interpretClaude(hook.event, result);
}

function interpretClaude(event: HookEvent, result: HookProcessResult): HookVerdict {
  if (result.spawnError !== undefined) return { failure: { kind: 'spawn', detail: result.spawnError } };
  if (result.timedOut) return { failure: { kind: 'timeout', detail: result.stderr.trim() } };
  if (result.exitCode === 2) {
    const reason = result.stderr.trim();
    return BLOCKING.has(event) ? { permission: 'deny', ...(reason ? { reason } : {}) } : { failure: { kind: 'error', detail: reason } };
  }
  if (result.exitCode !== 0) return { failure: { kind: 'error', detail: `exit ${result.exitCode ?? 'signal'}${result.stderr.trim() ? `: ${result.stderr.trim()}` : ''}` } };
  const stdout = result.stdout.trim();
  if (!stdout.startsWith('{')) return stdout && PLAIN_CONTEXT.has(event) ? { context: stdout } : {};
  let output: unknown;
  try {
    output = JSON.parse(stdout);
  } catch (error) {
    return { failure: { kind: 'error', detail: `invalid JSON output: ${error instanceof Error ? error.message : String(error)}` } };
  }
  return isObject(output) ? fromClaudeJson(output) : {};
}

function fromClaudeJson(output: Record<string, unknown>): HookVerdict {
  const verdict: HookVerdict = {};
  const specific = isObject(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  const reasonText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  // Older and simpler forms first; hookSpecificOutput, when present, has the last word.
  if (output.decision === 'block') verdict.permission = 'deny';
  if (output.decision === 'approve') verdict.permission = 'allow';
  const reason = reasonText(output.reason);
  if (reason) verdict.reason = reason;
  const decision = permissionOf(specific.permissionDecision ?? output.permissionDecision);
  if (decision) {
    verdict.permission = decision;
    const why = reasonText(specific.permissionDecisionReason ?? output.permissionDecisionReason);
    if (why) verdict.reason = why;
  }
  const updated = specific.updatedInput ?? output.updatedInput;
  if (isObject(updated)) verdict.updatedInput = updated;
  const context = reasonText(specific.additionalContext ?? output.additionalContext);
  if (context) verdict.context = context;
  if (output.continue === false) {
    const stopReason = reasonText(output.stopReason);
    verdict.stop = stopReason ? { reason: stopReason } : {};
  }
  const message = reasonText(output.systemMessage);
  if (message) verdict.systemMessage = message;
  return verdict;
}

function interpretCline(result: HookProcessResult): HookVerdict {
  const blocked = (kind: 'timeout' | 'error' | 'spawn', detail: string): HookVerdict => ({ permission: 'deny', reason: detail, failure: { kind, detail } });
  if (result.spawnError !== undefined) return blocked('spawn', result.spawnError);
  if (result.timedOut) return blocked('timeout', 'the hook timed out');
  if (result.exitCode !== 0) return blocked('error', `exit ${result.exitCode ?? 'signal'}${result.stderr.trim() ? `: ${result.stderr.trim()}` : ''}`);
  const output = lastJsonObject(result.stdout);
  if (!output || typeof output.cancel !== 'boolean') return blocked('error', 'the hook printed no JSON object with "cancel"');
  const verdict: HookVerdict = {};
  const message = typeof output.errorMessage === 'string' && output.errorMessage.trim() ? output.errorMessage.trim() : undefined;
  if (output.cancel) verdict.permission = 'deny';
  if (message) verdict.reason = message;
  if (typeof output.contextModification === 'string' && output.contextModification.trim()) {
    verdict.context = output.contextModification.slice(0, CLINE_CONTEXT_LIMIT);
  }
  return verdict;
}

/** The last line of stdout that is a JSON object, else the whole of it. */
function lastJsonObject(stdout: string): Record<string, unknown> | undefined {
  const lines = stdout.split('\n').map((line) => line.trim());
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!lines[i]!.startsWith('{')) continue;
    const parsed = tryParse(lines[i]!);
    if (parsed) return parsed;
  }
  return tryParse(stdout.trim());
}

function tryParse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function permissionOf(value: unknown): HookPermission | undefined {
  return value === 'allow' || value === 'ask' || value === 'deny' ? value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// One error vocabulary for every tool (behaviour 24), so the UI, statistics and pause rules can group failures.
import type { Said } from '../l10n';

export const ToolErrorType = {
  INVALID_PARAMS: 'invalid_params',
  INVALID_JSON: 'invalid_json',
  TOOL_NOT_REGISTERED: 'tool_not_registered',
  POLICY_VIOLATION: 'policy_violation',
  USER_DENIED: 'user_denied',
  EXECUTION_FAILED: 'execution_failed',
  NO_RESULT: 'no_result',
  TOOL_TIMEOUT: 'tool_timeout',
  CANCELLED: 'cancelled',
  FILE_NOT_FOUND: 'file_not_found',
  FILE_TOO_LARGE: 'file_too_large',
  PERMISSION_DENIED: 'permission_denied',
  PATH_NOT_IN_WORKSPACE: 'path_not_in_workspace',
  TARGET_IS_DIRECTORY: 'target_is_directory',
  EDIT_NO_OCCURRENCE: 'edit_no_occurrence',
  EDIT_MULTIPLE_OCCURRENCES: 'edit_multiple_occurrences',
  EDIT_NO_CHANGE: 'edit_no_change',
  SHELL_ERROR: 'shell_error',
  MCP_ERROR: 'mcp_error',
  SUB_TASK_FAILED: 'sub_task_failed',
} as const;

export type ToolErrorType = (typeof ToolErrorType)[keyof typeof ToolErrorType];

const KNOWN = new Set<string>(Object.values(ToolErrorType));

export function isToolErrorType(value: unknown): value is ToolErrorType {
  return typeof value === 'string' && KNOWN.has(value);
}

/**
 * Thrown by a tool to fail with a specific type; the runtime turns it into an error result, never a crash.
 * Its sentence has two channels (docs/tool-system.md): `message` is the model's English, `uiMessage` the card's
 * text in the display language. Build Relay's own sentences with `l10n.both(...)`; a plain string is for words
 * that are the same in every language (another program's own message, passed on as it came).
 */
export class ToolError extends Error {
  readonly uiMessage: string;

  constructor(
    readonly type: ToolErrorType,
    message: string | Said,
  ) {
    super(typeof message === 'string' ? message : message.model);
    this.uiMessage = typeof message === 'string' ? message : message.ui;
    this.name = 'ToolError';
  }

  /** Both channels of the message, to nest in a larger sentence. */
  get said(): Said {
    return { model: this.message, ui: this.uiMessage };
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Both channels of a caught error: a ToolError's own pair, or any other error's words, the same for both. */
export function errorSaid(error: unknown): Said {
  if (error instanceof ToolError) return error.said;
  const text = errorMessage(error);
  return { model: text, ui: text };
}

/** A string is the same on both channels (a foreign message); a pair is kept. */
export function asSaid(message: string | Said): Said {
  return typeof message === 'string' ? { model: message, ui: message } : message;
}

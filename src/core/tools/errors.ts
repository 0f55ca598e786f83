// One error vocabulary for every tool (behaviour 24), so the UI, statistics and pause rules can group failures.

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

/** Thrown by a tool to fail with a specific type; the runtime turns it into an error result, never a crash. */
export class ToolError extends Error {
  constructor(
    readonly type: ToolErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

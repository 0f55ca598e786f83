// Relay's tools under the names other agents' hooks match on, and their input under those agents' field names,
// so a hook written for Claude Code (`"matcher": "Bash"`, `tool_input.file_path`) works unchanged here.

const CLAUDE_NAMES: Record<string, string> = {
  run_command: 'Bash',
  edit_file: 'Edit',
  apply_patch: 'MultiEdit',
  write_file: 'Write',
  read_file: 'Read',
  search_text: 'Grep',
  find_files: 'Glob',
  list_files: 'LS',
  web_fetch: 'WebFetch',
  todo_write: 'TodoWrite',
  new_task: 'Task',
};

/** Cline's tool names, for its hook scripts. */
const CLINE_NAMES: Record<string, string> = {
  run_command: 'execute_command',
  edit_file: 'replace_in_file',
  write_file: 'write_to_file',
  read_file: 'read_file',
  search_text: 'search_files',
  list_files: 'list_files',
  web_fetch: 'web_fetch',
  new_task: 'new_task',
  attempt_completion: 'attempt_completion',
};

export function claudeToolName(relayName: string): string {
  return CLAUDE_NAMES[relayName] ?? relayName;
}

export function clineToolName(relayName: string): string {
  return CLINE_NAMES[relayName] ?? relayName;
}

/** The input with Claude's field names added beside Relay's (`path` is also `file_path`). */
export function claudeToolInput(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  if (typeof input.path === 'string' && out.file_path === undefined) out.file_path = input.path;
  return out;
}

/**
 * A hook's replacement input onto Relay's field names: a `file_path` it set becomes `path` when the tool has a
 * `path`; other fields are taken as they are. Fields the hook left out keep their value.
 */
export function toRelayInput(original: Record<string, unknown>, updated: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...original };
  for (const [key, value] of Object.entries(updated)) {
    if (key === 'file_path' && 'path' in original) out.path = value;
    else out[key] = value;
  }
  return out;
}

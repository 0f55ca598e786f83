// How carefully to ask before an MCP tool runs: only a read-only hint makes it read-only; a destructive hint,
// or no hint at all, asks like a command.
import type { McpToolAnnotations } from '../ports/mcp';
import type { ToolKind } from '../tools/types';

export function kindFromAnnotations(annotations: McpToolAnnotations | undefined): ToolKind {
  if (annotations?.readOnlyHint === true && annotations.destructiveHint !== true) return 'readonly';
  return 'execute';
}

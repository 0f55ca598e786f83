// How carefully to ask before an MCP tool runs: only a read-only hint makes it read-only; a destructive hint,
// or no hint at all, asks like a command, and the approval says which of them it was, in words (the hints' names
// are the server's protocol, not the user's).
import { l10n, type Said, sentences } from '../l10n';
import type { McpToolAnnotations } from '../ports/mcp';
import type { ToolKind } from '../tools/types';

export function kindFromAnnotations(annotations: McpToolAnnotations | undefined): ToolKind {
  if (annotations?.readOnlyHint === true && annotations.destructiveHint !== true) return 'readonly';
  return 'execute';
}

/** Why an MCP tool that is not read-only needs approval, from its own annotations; undefined for a read-only one. */
export function riskFromAnnotations(annotations: McpToolAnnotations | undefined): Said | undefined {
  if (kindFromAnnotations(annotations) === 'readonly') return undefined;
  const main =
    annotations?.destructiveHint === true
      ? annotations.readOnlyHint === true
        ? l10n.both('The MCP tool says it may delete or overwrite data, although it also says it only reads.')
        : l10n.both('The MCP tool says it may delete or overwrite data.')
      : annotations?.readOnlyHint === false
        ? l10n.both('The MCP tool says it changes things.')
        : l10n.both('The MCP tool does not say that it only reads, so it may change things.');
  const openWorld = annotations?.openWorldHint === true ? l10n.both('It also says it reaches systems outside your machine.') : undefined;
  return sentences(main, openWorld);
}

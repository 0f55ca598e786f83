// Restricted Mode (an untrusted workspace): the model is offered read-only tools only, so it never plans
// around edits or commands that the policy would refuse anyway.
import type { ToolKind } from '../../core/permissions/types';

export interface OfferableTool {
  name: string;
  kind: ToolKind;
}

/** The tools to offer the model: all of them when the workspace is trusted, the read-only ones when not. */
export function filterToolsForTrust<T extends OfferableTool>(tools: readonly T[], trusted: boolean): T[] {
  return trusted ? [...tools] : tools.filter((tool) => tool.kind === 'readonly');
}

// Everything one evaluation needs, gathered once: the request, the rules in effect and the resolved workspace.
import type { CommandContext } from './command-facts';
import type { PathMatchContext } from './path-pattern';
import type { PathStyle, WorkspaceRoots } from './paths';
import type { PolicyRule } from './rules';
import type { ApprovalMode, FileSystemFacts, ToolKind } from './types';

export interface CheckContext {
  toolName: string;
  kind: ToolKind;
  mode: ApprovalMode;
  rules: readonly PolicyRule[];
  facts: FileSystemFacts;
  style: PathStyle;
  roots: WorkspaceRoots;
  commandContext: CommandContext;
  pathMatch: PathMatchContext;
  /** Absolute directory relative paths start from. */
  cwd: string;
}

// A command's pre-approved tools (Claude Code's `allowed-tools`) for the one turn it starts: a call they cover is
// decided as if a user's allow rule covered it (the approval request carries an allow like a hook's, see
// permissions/hook-verdict.ts), so the user's deny and ask rules and Relay's own safety checks (protected files,
// paths outside the workspace, environment injection) still stand. `Bash(git add:*)` covers only a single plain
// command starting with those words; anything compound, piped or redirected is asked as usual.
import { l10n } from '../../l10n';
import type { ApprovalGate } from '../../ports/approval';
import { covers, resolveToolNames } from '../agents/tool-names';

export interface PreApproval {
  /** Relay tool names (or `mcp__…*` prefixes). */
  tools: string[];
  /** For command tools: the command must start with these words. */
  commandPrefix?: string;
}

export interface PreApprovals {
  entries: PreApproval[];
  warnings: string[];
}

/** `Read`, `Bash(git status:*)`, `Bash(npm test)`, `mcp__github__get_issue` onto Relay's tools. */
export function preApprovals(allowedTools: readonly string[], available: ReadonlyMap<string, string>): PreApprovals {
  const entries: PreApproval[] = [];
  const warnings: string[] = [];
  for (const raw of allowedTools) {
    const open = raw.indexOf('(');
    const name = (open > 0 ? raw.slice(0, open) : raw).trim();
    const spec = open > 0 && raw.trimEnd().endsWith(')') ? raw.slice(open + 1, raw.trimEnd().length - 1).trim() : undefined;
    const resolved = resolveToolNames([name], available, 'allow');
    warnings.push(...resolved.warnings);
    if (resolved.names.length === 0) continue;
    const prefix = spec === undefined ? undefined : spec.replace(/:\*$/, '').replace(/\s*\*$/, '').trim();
    entries.push({ tools: resolved.names, ...(prefix !== undefined && prefix !== '' ? { commandPrefix: prefix } : {}) });
  }
  return { entries, warnings };
}

const COMPOUND = /[;&|<>`\n]|\$\(/;

export function preApproves(entries: readonly PreApproval[], toolName: string, command: string | undefined): boolean {
  return entries.some((entry) => {
    if (!covers(entry.tools, toolName)) return false;
    if (entry.commandPrefix === undefined) return true;
    if (command === undefined) return false;
    const line = command.trim();
    if (COMPOUND.test(line)) return false;
    return line === entry.commandPrefix || line.startsWith(`${entry.commandPrefix} `);
  });
}

/** `gate` with the command's pre-approvals; a hook's own answer for the call is kept as it is. */
export function preApprovingGate(gate: ApprovalGate, entries: readonly PreApproval[], commandName: string): ApprovalGate {
  if (entries.length === 0) return gate;
  return {
    approve: (request, signal) => {
      if (request.hook || !preApproves(entries, request.toolName, request.targets.command)) return gate.approve(request, signal);
      const reason = l10n.both('pre-approved for this turn by the command /{0}', commandName);
      return gate.approve({ ...request, hook: { action: 'allow', reason } }, signal);
    },
  };
}

// A command file's shell substitution (`` !`git status` ``): runs only in a trusted workspace, after the same
// decision as a run_command call (the permission policy and, when it asks, the same modal), through the process
// spawner with the command sandbox when it is on (runShortCommand, as hooks and a parallel task's setup).
import { randomUUID } from 'node:crypto';
import { l10n } from '../../../core/l10n';
import type { ApprovalGate } from '../../../core/ports/approval';
import type { CommandSandbox } from '../../../core/ports/command-sandbox';
import { commandEnvironment } from '../../platform/environment';
import { runShortCommand } from '../../processes/short-command';

export interface ShellSubstitutionDeps {
  trusted(): boolean;
  approvals: ApprovalGate;
  /** The first workspace folder: where the command runs. */
  cwd: string | undefined;
  /** The command sandbox when it is on. */
  sandbox?: () => Promise<CommandSandbox | undefined>;
  timeoutMs?: number;
}

export type ShellResult = { ok: true; output: string } | { ok: false; reason: string };

/** Output kept for the prompt: a command's first lines, not a log. */
const MAX_OUTPUT_CHARS = 20_000;
const DEFAULT_TIMEOUT_MS = 30_000;

export async function runShellSubstitution(command: string, deps: ShellSubstitutionDeps, signal: AbortSignal): Promise<ShellResult> {
  if (!deps.trusted()) return { ok: false, reason: l10n.t('A command file\'s shell substitution runs only in a trusted workspace.') };
  const cwd = deps.cwd;
  if (!cwd) return { ok: false, reason: l10n.t('A command file\'s shell substitution needs an open workspace folder.') };
  const decision = await deps.approvals.approve(
    { callId: `slash-${randomUUID()}`, toolName: 'run_command', kind: 'execute', targets: { command, cwd }, args: { command }, summary: command },
    signal,
  );
  if (!decision.allowed) return { ok: false, reason: decision.reason };
  const result = await runShortCommand({
    command,
    cwd,
    env: commandEnvironment(),
    ...(deps.sandbox ? { sandbox: deps.sandbox, scope: { cwd, writableRoots: [cwd] } } : {}),
    timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal,
    outputLimit: MAX_OUTPUT_CHARS,
  });
  if (result.spawnError) return { ok: false, reason: l10n.t('`{0}` could not start: {1}', command, result.spawnError) };
  const code = result.timedOut || result.cancelled ? null : result.exitCode;
  const output = result.output;
  const text = output.length > MAX_OUTPUT_CHARS ? `${output.slice(0, MAX_OUTPUT_CHARS)}\n[…]` : output;
  if (code === 0) return { ok: true, output: text.replace(/\s+$/, '') };
  return { ok: false, reason: l10n.t('`{0}` ended with exit code {1}: {2}', command, code === null ? '?' : String(code), text.trim().slice(0, 500)) };
}

// run_command: a shell command as a process of the task (src/host/processes: its own process group, output through
// pipes, mirrored in a terminal of its own). In the foreground the call waits for the exit, ends early when the
// command asks a question, and moves it to the background at the timeout; with `background: true` it returns once
// the command is ready (a local URL, a listening port, the model's ready_pattern), asks, exits, or a short wait
// passes. Output streams to the card at most ten times a second; the model gets the exit code or the state and
// the output, with what was dropped from a long output's middle said, never hidden. Hosts without processes
// run the command to its end through the CommandRunner.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import type { CommandResult } from '../core/ports/command-runner';
import { HeadTailBuffer } from '../core/text/output-buffer';
import {
  displayBlocks,
  ToolError,
  ToolErrorType,
  type ToolContext,
  type ToolDescription,
  type ToolPreparation,
} from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { requireDirectory } from './file-checks';
import { displayPath, isInWorkspace, resolveToolPath } from './paths';
import { DEFAULT_COMMAND_TIMEOUT_MS, type ToolServices } from './services';
import { filterPattern } from './process-text';
import { runAsProcess } from './run-command-process';
import { Throttle } from './throttle';

export const RUN_COMMAND = 'run_command';

const CARD_UPDATES_PER_SECOND = 10;
/** The card shows the end of the output; this much is kept for it (the model's copy is the runner's). */
const CARD_HEAD_CHARS = 2 * 1024;
const CARD_TAIL_CHARS = 30 * 1024;
/** The runtime's own timeout must not fire before the command's: it gets this much on top. */
const RUNTIME_MARGIN_MS = 60_000;
/** Commands that would open a pager or ask for a password wait forever for a user who is not there. */
const NON_INTERACTIVE_ENV = { PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' };

function parametersFor(maxSeconds: number, defaultSeconds: number) {
  return z.object({
    command: z.string().min(1).describe('The shell command line to run.'),
    cwd: z.string().min(1).optional().describe('Working directory inside the workspace: relative to the workspace root, or absolute. Default: the workspace root.'),
    timeout_seconds: z
      .number()
      .int()
      .min(1)
      .max(maxSeconds)
      .optional()
      .describe(`Foreground: seconds to wait for the end before moving it to the background. Default ${defaultSeconds}, at most ${maxSeconds}.`),
    background: z
      .boolean()
      .optional()
      .describe('Start a server or watcher; return once it is ready. Default false.'),
    ready_pattern: z
      .string()
      .min(1)
      .optional()
      .describe('Regex: an output line matching it means ready.'),
    outside_sandbox: z
      .boolean()
      .optional()
      .describe('Run outside the OS sandbox. Only after a sandboxed run reported that the sandbox blocked something the command needs; the user is asked separately.'),
  });
}

export type RunCommandParams = z.infer<ReturnType<typeof parametersFor>>;

function descriptionFor(defaultSeconds: number): ToolDescription {
  return {
    short: "Runs a shell command in the workspace and returns its exit code and output (stdout and stderr together).",
    long:
      'It runs in a terminal of its own the user can watch. In the foreground the call waits for the end ' +
      `(${defaultSeconds} s by default), then moves a command still running to the background. A command that asks a question returns early with "waiting for input". ` +
      'With background: true the call returns once the command prints a local URL, listens on a port or matches ready_pattern (or after a few seconds), with its id, state, URLs and output so far. ' +
      'A long output keeps its start and its end. ' +
      'When the OS sandbox is on, a foreground command runs in it (writes confined to the workspace, credentials unreadable, network limited) and the result says what it blocked; ' +
      'background commands run outside it, so their servers can be reached.',
    usageNotes: [
      'Prefer read_file, list_files, find_files and search_text for looking at files: they are faster and need no approval.',
      'Chain dependent steps with &&. Pass non-interactive flags (e.g. --yes) where tools offer them.',
      'A non-zero exit code is reported, not treated as a failure of the tool: read the output to see what went wrong.',
      'Background processes keep running across turns until stop_process; the same command in the same folder returns the running one.',
    ],
    examples: [
      { description: 'Run the tests of one package', params: { command: 'npm test', cwd: 'packages/core' } },
      { description: 'A slow build with more time', params: { command: 'npm run build', timeout_seconds: 300 } },
      { description: 'Start the dev server', params: { command: 'npm run dev', background: true } },
    ],
    category: 'shell',
  };
}

export class RunCommandTool extends BuiltinTool<RunCommandParams> {
  readonly name = RUN_COMMAND;
  override readonly displayName = 'Run Command';
  override readonly uiDisplayName = l10n.t('Run Command');
  readonly kind = 'execute' as const;
  override readonly timeoutMs: number;
  protected readonly description: ToolDescription;
  protected readonly schema: ReturnType<typeof parametersFor>;
  private readonly limits: { default: number; max: number };

  constructor(services: ToolServices) {
    super(services);
    this.limits = services.options?.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    this.timeoutMs = this.limits.max + RUNTIME_MARGIN_MS;
    this.schema = parametersFor(Math.floor(this.limits.max / 1000), Math.floor(this.limits.default / 1000));
    this.description = descriptionFor(Math.floor(this.limits.default / 1000));
  }

  async prepare(params: RunCommandParams, ctx: ToolContext): Promise<ToolPreparation> {
    const cwd = await this.workingDirectory(params, ctx.signal);
    return { targets: { command: params.command, cwd }, summary: l10n.t('Run `{0}` in {1}', params.command, displayPath(cwd, this.roots())) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.command !== 'string') return;
    ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Run {0}', params.command), blocks: [displayBlocks.terminal(params.command, '')] });
  }

  protected async run(params: RunCommandParams, ctx: ToolContext): Promise<void> {
    const cwd = await this.workingDirectory(params, ctx.signal);
    const timeoutMs = params.timeout_seconds !== undefined ? params.timeout_seconds * 1000 : this.limits.default;
    if (params.ready_pattern !== undefined) filterPattern(params.ready_pattern, 'ready_pattern');
    if (this.services.processes) {
      await runAsProcess(this.services.processes, { ...params, cwd, timeoutMs, where: displayPath(cwd, this.roots()), roots: this.roots(), ...(this.services.commandEnv ? { env: this.services.commandEnv } : {}) }, ctx);
      return;
    }
    if (params.background) throw new ToolError(ToolErrorType.EXECUTION_FAILED, l10n.both('Background processes are not available in this host.'));
    const card = new HeadTailBuffer(CARD_HEAD_CHARS, CARD_TAIL_CHARS);
    const throttle = new Throttle(1000 / CARD_UPDATES_PER_SECOND);
    const showTip = l10n.t('Running {0}', params.command);
    const sendCard = () =>
      ctx.sendToolStatus(ctx.callId, 'DOING', {
        showTip,
        blocks: [displayBlocks.terminal(params.command, card.toString(), undefined, card.droppedChars > 0)],
      });
    sendCard();
    let result: CommandResult;
    try {
      result = await this.services.commands.run({ command: params.command, cwd, timeoutMs, env: { ...this.services.commandEnv, ...NON_INTERACTIVE_ENV } }, ctx.signal, (chunk) => {
        card.append(chunk);
        throttle.schedule(sendCard);
      });
    } finally {
      throttle.cancel(); // the final status below replaces any update still waiting
    }

    const text = modelText(params.command, displayPath(cwd, this.roots()), result, timeoutMs);
    const block = displayBlocks.terminal(params.command, card.toString(), result.exitCode, card.droppedChars > 0 || result.droppedBytes > 0);
    const metadata = { exitCode: result.exitCode, transport: result.transport, durationMs: result.durationMs, droppedChars: result.droppedBytes };
    if (result.cancelled || ctx.signal.aborted) {
      // The runtime reports the cancellation; this is the output it keeps with it.
      ctx.setToolResult(ctx.callId, text, { keep: 'head_and_tail' });
      ctx.sendToolStatus(ctx.callId, 'DOING', { showTip, blocks: [block], metadata });
      return;
    }
    if (result.timedOut) {
      ctx.setToolResult(ctx.callId, text, { error: ToolErrorType.SHELL_ERROR, keep: 'head_and_tail' });
      ctx.sendToolStatus(ctx.callId, 'ERROR', {
        error: l10n.t('Timed out after {0} s', Math.round(timeoutMs / 1000)),
        errorType: ToolErrorType.SHELL_ERROR,
        blocks: [block],
        metadata,
      });
      return;
    }
    const outcome = result.exitCode === undefined ? 'no exit code' : `exit ${result.exitCode}`;
    this.succeed(ctx, text, { showTip: l10n.t('Ran {0} ({1})', params.command, result.exitCode === undefined ? l10n.t('no exit code') : l10n.t('exit {0}', result.exitCode)), result: outcome, blocks: [block], metadata }, { keep: 'head_and_tail' });
  }

  /** The directory the command runs in: an existing directory inside the workspace. */
  private async workingDirectory(params: RunCommandParams, signal: AbortSignal): Promise<string> {
    const roots = this.roots();
    const cwd = resolveToolPath(params.cwd ?? '.', roots);
    if (!isInWorkspace(cwd, roots)) {
      throw new ToolError(ToolErrorType.PATH_NOT_IN_WORKSPACE, l10n.both('The working directory {0} is outside the workspace; commands run inside it.', cwd));
    }
    await requireDirectory(this.services, cwd, signal);
    return cwd;
  }
}

export function modelText(command: string, where: string, result: CommandResult, timeoutMs: number): string {
  const lines = [`Command: ${command}`, `Directory: ${where}`];
  if (result.cancelled) lines.push('Cancelled: the command was stopped before it finished.');
  else if (result.timedOut) lines.push(`Timed out after ${seconds(timeoutMs)}: the command was killed. Raise timeout_seconds if it needs longer, or run something shorter.`);
  else if (result.exitCode === undefined) lines.push('Exit code: not reported by the shell.');
  else lines.push(`Exit code: ${result.exitCode}`);
  if (result.droppedBytes > 0) {
    lines.push(`The output was too long: ${result.droppedBytes} characters from its middle were dropped; its start and end are below.`);
  }
  const output = result.output.replace(/\s+$/, '');
  lines.push(output === '' ? 'Output: (none)' : `Output:\n${output}`);
  return lines.join('\n');
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}

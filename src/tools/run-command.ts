// run_command: a shell command through the host's CommandRunner (a VS Code terminal with shell integration, or a
// child process when that is unavailable). Output streams to the card at most ten times a second; the model gets
// the exit code and the output, with what was dropped from a long output's middle said, never hidden.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import type { CommandResult } from '../core/ports/command-runner';
import { HeadTailBuffer } from '../core/text/output-buffer';
import { sandboxReport } from '../core/sandbox/report';
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
      .describe(`Kill the command after this many seconds. Default ${defaultSeconds}, at most ${maxSeconds}.`),
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
      'The command runs in a terminal the user can watch. It is non-interactive: nothing can be typed into it, so avoid commands that prompt or wait for input, ' +
      `and do not start servers or watchers that never exit (they are killed at the timeout, ${defaultSeconds} s by default). ` +
      'A long output keeps its start and its end; the result says how much was left out.',
    usageNotes: [
      'Prefer read_file, list_files, find_files and search_text for looking at files: they are faster and need no approval.',
      'Chain dependent steps with &&. Pass flags that make tools non-interactive (e.g. --yes, CI=1) when they offer them.',
      'A non-zero exit code is reported, not treated as a failure of the tool: read the output to see what went wrong.',
    ],
    examples: [
      { description: 'Run the tests of one package', params: { command: 'npm test', cwd: 'packages/core' } },
      { description: 'A slow build with more time', params: { command: 'npm run build', timeout_seconds: 300 } },
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
      const request = { command: params.command, cwd, timeoutMs, env: NON_INTERACTIVE_ENV, taskId: ctx.taskId, ...(params.outside_sandbox ? { sandbox: 'outside' as const } : {}) };
      result = await this.services.commands.run(request, ctx.signal, (chunk) => {
        card.append(chunk);
        throttle.schedule(sendCard);
      });
    } finally {
      throttle.cancel(); // the final status below replaces any update still waiting
    }

    const report = result.sandbox ? sandboxReport(result.sandbox.violations) : undefined;
    const text = modelText(params.command, displayPath(cwd, this.roots()), result, timeoutMs) + (report ? `\n${report.model}` : '');
    const terminal = displayBlocks.terminal(params.command, card.toString(), result.exitCode, card.droppedChars > 0 || result.droppedBytes > 0);
    const blocks = report ? [terminal, displayBlocks.text(report.ui)] : [terminal];
    const metadata = {
      exitCode: result.exitCode,
      transport: result.transport,
      durationMs: result.durationMs,
      droppedChars: result.droppedBytes,
      ...(result.sandbox ? { sandboxed: true, sandboxViolations: result.sandbox.violations.length } : {}),
    };
    if (result.cancelled || ctx.signal.aborted) {
      // The runtime reports the cancellation; this is the output it keeps with it.
      ctx.setToolResult(ctx.callId, text, { keep: 'head_and_tail' });
      ctx.sendToolStatus(ctx.callId, 'DOING', { showTip, blocks, metadata });
      return;
    }
    if (result.timedOut) {
      ctx.setToolResult(ctx.callId, text, { error: ToolErrorType.SHELL_ERROR, keep: 'head_and_tail' });
      ctx.sendToolStatus(ctx.callId, 'ERROR', {
        error: l10n.t('Timed out after {0} s', Math.round(timeoutMs / 1000)),
        errorType: ToolErrorType.SHELL_ERROR,
        blocks,
        metadata,
      });
      return;
    }
    const outcome = result.exitCode === undefined ? 'no exit code' : `exit ${result.exitCode}`;
    this.succeed(ctx, text, { showTip: l10n.t('Ran {0} ({1})', params.command, result.exitCode === undefined ? l10n.t('no exit code') : l10n.t('exit {0}', result.exitCode)), result: outcome, blocks, metadata }, { keep: 'head_and_tail' });
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

function modelText(command: string, where: string, result: CommandResult, timeoutMs: number): string {
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

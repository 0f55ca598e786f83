// run_command through the task's processes: start (or reuse) the process, stream its output to the card, wait
// for what ends this call (foreground: the exit, a question, the timeout; background: ready, a question, the
// exit, a short wait), and tell the model the state, the URLs and the output so far.
import { l10n } from '../core/l10n';
import { ProcessLimitError, type ProcessInfo, type SettleReason, type TaskProcesses } from '../core/ports/processes';
import { sandboxReport } from '../core/sandbox/report';
import { HeadTailBuffer } from '../core/text/output-buffer';
import { displayBlocks, ToolError, ToolErrorType, type ToolContext } from '../core/tools';
import { duration, outputSection, processLines, processMetadata, uiStateText } from './process-text';
import { Throttle } from './throttle';
import { displayPath } from './paths';

const CARD_UPDATES_PER_SECOND = 10;
const CARD_HEAD_CHARS = 2 * 1024;
const CARD_TAIL_CHARS = 30 * 1024;
/** How long a background command may take to become ready before the call returns anyway. */
export const BACKGROUND_WAIT_MS = 10_000;

export interface ProcessRun {
  command: string;
  cwd: string;
  where: string;
  timeoutMs: number;
  background?: boolean;
  ready_pattern?: string;
  /** The user approved running it outside the OS sandbox. */
  outside_sandbox?: boolean;
  roots: readonly string[];
  /** Variables added to the command's environment. */
  env?: Readonly<Record<string, string>>;
}

export async function runAsProcess(processes: TaskProcesses, run: ProcessRun, ctx: ToolContext): Promise<void> {
  const card = new HeadTailBuffer(CARD_HEAD_CHARS, CARD_TAIL_CHARS);
  const throttle = new Throttle(1000 / CARD_UPDATES_PER_SECOND);
  const showTip = l10n.t('Running {0}', run.command);
  let id: string | undefined;
  const sendCard = (info?: ProcessInfo) =>
    ctx.sendToolStatus(ctx.callId, 'DOING', {
      showTip,
      blocks: [displayBlocks.terminal(run.command, card.toString(), undefined, card.droppedChars > 0)],
      ...(info ? { metadata: processMetadata(info) } : {}),
    });
  sendCard();
  const sub = processes.onDidChange((change) => {
    if (change.info.id !== id || !change.output) return;
    card.append(change.output);
    throttle.schedule(() => sendCard());
  });
  let reason: SettleReason;
  let started;
  try {
    try {
      started = await processes.start({ taskId: ctx.taskId, command: run.command, cwd: run.cwd, background: run.background ?? false, readyPattern: run.ready_pattern, writableRoots: run.roots, outsideSandbox: run.outside_sandbox === true, ...(run.env ? { env: run.env } : {}) });
    } catch (error) {
      if (error instanceof ProcessLimitError) {
        throw new ToolError(
          ToolErrorType.EXECUTION_FAILED,
          l10n.both('{0} background processes are already running in this workspace, the most allowed (setting relay.processes.maxBackground). Stop one with stop_process first (list_processes shows them).', error.limit),
        );
      }
      throw error;
    }
    id = started.info.id;
    if (started.reused) card.append(processes.tail(id, CARD_TAIL_CHARS));
    sendCard(started.info);
    reason = started.reused
      ? 'ready'
      : await processes.settle(id, run.background ? { until: 'ready', timeoutMs: Math.min(BACKGROUND_WAIT_MS, run.timeoutMs), signal: ctx.signal } : { until: 'end', timeoutMs: run.timeoutMs, signal: ctx.signal });
  } finally {
    sub.dispose();
    throttle.cancel();
  }

  const processId = id;
  if (reason === 'cancelled') {
    const info = await processes.stop(processId);
    const read = processes.read(processId);
    const text = [`Command: ${run.command}`, `Directory: ${run.where}`, 'Cancelled: the command was stopped before it finished.', outputSection('Output', read ?? { text: '', dropped: 0 }, info?.logPath)].join('\n');
    ctx.setToolResult(ctx.callId, text, { keep: 'head_and_tail', alreadyTruncated: true });
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip, blocks: [displayBlocks.terminal(run.command, card.toString(), undefined, card.droppedChars > 0)], ...(info ? { metadata: processMetadata(info) } : {}) });
    return;
  }

  if (reason === 'timeout' && !run.background) {
    try {
      processes.moveToBackground(processId);
    } catch {
      // never thrown today; the state below says what happened
    }
  }
  const read = processes.read(processId)!;
  const info = read.info;
  const lines = [`Command: ${run.command}`, `Directory: ${run.where}`];
  if (started.reused) lines.push(`Already running: the same command in the same folder was started earlier as ${info.id}; this is that process. Stop it with stop_process to start it afresh.`);
  if (reason === 'ended') {
    if (info.state === 'stopped') lines.push('Stopped before it finished.');
    else lines.push(info.exitSignal ? `Ended by signal ${info.exitSignal}.` : `Exit code: ${info.exitCode ?? 'unknown'}`);
  } else {
    lines.push(...processLines(info));
    if (reason === 'waiting-for-input') {
      lines.push(`Waiting for input: ${info.prompt ?? ''}`.trim());
      lines.push(`The command asked a question and is waiting. Answer it with send_input (id ${info.id}), or stop it with stop_process and rerun it with a non-interactive flag, or ask the user.`);
    } else if (reason === 'timeout' && !run.background) {
      lines.push(`Still running after ${duration(run.timeoutMs)}: moved to the background as ${info.id}, not killed. Read its output later with read_output, stop it with stop_process.`);
    } else if (reason === 'timeout') {
      lines.push(`No local URL, listening port or ready line within ${duration(Math.min(BACKGROUND_WAIT_MS, run.timeoutMs))}; it keeps running. Check on it with read_output (wait_seconds waits for new output).`);
    } else if (reason === 'ready') {
      lines.push(`Running in the background. Read new output with read_output, stop it with stop_process when done.`);
    }
  }
  if (info.sandbox && reason !== 'ended') {
    lines.push(
      info.ports.length > 0
        ? 'It runs in the OS sandbox, whose network is its own; the ports listed above are carried out of it and can be reached here.'
        : 'It runs in the OS sandbox, whose network is its own: a server it starts can be reached from outside it only on the ports Relay lists for it (none yet).',
    );
  }
  lines.push(outputSection(reason === 'ended' ? 'Output' : 'Output so far', read, info.logPath));
  const report = info.sandbox && reason === 'ended' ? sandboxReport(info.sandbox.violations, (p) => displayPath(p, run.roots)) : undefined;
  if (report) lines.push(report.model);
  const text = lines.join('\n');
  const exitCode = reason === 'ended' && info.state === 'exited' && typeof info.exitCode === 'number' ? info.exitCode : undefined;
  const terminal = displayBlocks.terminal(run.command, card.toString(), exitCode, card.droppedChars > 0 || read.dropped > 0);
  const blocks = report ? [terminal, displayBlocks.text(report.ui)] : [terminal];
  const metadata = {
    ...processMetadata(info),
    exitCode,
    transport: 'process',
    durationMs: Date.now() - info.startedAt,
    ...(info.sandbox ? { sandboxed: true, sandboxViolations: info.sandbox.violations.length } : {}),
  };
  const tip =
    reason === 'ended'
      ? l10n.t('Ran {0} ({1})', run.command, exitCode === undefined ? uiStateText(info) : l10n.t('exit {0}', exitCode))
      : // Still running: the command, as a person names it; its state is the card's, which follows the process (the
        // chat's process card), and its id is on the card's process row. "p1: node server.js (ready)" kept "ready" after it stopped.
        run.command;
  const result = reason === 'ended' ? (exitCode === undefined ? stateSummary(info) : `exit ${exitCode}`) : `${info.id} ${info.state}`;
  ctx.setToolResult(ctx.callId, text, { keep: 'head_and_tail', alreadyTruncated: true });
  ctx.sendToolStatus(ctx.callId, 'SUCCESS', { result, showTip: tip, blocks, metadata });
}

function stateSummary(info: ProcessInfo): string {
  return info.exitSignal ? `ended by ${info.exitSignal}` : info.state;
}

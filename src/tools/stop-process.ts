// stop_process: interrupt, then terminate, then kill the whole process group of one of the task's processes,
// and return its final output. Only processes this task started can be named.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { displayBlocks, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { outputSection, processesOf, processLines, processMetadata, stateText, taskProcess, uiStateText } from './process-text';

export const STOP_PROCESS = 'stop_process';

const parameters = z.object({
  id: z.string().min(1).describe('Process id (p1, …).'),
});

export type StopProcessParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Stops a process of this task (interrupt, terminate, kill its process group); returns its last output.',
  usageNotes: ['Stop servers and watchers once done.'],
  examples: [{ params: { id: 'p1' } }],
  category: 'shell',
};

export class StopProcessTool extends BuiltinTool<StopProcessParams> {
  readonly name = STOP_PROCESS;
  override readonly displayName = 'Stop Process';
  override readonly uiDisplayName = l10n.t('Stop Process');
  // It ends only what this task itself started; nothing else can be named.
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: StopProcessParams): Promise<ToolPreparation> {
    return { targets: {}, summary: l10n.t('Stop {0}', params.id) };
  }

  protected async run(params: StopProcessParams, ctx: ToolContext): Promise<void> {
    const processes = processesOf(this.services);
    const before = taskProcess(processes, ctx.taskId, params.id);
    const wasLive = before.state !== 'exited' && before.state !== 'stopped';
    await processes.stop(params.id);
    const read = processes.read(params.id)!;
    const info = read.info;
    const lines = [`Command: ${info.command}`, ...processLines(info)];
    lines.push(wasLive ? `Stopped: ${stateText(info)}.` : `It had already ended (${stateText(before)}).`);
    lines.push(outputSection('Last output', read, info.logPath));
    this.succeed(
      ctx,
      lines.join('\n'),
      { showTip: l10n.t('Stopped {0} ({1})', info.id, uiStateText(info)), result: `${info.id} ${info.state}`, blocks: [displayBlocks.terminal(info.command, read.text)], metadata: processMetadata(info) },
      { keep: 'head_and_tail', alreadyTruncated: true },
    );
  }
}

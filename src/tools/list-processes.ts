// list_processes: each of the task's processes with its command, state, uptime, URLs and when it last printed.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { displayBlocks, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { duration, processesOf, stateText } from './process-text';

export const LIST_PROCESSES = 'list_processes';

const parameters = z.object({});

export type ListProcessesParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: "Lists this task's processes: state, uptime, URLs, last output.",
  usageNotes: ['Each runs until stopped or the task is deleted.'],
  examples: [{ params: {} }],
  category: 'shell',
};

export class ListProcessesTool extends BuiltinTool<ListProcessesParams> {
  readonly name = LIST_PROCESSES;
  override readonly displayName = 'List Processes';
  override readonly uiDisplayName = l10n.t('List Processes');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(): Promise<ToolPreparation> {
    return { targets: {}, summary: l10n.t('List the task\'s processes') };
  }

  protected async run(_params: ListProcessesParams, ctx: ToolContext): Promise<void> {
    const list = processesOf(this.services).list(ctx.taskId);
    const now = Date.now();
    const rows = list.map((p) => {
      const parts = [`${p.id}: ${p.command}`, `state: ${stateText(p)}`];
      if (p.state !== 'exited' && p.state !== 'stopped') parts.push(`up ${duration(now - p.startedAt)}`);
      if (p.urls.length) parts.push(`URLs: ${p.urls.join(' ')}`);
      if (p.ports.length) parts.push(`listening: ${p.ports.join(', ')}`);
      parts.push(p.lastOutputAt ? `last output ${duration(now - p.lastOutputAt)} ago` : 'no output yet');
      return parts.join('; ');
    });
    const text = rows.length ? rows.join('\n') : 'This task has started no processes.';
    const live = list.filter((p) => p.state !== 'exited' && p.state !== 'stopped').length;
    this.succeed(ctx, text, { showTip: l10n.t('{0} processes, {1} running', list.length, live), result: `${live} running`, blocks: [displayBlocks.text(text)] });
  }
}

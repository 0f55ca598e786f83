// read_output: what a process of the task printed since the model last read it, optionally only the lines that
// match a filter (the rest stays unread), optionally waiting for new output first. Long output keeps its start
// and end; the full log's path is given.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { displayBlocks, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import type { ProcessOutputRead } from '../core/ports/processes';
import { BuiltinTool } from './builtin-tool';
import { filterPattern, outputSection, processesOf, processLines, processMetadata, taskProcess, uiStateText } from './process-text';

export const READ_OUTPUT = 'read_output';
const MAX_WAIT_SECONDS = 60;

const parameters = z.object({
  id: z.string().min(1).describe('Process id (p1, …).'),
  filter: z.string().min(1).optional().describe('Regex (case-insensitive): only new lines that match; the rest stays unread.'),
  wait_seconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .optional()
    .describe(`Wait up to this long for new output. Default 0, at most ${MAX_WAIT_SECONDS}.`),
});

export type ReadOutputParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Returns what a background process printed since your last read, with its state and URLs.',
  usageNotes: ["After an edit, wait_seconds gives a server or watcher time to react."],
  examples: [{ params: { id: 'p2', filter: 'error', wait_seconds: 10 } }],
  category: 'shell',
};

function shown(read: ProcessOutputRead): boolean {
  return read.matchedLines !== undefined ? read.matchedLines > 0 : read.text !== '' || read.dropped > 0;
}

/** Two consecutive reads as one (the later state). */
function merge(a: ProcessOutputRead, b: ProcessOutputRead): ProcessOutputRead {
  const text = [a.text, b.text].filter((t) => t !== '').join(a.matchedLines !== undefined ? '\n' : '');
  return { ...b, text, dropped: a.dropped + b.dropped, ...(a.head ? { head: a.head } : {}), ...(b.matchedLines !== undefined ? { matchedLines: (a.matchedLines ?? 0) + b.matchedLines } : {}) };
}

export class ReadOutputTool extends BuiltinTool<ReadOutputParams> {
  readonly name = READ_OUTPUT;
  override readonly displayName = 'Read Output';
  override readonly uiDisplayName = l10n.t('Read Output');
  readonly kind = 'readonly' as const;
  override readonly timeoutMs = (MAX_WAIT_SECONDS + 30) * 1000;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: ReadOutputParams): Promise<ToolPreparation> {
    return { targets: {}, summary: l10n.t('Read the output of {0}', params.id) };
  }

  protected async run(params: ReadOutputParams, ctx: ToolContext): Promise<void> {
    const processes = processesOf(this.services);
    taskProcess(processes, ctx.taskId, params.id);
    const filter = params.filter !== undefined ? filterPattern(params.filter, 'filter') : undefined;
    // With a wait, the call returns once there is something to show: new output, or with a filter a matching line.
    const deadline = Date.now() + (params.wait_seconds ?? 0) * 1000;
    let read = processes.read(params.id, filter)!;
    while (!shown(read) && read.info.state !== 'exited' && read.info.state !== 'stopped' && Date.now() < deadline && !ctx.signal.aborted) {
      await processes.waitForOutput(params.id, deadline - Date.now(), ctx.signal, filter);
      read = merge(read, processes.read(params.id, filter)!);
    }
    const info = read.info;
    const lines = [`Command: ${info.command}`, ...processLines(info)];
    if (filter) {
      lines.push(`Filter /${params.filter}/: ${read.matchedLines ?? 0} matching new lines. ${read.unreadLines ?? 0} lines stay unread (read without filter to see them).`);
    }
    lines.push(outputSection(filter ? 'Matching lines' : 'New output', read, info.logPath));
    const text = lines.join('\n');
    this.succeed(
      ctx,
      text,
      {
        showTip: l10n.t('Output of {0} ({1})', info.id, uiStateText(info)),
        result: `${info.id} ${info.state}`,
        blocks: [displayBlocks.terminal(info.command, read.text)],
        metadata: processMetadata(info),
      },
      { keep: 'head_and_tail', alreadyTruncated: true },
    );
  }
}

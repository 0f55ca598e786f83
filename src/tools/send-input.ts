// send_input: text for a process of the task that waits for input (an answer to its question). Asks like a
// command, showing the text; Enter (a newline) follows it.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { displayBlocks, ToolError, ToolErrorType, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { outputSection, processesOf, processLines, processMetadata, taskProcess, uiStateText } from './process-text';

export const SEND_INPUT = 'send_input';
/** How long the process gets to react before the result shows what it printed. */
const REACTION_MS = 1_500;

const parameters = z.object({
  id: z.string().min(1).describe('Process id (p1, …).'),
  text: z.string().describe('The answer; Enter is pressed after it.'),
});

export type SendInputParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Answers a process that is waiting for input, and returns what it printed next.',
  usageNotes: ['Never type passwords or secrets: ask the user to answer in the terminal.'],
  examples: [{ params: { id: 'p1', text: 'y' } }],
  category: 'shell',
};

export class SendInputTool extends BuiltinTool<SendInputParams> {
  readonly name = SEND_INPUT;
  override readonly displayName = 'Send Input';
  override readonly uiDisplayName = l10n.t('Send Input');
  readonly kind = 'execute' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: SendInputParams, ctx: ToolContext): Promise<ToolPreparation> {
    const info = taskProcess(processesOf(this.services), ctx.taskId, params.id);
    return { targets: { command: params.text, cwd: info.cwd }, summary: l10n.t('Type `{0}` into {1} ({2})', params.text, info.id, info.command) };
  }

  protected async run(params: SendInputParams, ctx: ToolContext): Promise<void> {
    const processes = processesOf(this.services);
    const before = taskProcess(processes, ctx.taskId, params.id);
    const input = params.text.endsWith('\n') ? params.text : `${params.text}\n`;
    processes.read(params.id); // what came before the answer was shown already; the result shows the reaction
    if (!processes.sendInput(params.id, input)) {
      throw new ToolError(ToolErrorType.EXECUTION_FAILED, l10n.both('{0} takes no input now: it is {1}.', before.id, before.state));
    }
    await processes.waitForOutput(params.id, REACTION_MS, ctx.signal);
    // A question is answered by more than one line at times: a moment more once output started.
    await processes.settle(params.id, { until: 'ready', timeoutMs: 300, signal: ctx.signal });
    const read = processes.read(params.id)!;
    const info = read.info;
    const text = [`Sent to ${info.id}: ${JSON.stringify(params.text)} + Enter`, ...processLines(info), outputSection('Output since', read, info.logPath)].join('\n');
    this.succeed(
      ctx,
      text,
      { showTip: l10n.t('Sent input to {0} ({1})', info.id, uiStateText(info)), result: `${info.id} ${info.state}`, blocks: [displayBlocks.terminal(info.command, read.text)], metadata: processMetadata(info) },
      { keep: 'head_and_tail', alreadyTruncated: true },
    );
  }
}

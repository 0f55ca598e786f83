// todo_write: the task's checklist, replaced whole on every call; shown on the card and kept by the host's
// TodoSink. The result echoes the list so the model sees exactly what it now is.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { displayBlocks, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import type { TodoItem } from './services';

export const TODO_WRITE = 'todo_write';

const MARKS: Record<TodoItem['status'], string> = { pending: '[ ]', in_progress: '[~]', done: '[x]' };

const parameters = z.object({
  todos: z
    .array(
      z.object({
        text: z.string().min(1).describe('What to do, in a few words.'),
        status: z.enum(['pending', 'in_progress', 'done']).describe('Where the item stands.'),
      }),
    )
    .describe('The complete checklist, in order; it replaces the previous one.'),
});

export type TodoWriteParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Writes the task checklist: the complete list of steps and their status, replacing the previous list.',
  usageNotes: [
    'Use it for work of three or more steps: write the plan at the start, then send the whole list again whenever a step starts or finishes.',
    'Keep one item in_progress at a time, and mark items done as soon as they are, not in batches.',
    'Send an empty list to clear it.',
  ],
  examples: [
    {
      params: {
        todos: [
          { text: 'Add the slug helper', status: 'done' },
          { text: 'Use it in the router', status: 'in_progress' },
          { text: 'Run the tests', status: 'pending' },
        ],
      },
    },
  ],
  category: 'planning',
};

export class TodoWriteTool extends BuiltinTool<TodoWriteParams> {
  readonly name = TODO_WRITE;
  override readonly displayName = 'Update Todos';
  override readonly uiDisplayName = l10n.t('Update Todos');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(): Promise<ToolPreparation> {
    return { targets: {}, summary: l10n.t('Update the checklist') };
  }

  protected async run(params: TodoWriteParams, ctx: ToolContext): Promise<void> {
    const items: TodoItem[] = params.todos.map((t) => ({ text: t.text, status: t.status }));
    this.services.todos.update(ctx.taskId, items);
    const done = items.filter((i) => i.status === 'done').length;
    const text =
      items.length === 0
        ? 'The checklist is now empty.'
        : [`Checklist updated (${done} of ${items.length} done):`, ...items.map((i) => `${MARKS[i.status]} ${i.text}`)].join('\n');
    this.succeed(ctx, text, { showTip: l10n.t('Checklist: {0}/{1} done', done, items.length), result: `${done}/${items.length} done`, blocks: [displayBlocks.todo(items)] });
  }
}

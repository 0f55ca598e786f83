// ask_followup_question: a question for the user, drawn in the chat (with optional answers to pick from); the
// answer comes back through UserQuestions and goes to the model. Cancelling the task cancels the question.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { displayBlocks, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';

export const ASK_FOLLOWUP_QUESTION = 'ask_followup_question';

const parameters = z.object({
  question: z.string().min(1).describe('The question, clear and specific.'),
  options: z.array(z.string().min(1)).min(2).max(6).optional().describe('2-6 suggested answers the user can pick with one click; they can still write their own.'),
});

export type AskFollowupQuestionParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Asks the user a question and waits for the answer.',
  usageNotes: [
    'Ask only what you cannot find out with the other tools: preferences, intent, or a choice between real alternatives.',
    'Offer options when the likely answers are known; the user may still answer in their own words.',
  ],
  examples: [
    { params: { question: 'Should the new endpoint require authentication?', options: ['Yes, like the others', 'No, it is public'] } },
  ],
  category: 'interaction',
};

export class AskFollowupQuestionTool extends BuiltinTool<AskFollowupQuestionParams> {
  readonly name = ASK_FOLLOWUP_QUESTION;
  override readonly displayName = 'Ask Question';
  override readonly uiDisplayName = l10n.t('Ask Question');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: AskFollowupQuestionParams): Promise<ToolPreparation> {
    return { targets: {}, summary: l10n.t('Ask: {0}', params.question) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.question !== 'string') return;
    const options = Array.isArray(params.options) ? params.options.filter((o): o is string => typeof o === 'string') : undefined;
    ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Asking a question'), blocks: [displayBlocks.question(params.question, options)] });
  }

  protected async run(params: AskFollowupQuestionParams, ctx: ToolContext): Promise<void> {
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Waiting for your answer'), blocks: [displayBlocks.question(params.question, params.options)] });
    const answer = await this.services.questions.ask(ctx.callId, params.question, params.options, ctx.signal);
    const answered = { ...displayBlocks.question(params.question, params.options), answered: answer };
    this.succeed(ctx, `The user answered: ${answer}`, { showTip: l10n.t('Answered'), result: answer, blocks: [answered] });
  }
}

// ask_followup_question: the question, its suggested answers as buttons, and a free-text answer.
// Answering disables the block at once; the host's next status (with `answered`) redraws it.
import type { DisplayBlock } from '../../../src/shared/chat-model';
import { h } from '../../dom';
import { stringField, type BlockContext } from './context';
import { t } from '../../strings';

export function renderQuestionBlock(block: DisplayBlock, ctx: BlockContext): HTMLElement {
  const { doc } = ctx;
  const fields = block as Record<string, unknown>;
  const question = stringField(block, 'question');
  const node = h(doc, 'div', { className: 'block block-question' }, [h(doc, 'p', { className: 'question-text', text: question })]);
  if (typeof fields.answered === 'string') {
    node.append(h(doc, 'p', { className: 'question-answered', text: t('answered', String(fields.answered)) }));
    return node;
  }
  const controls: (HTMLButtonElement | HTMLInputElement)[] = [];
  const answer = (text: string) => {
    for (const control of controls) control.disabled = true;
    node.classList.add('answer-sent');
    ctx.actions.answerQuestion(ctx.callId, text);
  };
  const options = Array.isArray(fields.options) ? fields.options.map(String) : [];
  if (options.length > 0) {
    const group = h(doc, 'div', { className: 'question-options', attrs: { role: 'group', 'aria-label': t('suggestedAnswers') } });
    for (const option of options) {
      const choice = h(doc, 'button', { className: 'secondary-button', text: option, attrs: { type: 'button' } });
      choice.addEventListener('click', () => answer(option));
      controls.push(choice);
      group.append(choice);
    }
    node.append(group);
  }
  const input = h(doc, 'input', { className: 'question-input', attrs: { type: 'text', 'aria-label': t('answerTo', question), placeholder: t('typeAnswer') } });
  const send = h(doc, 'button', { className: 'primary-button', text: t('answer'), attrs: { type: 'submit' } });
  const form = h(doc, 'form', { className: 'question-form' }, [input, send]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) answer(text);
  });
  controls.push(input, send);
  node.append(form);
  return node;
}

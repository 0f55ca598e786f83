// Handoffs: after a turn in an agent that has them (Copilot's `handoffs`), one button each that continues in another
// agent: it switches the agent and sends the handoff's prompt, or puts it in the chat box to edit first.
import type { AgentHandoff, SessionSettings, TaskView } from '../../src/shared/chat-model';
import { button, h } from '../dom';
import { t } from '../strings';

export interface HandoffActions {
  handoff(handoff: AgentHandoff): void;
}

export class HandoffBar {
  readonly element: HTMLElement;

  constructor(
    private readonly doc: Document,
    private readonly actions: HandoffActions,
  ) {
    this.element = h(doc, 'div', { className: 'handoffs', data: { testid: 'handoffs' }, attrs: { role: 'group', 'aria-label': t('handoffs') } });
    this.element.hidden = true;
  }

  /** Shown once a turn of the task on screen has ended, for the selected agent's handoffs. */
  render(settings: SessionSettings, task: TaskView | undefined, hasItems: boolean): void {
    const agents = settings.agents;
    const selected = agents?.choices.find((agent) => agent.id === agents.selected);
    const handoffs = selected?.handoffs ?? [];
    const show = handoffs.length > 0 && task !== undefined && !task.running && hasItems;
    this.element.hidden = !show;
    if (!show) return this.element.replaceChildren();
    const nameOf = (id: string) => agents?.choices.find((agent) => agent.id === id)?.name ?? id;
    this.element.replaceChildren(
      ...handoffs.map((handoff) => {
        const node = button(this.doc, handoff.label, 'handoff-button', () => this.actions.handoff(handoff));
        node.dataset.agent = handoff.agent;
        node.title = handoff.send && handoff.prompt ? t('handoffTitle', nameOf(handoff.agent), handoff.prompt) : t('handoffFillTitle', nameOf(handoff.agent), handoff.prompt ?? '');
        return node;
      }),
    );
  }
}

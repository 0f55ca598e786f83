// The panel's top: title, connection/workspace status, the current task with its usage, and the History and
// New task buttons.
import { formatCompact, formatCount, formatUsd, formatWindow } from '../../src/shared/format-numbers';
import type { ContextMeter, ProviderStatus, TaskUsage, TaskView, TurnModel } from '../../src/shared/chat-model';
import type { InitialState } from '../../src/shared/protocol';
import type { TaskPhase } from '../../src/shared/task-phase';
import { KEY_STATUS, PHASES, STRINGS, t } from '../strings';
import { h } from '../dom';
import { icon } from '../icons';

export interface HeaderActions {
  toggleHistory(): void;
  newTask(): void;
  /** Review Task Changes: the task's whole change set in the multi-file diff editor. */
  reviewChanges(): void;
}

export class Header {
  readonly element: HTMLElement;
  private readonly status: HTMLElement;
  private readonly taskBar: HTMLElement;
  private readonly historyButton: HTMLButtonElement;
  private readonly reviewButton: HTMLButtonElement;

  constructor(
    private readonly doc: Document,
    actions: HeaderActions,
  ) {
    this.reviewButton = iconButton(doc, 'review', t('reviewChanges'), actions.reviewChanges);
    this.reviewButton.classList.add('review-changes-button');
    this.historyButton = iconButton(doc, 'history', t('taskHistory'), actions.toggleHistory);
    this.historyButton.setAttribute('aria-pressed', 'false');
    const newTask = iconButton(doc, 'add', t('newTask'), actions.newTask);
    newTask.classList.add('new-task-button');
    this.status = h(doc, 'p', { className: 'relay-status', text: STRINGS.connecting, data: { testid: 'relay-status' } });
    this.taskBar = h(doc, 'div', { className: 'task-bar' });
    this.taskBar.hidden = true;
    this.element = h(doc, 'header', { className: 'relay-header' }, [
      // The view's own title bar already says "Relay": the heading is for screen readers, and the status takes its
      // row beside the buttons, a line more for the conversation in the side bar.
      h(doc, 'div', { className: 'title-row' }, [
        h(doc, 'h1', { className: 'relay-title', text: 'Relay' }),
        this.status,
        h(doc, 'div', { className: 'toolbar', attrs: { role: 'toolbar', 'aria-label': t('chatActions') } }, [this.historyButton, newTask]),
      ]),
      this.taskBar,
    ]);
  }

  /**
   * The task's real state, then the model, its provider and the key state ("Working… · claude-sonnet-5-5 ·
   * Anthropic"); the whole line wraps in a narrow sidebar instead of cutting the model name, and is the tooltip.
   */
  setStatus(state: InitialState | undefined, trusted: boolean, connected: boolean, phase: TaskPhase = 'ready', provider?: ProviderStatus, turnModel?: TurnModel): void {
    if (!state) {
      this.status.textContent = STRINGS.connecting;
      this.status.dataset.phase = 'connecting';
      return;
    }
    const parts = [connected ? PHASES[phase] : STRINGS.reconnecting];
    // Without a working key nothing can start: "Ready · … · no API key" said two things at once, so the key's
    // state is the line's only state (the element's data-phase still says the chat is loaded and idle).
    if (connected && phase === 'ready' && !turnModel && (provider?.key === 'missing' || provider?.key === 'rejected')) parts.shift();
    if (turnModel) {
      // An agent's (or a command's) model runs the turns: it is what the line shows, marked as whose.
      parts.push(turnModel.model, t('turnModelOwner', turnModel.owner));
    } else if (provider) {
      parts.push(provider.model, provider.deployment ? t('providerDeployment', provider.label, provider.deployment) : provider.label);
      if (provider.key === 'missing' || provider.key === 'rejected') parts.push(KEY_STATUS[provider.key]);
    } else {
      parts.push(state.workspaceName ?? STRINGS.noFolder);
    }
    if (!trusted) parts.push(STRINGS.restricted);
    const text = parts.join(' · ');
    this.status.replaceChildren(...statusParts(this.doc, parts));
    this.status.title = turnModel ? `${text}\n${turnModel.why}` : text;
    this.status.classList.toggle('agent-model', turnModel !== undefined);
    this.status.dataset.phase = connected ? phase : 'reconnecting';
    this.status.classList.toggle('key-missing', !turnModel && (provider?.key === 'missing' || provider?.key === 'rejected'));
  }

  setTask(task: TaskView | undefined): void {
    this.taskBar.hidden = !task;
    if (!task) return this.taskBar.replaceChildren();
    const parts: Node[] = [];
    if (task.running) parts.push(icon(this.doc, 'running', 'task-spinner'));
    parts.push(h(this.doc, 'span', { className: 'task-title', text: task.title || t('untitledTask'), attrs: { title: task.title } }));
    // Before the first reply reports its tokens there is nothing to count ("0 in · 0 out" read as a fault); the history does the same.
    // The review button stays on the title's row; the figures take the row under it, so at the side bar's default
    // width the button never wraps onto a line of its own.
    parts.push(this.reviewButton);
    const figures: Node[] = [];
    if (task.usage && (task.usage.inputTokens > 0 || task.usage.outputTokens > 0)) {
      figures.push(h(this.doc, 'span', { className: 'task-usage', text: formatUsage(task.usage), data: { testid: 'task-usage' } }));
    }
    if (task.context) figures.push(contextMeter(this.doc, task.context, task.usage));
    if (figures.length > 0) parts.push(h(this.doc, 'div', { className: 'task-figures' }, figures));
    this.taskBar.replaceChildren(...parts);
    this.taskBar.classList.toggle('running', task.running);
  }

  setHistoryOpen(open: boolean): void {
    this.historyButton.setAttribute('aria-pressed', String(open));
  }
}

/** Parts short enough to stay whole ("无 API 密钥", "no API key") never break inside; longer ones wrap. */
const WHOLE_PART_CHARS = 24;

function statusParts(doc: Document, parts: string[]): Node[] {
  return parts.flatMap((part, i) => {
    const node = h(doc, 'span', { className: part.length <= WHOLE_PART_CHARS ? 'status-part whole' : 'status-part', text: part });
    return i === 0 ? [node] : [doc.createTextNode(' · '), node];
  });
}

function iconButton(doc: Document, name: 'history' | 'add' | 'review', label: string, onClick: () => void): HTMLButtonElement {
  const node = h(doc, 'button', { className: 'icon-button', attrs: { type: 'button', 'aria-label': label, title: label } }, [icon(doc, name)]);
  node.addEventListener('click', onClick);
  return node;
}

/** The context meter: a bar and "12k / 200k", the last request against the window; the tooltip has the totals. */
function contextMeter(doc: Document, context: ContextMeter, usage: TaskUsage | undefined): HTMLElement {
  const share = context.window > 0 ? Math.min(1, context.tokens / context.window) : 0;
  const percent = Math.round(share * 100);
  const fill = h(doc, 'span', { className: 'context-meter-fill' });
  fill.style.width = `${percent}%`;
  const level = share >= 0.85 ? 'high' : share >= 0.6 ? 'medium' : 'low';
  return h(
    doc,
    'span',
    {
      className: 'context-meter',
      data: { testid: 'context-meter', level },
      attrs: {
        role: 'meter',
        'aria-label': t('contextWindow'),
        'aria-valuemin': '0',
        'aria-valuemax': String(context.window),
        'aria-valuenow': String(context.tokens),
        title: contextTooltip(context, usage),
      },
    },
    [h(doc, 'span', { className: 'context-meter-bar' }, [fill]), h(doc, 'span', { className: 'context-meter-text', text: `${formatCompact(context.tokens)} / ${formatWindow(context.window)}` })],
  );
}

export function contextTooltip(context: ContextMeter, usage: TaskUsage | undefined): string {
  const percent = context.window > 0 ? Math.round((context.tokens / context.window) * 100) : 0;
  const lines = [t('contextLine', formatCount(context.tokens), formatCount(context.window), formatCount(percent))];
  if (usage) {
    lines.push(
      t('inputTokens', formatCount(usage.inputTokens)),
      t('outputTokens', formatCount(usage.outputTokens)),
      t('cacheReadTokens', formatCount(usage.cacheReadTokens ?? 0)),
    );
    if (usage.costUsd !== undefined) lines.push(t('costSoFar', formatUsd(usage.costUsd, 4)));
  }
  if (context.rules) lines.push(context.rules.length > 0 ? t('rulesActive', context.rules.join(', ')) : t('noRulesActive'));
  return lines.join('\n');
}

export function formatUsage(usage: NonNullable<TaskView['usage']>): string {
  const parts = [t('usageIn', formatCompact(usage.inputTokens)), t('usageOut', formatCompact(usage.outputTokens))];
  if (usage.costUsd !== undefined) parts.push(formatUsd(usage.costUsd, usage.costUsd < 0.01 && usage.costUsd > 0 ? 4 : 2));
  return parts.join(' · ');
}


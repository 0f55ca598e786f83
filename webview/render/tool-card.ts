// One tool call, drawn only from its ToolCardStatus (the full merged state: each update replaces the last).
// The card element stays; an update redraws its header and only the parts whose content changed, so a question
// being answered or a terminal being scrolled is not torn down by the next status.
import type { ProcessCard, ToolCardStatus } from '../../src/shared/chat-model';
import { cardPhase, type CardPhase } from '../../src/shared/chat-attention';
import { formatDuration, h } from '../dom';
import { icon, type IconName } from '../icons';
import { renderBlock, type BlockActions } from './blocks';
import { diffStat } from './blocks/diff';
import { renderParams } from './tool-params';
import { isProcessLive, ProcessPanel, processStateLabel } from './process-panel';
import type { WebviewStringKey } from '../../src/shared/webview-strings';
import { t } from '../strings';

/** `css`: the card's state class (styles colour borders and icons by it); `active`: the call is not finished. */
const PHASES: Record<CardPhase, { key: WebviewStringKey; icon: IconName; active: boolean; css: string }> = {
  waiting: { key: 'toolWaiting', icon: 'waiting', active: true, css: 'waiting' },
  queued: { key: 'toolQueued', icon: 'waiting', active: true, css: 'waiting' },
  awaiting_approval: { key: 'toolAwaitingApproval', icon: 'approval', active: true, css: 'awaiting_approval' },
  needs_answer: { key: 'toolNeedsAnswer', icon: 'info', active: true, css: 'needs_answer' },
  running: { key: 'toolRunning', icon: 'running', active: true, css: 'running' },
  done: { key: 'toolDone', icon: 'success', active: false, css: 'success' },
  failed: { key: 'toolFailed', icon: 'error', active: false, css: 'error' },
  denied: { key: 'toolDenied', icon: 'cancelled', active: false, css: 'denied' },
  blocked: { key: 'toolBlockedByHook', icon: 'cancelled', active: false, css: 'blocked' },
  cancelled: { key: 'toolCancelled', icon: 'cancelled', active: false, css: 'cancelled' },
};

export function phaseInfo(phase: CardPhase): { label: string; icon: IconName; active: boolean; css: string } {
  const info = PHASES[phase] ?? PHASES.waiting;
  return { label: t(info.key), icon: info.icon, active: info.active, css: info.css };
}

/**
 * The card of a call that started a background process says the process's state, as a person asks of it ("Running",
 * "Stopped"), not the call's: the call returned once the server was up, so "Done 4.4 s" read as if it had ended.
 */
export function processPhaseInfo(card: ProcessCard): ReturnType<typeof phaseInfo> {
  const label = processStateLabel(card);
  if (card.state === 'waiting-for-input') return { label, icon: 'info', active: true, css: 'needs_answer' };
  if (isProcessLive(card)) return { label, icon: 'running', active: true, css: 'running' };
  if (card.state === 'stopped') return { label, icon: 'cancelled', active: false, css: 'cancelled' };
  return typeof card.exitCode === 'number' && card.exitCode !== 0 ? { label, icon: 'error', active: false, css: 'error' } : { label, icon: 'success', active: false, css: 'success' };
}

let nextBodyId = 0;

export class ToolCardView {
  readonly element: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private readonly body: HTMLElement;
  /** The person's own open/closed choice wins over the automatic one. */
  private userExpanded: boolean | undefined;
  private parts: { key: string; node: HTMLElement }[] = [];
  private bodyStale = true;
  private status: ToolCardStatus;
  /** Whether this card's approval question is the one open (the others awaiting approval are queued). */
  private approvalOpen = false;
  /** The background process this call started, drawn live (kept across updates for the tail's scroll). */
  private processPanel: ProcessPanel | undefined;

  constructor(
    private readonly doc: Document,
    status: ToolCardStatus,
    private readonly actions: BlockActions,
  ) {
    this.status = status;
    const bodyId = `tool-body-${++nextBodyId}`;
    this.toggle = h(doc, 'button', { className: 'tool-toggle', attrs: { type: 'button', 'aria-controls': bodyId } });
    this.toggle.addEventListener('click', () => {
      this.userExpanded = this.toggle.getAttribute('aria-expanded') !== 'true';
      this.applyExpanded();
    });
    this.body = h(doc, 'div', { className: 'tool-body', attrs: { id: bodyId } });
    this.element = h(doc, 'article', { className: 'tool-card' }, [this.toggle, this.body]);
    this.update(status);
  }

  update(next: ToolCardStatus): void {
    // Blocks come from tools, some of them third-party: a missing list is an empty one.
    const status = (this.status = Array.isArray(next.blocks) ? next : { ...next, blocks: [] });
    const phase = cardPhase(status, this.approvalOpen);
    // A finished call whose background process the window knows: the process's state is the card's.
    const process = status.state === 'success' && status.processId !== undefined ? this.actions.processCard(status.processId) : undefined;
    const info = process ? processPhaseInfo(process) : phaseInfo(phase);
    const classes = this.element.classList;
    for (const name of Array.from(classes)) if (name.startsWith('state-')) classes.remove(name);
    classes.add(`state-${info.css}`);
    this.element.dataset.phase = phase;
    classes.toggle('partial', status.partial);
    this.element.dataset.callId = status.callId;
    this.element.dataset.state = status.state;
    this.element.setAttribute('aria-label', `${status.displayName || status.toolName}: ${info.label}`);
    this.renderHeader(info, process !== undefined);
    // A folded card builds its body only when opened: a reopened conversation has hundreds of finished cards.
    this.bodyStale = true;
    this.applyExpanded();
  }

  setApprovalOpen(open: boolean): void {
    if (open === this.approvalOpen) return;
    this.approvalOpen = open;
    this.update(this.status);
  }

  /** Line one: state, name, outcome; line two (when there is one): the tool's own tip, with the room it needs. */
  private renderHeader(info: ReturnType<typeof phaseInfo>, ofProcess: boolean): void {
    const { doc, status } = this;
    const meta = h(doc, 'span', { className: 'tool-meta' }, [h(doc, 'span', { className: 'tool-state-label', text: info.label })]);
    const summary = this.summary();
    if (summary) meta.append(summary);
    const duration = status.durationMs ?? (status.endTime !== undefined ? status.endTime - status.startTime : undefined);
    // A call a hook refused never ran: a duration beside it would read as a run that failed.
    // Nor beside a process's state: the call's time is not how long the process ran.
    if (!info.active && !ofProcess && info.css !== 'blocked' && duration !== undefined && duration >= 0) meta.append(h(doc, 'span', { className: 'tool-duration', text: formatDuration(duration) }));
    // The name keeps its room: in a narrow side bar the state and outcome move under it rather than cutting it.
    const title = h(doc, 'span', { className: 'tool-title' }, [
      icon(doc, 'chevron', 'tool-chevron'),
      icon(doc, info.icon, 'tool-state-icon'),
      h(doc, 'span', { className: 'tool-name', text: status.displayName || status.toolName }),
    ]);
    const head = h(doc, 'span', { className: 'tool-head' }, [title, meta]);
    const parts: Node[] = [head];
    // A call that failed or was cancelled keeps the tip it had while running ("Reading a.md"); its error says what
    // happened, so the tip is not shown in a tense that is no longer true.
    const stale = status.state === 'cancelled' || (status.state === 'error' && !status.denied);
    if (status.showTip && !stale) parts.push(h(doc, 'span', { className: 'tool-tip', text: status.showTip, attrs: { title: status.showTip } }));
    this.toggle.replaceChildren(...parts);
  }

  /** What a collapsed card still tells: lines changed, a command's exit code. */
  private summary(): HTMLElement | undefined {
    let added = 0;
    let removed = 0;
    let diffs = 0;
    let exitCode: number | undefined;
    for (const block of this.status.blocks) {
      if (block?.type === 'diff') {
        diffs++;
        added += Number(block.added) || 0;
        removed += Number(block.removed) || 0;
      } else if (block?.type === 'terminal' && typeof block.exitCode === 'number') exitCode = block.exitCode;
    }
    if (diffs > 0) return diffStat(this.doc, added, removed);
    if (exitCode !== undefined) return h(this.doc, 'span', { className: `exit-code ${exitCode === 0 ? 'exit-ok' : 'exit-failed'}`, text: t('exitCode', exitCode) });
    return undefined;
  }

  private renderBody(): void {
    const { doc, status } = this;
    const wanted: { key: string; build: () => HTMLElement | undefined }[] = [];
    const params = renderParams(doc, status);
    if (params) wanted.push({ key: `params:${params.outerHTML.length}:${params.textContent}`, build: () => params });
    const process = status.processId !== undefined ? this.actions.processCard(status.processId) : undefined;
    if (process) {
      if (this.processPanel?.element.dataset.processId !== process.id) this.processPanel = new ProcessPanel(doc, process.id, this.actions);
      const panel = this.processPanel;
      panel.update(process);
      wanted.push({ key: `process:${process.id}`, build: () => panel.element });
    }
    for (const [i, note] of (status.hooks ?? []).entries()) {
      wanted.push({ key: `hook:${i}:${note.kind}:${note.text}`, build: () => hookNote(doc, note) });
    }
    status.blocks.forEach((block, i) => {
      // The live tail supersedes the output the call saw before it returned.
      if (process && block?.type === 'terminal') return;
      wanted.push({ key: `block:${i}:${signature(block)}`, build: () => renderBlock(block, { doc, callId: status.callId, actions: this.actions }) });
    });
    if (status.error && !status.blocks.some((b) => b?.type === 'error')) {
      // A denial is the person's own answer: said plainly, not as an alert.
      const build = status.denied
        ? () => h(doc, 'div', { className: 'block block-denied', text: status.error })
        : () => h(doc, 'div', { className: 'block block-error', text: status.error, attrs: { role: 'alert' } });
      wanted.push({ key: `error:${status.denied ? 'denied:' : ''}${status.error}`, build });
    }
    // Keep nodes whose content is unchanged; build the rest.
    const previous = new Map(this.parts.map((p) => [p.key, p.node]));
    const next: { key: string; node: HTMLElement }[] = [];
    for (const part of wanted) {
      const node = previous.get(part.key) ?? part.build();
      if (node) next.push({ key: part.key, node });
    }
    const same = next.length === this.parts.length && next.every((p, i) => p.node === this.parts[i]!.node);
    if (!same) this.body.replaceChildren(...next.map((p) => p.node));
    this.parts = next;
  }

  private applyExpanded(): void {
    const expanded = this.userExpanded ?? this.autoExpanded();
    if (expanded && this.bodyStale) {
      this.renderBody();
      this.bodyStale = false;
    }
    this.toggle.setAttribute('aria-expanded', String(expanded));
    this.body.hidden = !expanded || this.parts.length === 0;
    this.element.classList.toggle('collapsed', !expanded);
  }

  /**
   * Live, failed and denied calls stay open, and so does a question still waiting for its answer or a background
   * process; finished ones fold.
   */
  private autoExpanded(): boolean {
    const { status } = this;
    // A denied call stays open too, calmly: the person sees the reason they gave.
    if (phaseInfo(cardPhase(status, this.approvalOpen)).active || status.state === 'error') return true;
    // What a hook did is never hidden behind a folded card when it blocked, stopped or failed.
    if (status.hooks?.some((n) => n.kind === 'blocked' || n.kind === 'failed' || n.kind === 'stopped')) return true;
    // A background process stays in view while the window knows it: live, or how it ended and its last output.
    if (status.processId !== undefined && this.actions.processCard(status.processId) !== undefined) return true;
    return status.blocks.some((b) => b?.type === 'question' && typeof b.answered !== 'string');
  }
}

function signature(block: unknown): string {
  try {
    return JSON.stringify(block) ?? '';
  } catch {
    return String(Math.random());
  }
}

/** One line saying what a configured hook did; a block, stop or failure is announced like an error. */
function hookNote(doc: Document, note: NonNullable<ToolCardStatus['hooks']>[number]): HTMLElement {
  const warn = note.kind === 'blocked' || note.kind === 'failed' || note.kind === 'stopped';
  return h(doc, 'div', {
    className: `block block-hook hook-${note.kind}`,
    text: note.text,
    attrs: warn ? { role: 'alert' } : {},
  });
}

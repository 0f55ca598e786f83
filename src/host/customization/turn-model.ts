// Which model the chat's turns actually run on when it is not the user's own: the selected agent's (once its first
// turn chose among its fallbacks) or a slash command's for its one turn. The header and the composer show it, marked
// as the agent's with the reason as the tooltip, instead of the user's model; it goes back when the agent is switched
// off, when an agent's turns fall back to the user's model, and when a command's turn ends. No `vscode` here.
import type { TurnModel } from '../../shared/chat-model';

export class TurnModelState {
  private current: (TurnModel & { oneTurn: boolean }) | undefined;
  private readonly listeners: (() => void)[] = [];

  get value(): TurnModel | undefined {
    if (!this.current) return undefined;
    const { oneTurn: _oneTurn, ...shown } = this.current;
    return shown;
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.push(listener);
    return { dispose: () => void this.listeners.splice(this.listeners.indexOf(listener) >>> 0, 1) };
  }

  /** The selected agent's turns run on `model`; undefined: on the user's own model. */
  agent(model: TurnModel | undefined): void {
    this.set(model ? { ...model, oneTurn: false } : undefined);
  }

  /** A slash command's turn runs on `model`, until the turn ends. */
  command(model: TurnModel): void {
    this.set({ ...model, oneTurn: true });
  }

  /** The task stopped running: a command's model was for that turn only. */
  turnEnded(): void {
    if (this.current?.oneTurn) this.set(undefined);
  }

  /** Another agent was picked: what it runs on is known at its first turn; until then the user's model is shown. */
  agentChanged(): void {
    this.set(undefined);
  }

  private set(next: (TurnModel & { oneTurn: boolean }) | undefined): void {
    const same = JSON.stringify(next) === JSON.stringify(this.current);
    this.current = next;
    if (!same) for (const listener of [...this.listeners]) listener();
  }
}

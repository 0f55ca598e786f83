// Which button of a Relay modal Enter presses, decided in one place (README, "What Enter presses in a Relay
// modal"). VS Code focuses the first item that is not the close affordance: Enter presses it (the workbench
// dialog focuses button 0; the native one gets `defaultId: 0`). Escape and the dialog's close button answer with
// the close affordance, and VS Code adds its own "Cancel" as one when a modal has none: so every Relay modal names
// its own (a Cancel beside a Deny or Don't Run would mean the same thing twice). Pure (no `vscode` import), so the
// order is unit-tested; modal.ts shows it.

/**
 * Who the question comes from and how risky its action is:
 * - `user`: the user asked for this action (a command they ran, a tool call of a task they started) and it is not
 *   dangerous: Enter acts (the first action), Escape is the last safe answer.
 * - `dangerous`: the user's task, but a call the permission policy marks dangerous (no rule can allow it, an MCP tool
 *   that declares itself destructive): Enter is the first safe answer.
 * - `unasked`: nobody asked; the repository, a server or an agent file did (hooks, workspace MCP servers, workspace
 *   settings, sending a key, changed MCP tool definitions): Enter is the first safe answer.
 */
export type ModalOrigin = 'user' | 'dangerous' | 'unasked';

export interface ModalQuestion {
  level?: 'warning' | 'error';
  message: string;
  detail?: string;
  origin: ModalOrigin;
  /** The answers that act (allow, run, start, send), in the order shown. */
  actions: readonly string[];
  /**
   * The answers that do nothing now (Deny, Don't Start, Show Diff…), at least one. The last is Escape's (the close
   * affordance). When Enter must be safe (every origin but `user`) there are at least two: the first is Enter's, one
   * that looks before deciding (Show Setting, Show Diff, Deny with Reason…), and the last declines.
   */
  safe: readonly string[];
}

export interface ModalButton {
  title: string;
  isCloseAffordance?: boolean;
  /** The answer the button gives (a Cancel gives the question's safe answer). */
  answer: string;
}

/** The buttons in the order VS Code gets them: one is the close affordance, so VS Code adds no Cancel. */
export function modalButtons(question: ModalQuestion): ModalButton[] {
  const { actions, safe, origin } = question;
  if (safe.length === 0) throw new Error('A modal needs an answer that does nothing.');
  // VS Code focuses the first button that is not the close affordance: with one safe answer, that would be an action.
  if (origin !== 'user' && safe.length < 2) throw new Error('A question Enter must not act on needs two safe answers: one for Enter, one for Escape.');
  const button = (title: string): ModalButton => ({ title, answer: title });
  const escape: ModalButton = { ...button(safe[safe.length - 1]!), isCloseAffordance: true };
  if (origin === 'user') return [...actions.map(button), ...safe.slice(0, -1).map(button), escape];
  return [button(safe[0]!), ...actions.map(button), ...safe.slice(1, -1).map(button), escape];
}

/** The answer Enter gives: the first button VS Code does not treat as the close affordance. */
export function enterAnswer(buttons: readonly ModalButton[]): string | undefined {
  return buttons.find((b) => !b.isCloseAffordance)?.answer ?? buttons[0]?.answer;
}

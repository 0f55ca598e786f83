// How an entry point outside the chat (a code action, the terminal's actions) hands Relay a message: as the palette's
// editor commands do (the chat is shown, then the message is sent as if typed there), in a new task or in the task on
// screen. Which one is the person's choice, asked when a task is on screen and remembered when they say "always"
// (the `relay.actions.taskTarget` setting, which they can change back in Settings).
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';

export type TaskTarget = 'ask' | 'newTask' | 'currentTask';
/** What the question answers: where this message goes, and whether to ask again next time. */
export interface TargetAnswer {
  target: 'newTask' | 'currentTask';
  remember: boolean;
}
export type TaskTargetPicker = (question: { taskTitle: string; running: boolean }) => Promise<TargetAnswer | undefined>;

/** The setting, under `relay.`. */
export const TASK_TARGET_SETTING = 'actions.taskTarget';

export interface TaskEntryDeps {
  /** The task on screen, if it has a conversation yet. */
  current(): { title: string; running: boolean } | undefined;
  /** An empty task on screen (a running one is stopped first and stays in the history). */
  newTask(): Promise<void>;
  /** Sends the message as if typed in the chat: it continues the task on screen, or starts one. */
  send(text: string): Promise<void>;
  focusChat(): Promise<void>;
  /** The question; VS Code's QuickPick unless a test answers it. */
  pick?: TaskTargetPicker;
}

export class TaskEntry {
  constructor(private readonly deps: TaskEntryDeps) {}

  /** Sends `text` where the person wants it; false when they dismissed the question or nothing could be sent. */
  async start(text: string): Promise<boolean> {
    const current = this.deps.current();
    const target = current ? await this.target(current) : 'newTask';
    if (!target) return false;
    if (target === 'currentTask' && current?.running) {
      void vscode.window.showWarningMessage(l10n.t('A task is running: stop it, or start a new task for this.'));
      return false;
    }
    await this.deps.focusChat();
    if (target === 'newTask' && current) await this.deps.newTask();
    await this.deps.send(text);
    return true;
  }

  private async target(current: { title: string; running: boolean }): Promise<TargetAnswer['target'] | undefined> {
    const setting = vscode.workspace.getConfiguration('relay').get<TaskTarget>(TASK_TARGET_SETTING, 'ask');
    if (setting === 'newTask' || setting === 'currentTask') return setting;
    const answer = await (this.deps.pick ?? pickTarget)({ taskTitle: current.title, running: current.running });
    if (!answer) return undefined;
    if (answer.remember) await vscode.workspace.getConfiguration('relay').update(TASK_TARGET_SETTING, answer.target, vscode.ConfigurationTarget.Global);
    return answer.target;
  }
}

async function pickTarget(question: { taskTitle: string; running: boolean }): Promise<TargetAnswer | undefined> {
  type Item = vscode.QuickPickItem & { answer?: TargetAnswer };
  const title = question.taskTitle || l10n.t('(untitled task)');
  const items: Item[] = [
    {
      label: `$(add) ${l10n.t('Start a New Task')}`,
      ...(question.running ? { description: l10n.t('stops the running task') } : {}),
      answer: { target: 'newTask', remember: false },
    },
    ...(question.running ? [] : [{ label: `$(comment-discussion) ${l10n.t('Add to the Current Task')}`, description: title, answer: { target: 'currentTask', remember: false } } satisfies Item]),
    { label: l10n.t('Remember my choice'), kind: vscode.QuickPickItemKind.Separator },
    { label: l10n.t('Always Start a New Task'), answer: { target: 'newTask', remember: true } },
    ...(question.running ? [] : [{ label: l10n.t('Always Add to the Current Task'), answer: { target: 'currentTask', remember: true } } satisfies Item]),
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: l10n.t('Relay: New Task or Current Task?'),
    placeHolder: l10n.t('A task is open in the chat: "{0}"', title),
  });
  return picked?.answer;
}

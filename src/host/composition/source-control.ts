// Source Control's entry points: Generate Commit Message (one streamed model turn into the input box), Review My
// Changes (a read-only review session, asked first, whose findings become comment threads; a finding's Fix starts a
// chat task) and Review Task with Relay (the same review on a parallel task's worktree, from the Tasks view).
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { ChangeReview } from '../change-review/change-review';
import { describeModel, readModelSettings } from '../model/model-settings';
import { commitMessageHandlers } from '../scm/commit-message';
import type { TaskController } from '../session/task-controller';
import { REVIEW_TASK_WITH_RELAY, reviewTaskWithRelayHandler } from '../tasks/review/task-agent-review';
import type { ParallelTaskSurface } from '../tasks/wiring';
import type { HostServices } from './host-services';
import type { RelayOverrides, RelayServices } from './host-inputs';
import type { CreateSession } from './sessions';

export interface SourceControlEntryPoints {
  /** Review My Changes: the review's session and its comment threads. */
  changeReview: ChangeReview;
  handlers: ReturnType<typeof commitMessageHandlers> & ReturnType<ChangeReview['handlers']> & { [REVIEW_TASK_WITH_RELAY]: (arg?: unknown) => Promise<unknown> };
}

export function sourceControlEntryPoints(
  host: Pick<HostServices, 'models' | 'logger'>,
  services: Pick<RelayServices, 'log' | 'focusChat'>,
  chatAndTasks: { controller: TaskController; parallel: ParallelTaskSurface },
  createSession: CreateSession,
  overrides: Pick<RelayOverrides, 'confirmReview'>,
): SourceControlEntryPoints {
  const { controller, parallel } = chatAndTasks;
  const changeReview = new ChangeReview({
    createSession: (turn, scope) => createSession(undefined, scope, turn),
    startTask: async (text) => {
      if (controller.isRunning) {
        void vscode.window.showInformationMessage(l10n.t('Relay: a task is running: stop it or wait before fixing a review comment.'));
        return false;
      }
      await services.focusChat();
      await controller.handle({ type: 'newTask' });
      await controller.send(text);
      return true;
    },
    model: () => describeModel(readModelSettings()),
    ...(overrides.confirmReview ? { confirm: overrides.confirmReview } : {}),
    log: services.log,
  });
  return {
    changeReview,
    handlers: {
      ...commitMessageHandlers({ provider: () => host.models.provider, log: host.logger }),
      ...changeReview.handlers(),
      [REVIEW_TASK_WITH_RELAY]: reviewTaskWithRelayHandler(() => parallel, changeReview),
    },
  };
}

// The chat and the parallel tasks: the chat's task controller (the webview's intents in, chat deltas out), the
// parallel tasks beside it (their sessions, the Tasks view, the approvals queue), the background processes' status
// bar and cards, the chat webview's own queries (mentions, slash commands, processes), and the door through which
// an entry point outside the chat (the light bulb, the terminal) sends its message to a task.
import * as vscode from 'vscode';
import type { ApprovalPrompt, PromptAnswer } from '../../core/ports/approval';
import { runningBackground } from '../../core/processes/process-list';
import type { WebviewToHost } from '../../shared/protocol';
import { restoreToItem } from '../checkpoints/restore-flow';
import { recordCommandTurn } from '../customization/commands';
import { describeModel, readModelSettings } from '../model/model-settings';
import { ProcessCards } from '../processes/process-cards';
import { ProcessStatusBar } from '../processes/process-status-bar';
import { openFileReference } from '../session/file-reference-opener';
import { TaskController } from '../session/task-controller';
import { TaskEntry } from '../task-entry/task-entry';
import { ParallelTaskSurface } from '../tasks/wiring';
import type { HostServices } from './host-services';
import type { RelayOverrides, RelayServices } from './host-inputs';
import type { CreateSession } from './sessions';
import type { ConfigVersion } from './settings-events';

export interface ChatAndTasks {
  controller: TaskController;
  parallel: ParallelTaskSurface;
  processStatus: ProcessStatusBar;
  processCards: ProcessCards;
  /** A validated intent from the chat webview. */
  receive(message: WebviewToHost): void;
}

/** The approvals queue's key for the chat's own (not parallel) task. */
const WINDOW_TASK = '';

/** Asks through the parallel tasks' queue as the chat's own task (one modal at a time across the window). */
export function askAsWindowTask(parallel: ParallelTaskSurface, prompt: ApprovalPrompt): Promise<PromptAnswer> {
  return parallel.queue.ask(WINDOW_TASK, { prompt, taskTitle: '', branch: undefined });
}

export function buildChatAndTasks(
  host: HostServices,
  services: RelayServices,
  createSession: CreateSession,
  version: ConfigVersion,
  /** The settings, history and welcome the chat shows, published again (a webview (re)loaded). */
  publishState: () => void,
): ChatAndTasks {
  const { context, chat } = services;
  const { tools, models, agents, turnModel } = host;
  const controller: TaskController = new TaskController({
    publish: (delta) => chat.publish(delta),
    store: host.store,
    createSession: (record, turn) => createSession(record, record ? parallel.scopeFor(record.id) : undefined, turn),
    runsInBackground: (id) => parallel.runsInBackground(id),
    expandCommand: async (text) => {
      const expanded = await host.slashCommands.expand(text);
      recordCommandTurn(host.customizations, expanded.type === 'turn' ? expanded.turn : undefined);
      return expanded;
    },
    restoreDraft: (text) => chat.post({ type: 'restoreDraft', text }),
    configVersion: () => version.value,
    answerQuestion: (callId, answer) => tools.questions.answer(callId, answer),
    openDiff: (callId) => tools.diffs.open(callId),
    openFileReference: (reference) => openFileReference(reference, (message) => void vscode.window.showInformationMessage(message)),
    restore: async (session, itemId, conversation) => {
      if (!(await parallel.restore(host.restoreDeps, session, itemId, conversation))) await restoreToItem(host.restoreDeps, session, itemId, conversation);
    },
    reviewChanges: (session) => host.review.open(session),
    setMode: (mode) => services.approvalMode.setMode(mode),
    selectModel: async () => void (await vscode.commands.executeCommand('relay.selectModel')),
    setAgent: async (agent) => (agent === '' ? agents.pick() : agents.select(agent)),
    setUpProvider: async (step) => void (await models.setUpProvider(step)),
    settings: async () => {
      const settings = readModelSettings();
      return {
        mode: services.approvalMode.mode,
        model: describeModel(settings),
        provider: await models.status(settings),
        imagesSupported: models.provider.model.supportsImages === true,
        agents: agents.choices(),
        ...(turnModel.value ? { turnModel: turnModel.value } : {}),
      };
    },
    notify: (message, level) => void (level === 'warning' ? vscode.window.showWarningMessage(message) : vscode.window.showInformationMessage(message)),
    onRunningChanged: (running) => {
      void vscode.commands.executeCommand('setContext', 'relay.taskRunning', running);
      if (running) return;
      void models.publishWelcome();
      turnModel.turnEnded();
    },
    log: host.logger,
    attach: (text, images, picked) => host.mentions.attach(text, images, picked),
    taskDeleted: (id) => tools.processes.forgetTask(id),
    liveProcesses: (id) => runningBackground(tools.processes.list(id)).length,
  });
  const parallel: ParallelTaskSurface = new ParallelTaskSurface({
    context,
    chat,
    controller,
    processes: tools.processes,
    prompter: host.prompter,
    approvals: host.approvalsFor,
    createSession: (record, scope) => createSession(record, scope),
    reviewer: tools.services.reviewer,
    ...(tools.sandbox ? { sandbox: () => tools.sandbox!.commands.forCommands() } : {}),
    log: host.logger,
  });
  const processStatus = new ProcessStatusBar(tools.processes);
  const processCards = new ProcessCards(tools.processes, (delta) => chat.publish(delta), host.logger);
  const warn = (message: string, error: unknown) => host.logger.warn(message, error);
  const receive = (message: WebviewToHost): void => {
    switch (message.type) {
      case 'ready':
        return publishState();
      case 'slashCommandQuery':
        return void host.slashCommands
          .list()
          .then((commands) => chat.post({ type: 'slashCommands', requestId: message.requestId, commands }))
          .catch((e: unknown) => warn('Slash commands could not be listed', e));
      case 'mentionQuery':
        return void host.mentions.suggest(message.requestId, message.query, message.indexGeneration).catch((e: unknown) => warn('Mention suggestions failed', e));
      case 'previewMention':
        return void host.mentions.preview(message.requestId, message.token).catch((e: unknown) => warn('Mention preview failed', e));
      case 'dropUris':
        return void host.mentions.dropped(message.uris).catch((e: unknown) => warn('Dropped files could not be mentioned', e));
      case 'stopProcess':
        return void processCards.stop(message.processId).catch((e: unknown) => warn('Stopping the process failed', e));
      case 'openProcessUrl':
        return void processCards.openUrl(message.processId, message.url, message.external).catch((e: unknown) => warn('Opening the URL failed', e));
      default:
        return void controller.handle(message);
    }
  };
  return { controller, parallel, processStatus, processCards, receive };
}

/**
 * The door of the entry points outside the chat (the light bulb, the terminal): their message goes to a new task or
 * the task on screen, as the person chooses.
 */
export function taskEntryDoor(controller: TaskController, focusChat: () => Promise<void>, overrides: Pick<RelayOverrides, 'pickTaskTarget'>): TaskEntry {
  return new TaskEntry({
    current: () => {
      const session = controller.session;
      return session && session.messages.length > 0 ? { title: session.view().title, running: session.isRunning } : undefined;
    },
    newTask: () => controller.handle({ type: 'newTask' }),
    send: (text) => controller.send(text),
    focusChat,
    ...(overrides.pickTaskTarget ? { pick: overrides.pickTaskTarget } : {}),
  });
}

// The TaskController's VS Code side for unit tests, inert: nothing published, no dialogs, no diffs, no restores.
// A test overrides what it watches (notify, taskDeleted, liveProcesses…) and keeps the rest.
import type { TaskStore } from '../../src/core/ports/task-store';
import type { TaskControllerDeps } from '../../src/host/session/task-controller';

export function inertControllerDeps(store: TaskStore, createSession: TaskControllerDeps['createSession'], overrides: Partial<TaskControllerDeps> = {}): TaskControllerDeps {
  return {
    publish: () => undefined,
    store,
    createSession,
    configVersion: () => 0,
    answerQuestion: () => false,
    openDiff: async () => 'unavailable',
    openFileReference: async () => 'opened',
    setMode: async () => undefined,
    selectModel: async () => undefined,
    setUpProvider: async () => undefined,
    settings: () => ({ mode: 'default', model: 'test · scripted-1' }),
    notify: () => undefined,
    onRunningChanged: () => undefined,
    log: { warn: () => {} },
    restore: async () => undefined,
    reviewChanges: async () => undefined,
    ...overrides,
  };
}

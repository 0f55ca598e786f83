// Every user-visible string the onboarding, the header status and the error fixes add to the webview, in one
// place so they can be localised together (the host sends its own strings already worded).
import type { KeyStatus } from '../src/shared/chat-model';
import type { TaskPhase } from '../src/shared/task-phase';

export const PHASES: Record<TaskPhase, string> = {
  ready: 'Ready',
  working: 'Working…',
  approval: 'Waiting for your approval',
  error: 'Stopped on an error',
};

export const KEY_STATUS: Record<KeyStatus, string> = {
  set: 'key set',
  missing: 'no API key',
  'not-needed': 'no key needed',
};

export const STRINGS = {
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  restricted: 'Restricted Mode: read-only tools only',
  noFolder: 'no folder open',
  welcomeTitle: 'Welcome to Relay',
  welcomeIntro: 'Describe a task and Relay plans it, edits files and runs commands, asking before anything risky.',
  provider: 'Provider',
  model: 'Model',
  apiKey: 'API key',
  setUp: 'Set Up Provider',
  change: 'Change',
  tryTitle: 'Try a task in this workspace',
  shortcutsTitle: 'Keyboard shortcuts',
  useExample: (task: string) => `Use this task: ${task}`,
  loadingExamples: 'Looking at this workspace…',
  statusTitle: (text: string) => text,
} as const;

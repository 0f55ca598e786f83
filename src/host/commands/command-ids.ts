// The commands whose work lives in the lazily loaded runtime bundle. extension.ts registers exactly these ids at
// activation; relay-commands.ts implements them. No imports: this file is part of the activation bundle.
/** The entry points outside the chat, each a folder of src/host wired by the composition root (relay.ts). */
export const ENTRY_POINT_COMMANDS = [
  // The light bulb's and the Problems view's actions (src/host/code-actions).
  'relay.codeActions.fix',
  'relay.codeActions.explain',
  'relay.codeActions.improve',
  // Source Control's commit message (src/host/scm).
  'relay.scm.generateCommitMessage',
  'relay.scm.stopCommitMessage',
  // Review My Changes in Source Control and its findings' Fix (src/host/change-review).
  'relay.reviewMyChanges',
  'relay.reviewFinding.fix',
  // Inline edit in the editor, Ctrl+I (src/host/inline-edit).
  'relay.inlineEdit.start',
  'relay.inlineEdit.refine',
  'relay.inlineEdit.discard',
  // Review My Changes on a parallel task's change set (src/host/tasks/review/task-agent-review.ts).
  'relay.tasks.reviewWithRelay',
  // The terminal's Explain and Fix with Relay on a command (src/host/terminal-actions).
  'relay.terminal.explain',
  'relay.terminal.fix',
] as const;

export const RUNTIME_COMMANDS = [
  'relay.cancelTask',
  'relay.condenseContext',
  'relay.setApiKey',
  'relay.selectModel',
  'relay.showToolStatistics',
  'relay.showCustomizations',
  'relay.selectAgent',
  'relay.openTaskHistory',
  'relay.askAboutSelection',
  'relay.explainSelection',
  'relay.fixProblems',
  'relay.mcpServers',
  'relay.showProcesses',
  'relay.setUpProvider',
  'relay.testConnection',
  'relay.reviewWorkspaceSettings',
  'relay.reviewTaskChanges',
  'relay.review.acceptHunk',
  'relay.review.rejectHunk',
  'relay.review.rejectHunkWithReason',
  'relay.review.nextHunk',
  'relay.review.acceptFile',
  'relay.review.rejectFile',
  'relay.review.acceptAll',
  'relay.review.rejectAll',
  // Parallel tasks (src/host/tasks/task-commands.ts).
  'relay.tasks.newParallelTask',
  'relay.tasks.open',
  'relay.tasks.stop',
  'relay.tasks.discard',
  'relay.tasks.restoreBranch',
  'relay.tasks.cleanUpWorktrees',
  // Bringing a parallel task back (src/host/tasks/review/task-review-commands.ts).
  'relay.tasks.reviewChanges',
  'relay.tasks.apply',
  'relay.tasks.updateFromBase',
  'relay.tasks.mergeBranch',
  'relay.tasks.keepBranch',
  ...ENTRY_POINT_COMMANDS,
] as const;

export type RuntimeCommand = (typeof RUNTIME_COMMANDS)[number];

export type EntryPointCommand = (typeof ENTRY_POINT_COMMANDS)[number];

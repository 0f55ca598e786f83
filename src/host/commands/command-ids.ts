// The commands whose work lives in the lazily loaded runtime bundle. extension.ts registers exactly these ids at
// activation; relay-commands.ts implements them. No imports: this file is part of the activation bundle.
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
  // Review My Changes (src/host/change-review).
  'relay.reviewMyChanges',
  'relay.reviewFinding.fix',
] as const;

export type RuntimeCommand = (typeof RUNTIME_COMMANDS)[number];

// The pure edit engine: search/replace edits, apply_patch, diff blocks, diagnostics delta and settling.

export { applyEdits } from './apply-edits';
export { applyPatch, applyOperations, type ApplyPatchResult, type PatchError } from './patch-apply';
export { parsePatch, type ParsePatchResult, type PatchHunk, type PatchOperation, type HunkLine } from './patch-parser';
export { unifiedDiffFor, type UnifiedDiffBlock, type DiffableChange } from './unified-diff';
export { lineChangesBetween } from './line-changes';
export {
  computeDiagnosticsDelta,
  type DiagnosticInfo,
  type DiagnosticSeverity,
  type DiagnosticsDelta,
  type DiagnosticsDeltaOptions,
  type FileDiagnostics,
  type LocatedDiagnostic,
} from './diagnostics-delta';
export { DIAGNOSTICS_WAIT, type DiagnosticsWaitDefaults } from './diagnostics-wait';
export { waitForQuiet, systemClock, type SettleClock, type SettleOutcome, type SettleResult, type WaitForQuietOptions } from './settle';
export { BLOCK_ANCHOR_THRESHOLD } from './strategies/block-anchor';
export * from './types';
export {
  diffLineHunks,
  locateHunks,
  proposalHunks,
  resolveReview,
  reviewBasis,
  splitKeepingEnds,
  type LineHunk,
  type ReviewBasis,
  type LocatedHunk,
  type ResolvedHunk,
  type ReviewInput,
  type ReviewResolution,
} from './review-hunks';

// Public API of the permission core (tool-system.md §9). The host supplies `FileSystemFacts` and the WASM
// paths; everything else is pure.
export type {
  ApprovalMode,
  CheckSubject,
  Decision,
  DecisionAudit,
  DecisionBasis,
  FileSystemFacts,
  LoopObservation,
  PermissionAction,
  PermissionCheck,
  PermissionRequest,
  PermissionRule,
  RuleOrigin,
  RuleRef,
  RuleSubject,
  ToolKind,
  ToolTargets,
  UserAnswer,
} from './types';
export { PermissionPolicy, type PermissionPolicyOptions } from './policy';
export {
  createShellAnalyzer,
  createShellAnalyzerWith,
  analyzeShell,
  type ShellAnalysis,
  type ShellAnalyzer,
  type ShellCommand,
  type ShellFinding,
} from './command-analysis';
export type { ShellParserPaths } from './shell-parser';
export { LoopGuard, canonicalArguments, canonicalJson, DEFAULT_LOOP_THRESHOLD } from './loop-guard';
export {
  applyAnswer,
  suggestAlwaysAllow,
  suggestCommandPattern,
  suggestPathPattern,
  exactCommandPattern,
  type AlwaysAllowSuggestion,
  type AnsweredDecision,
} from './answers';
export { DEFAULT_RULES } from './default-rules';
export { MODE_LABELS, decideByMode } from './modes';
export { compareSpecificity, pickRule, type PolicyRule } from './rules';
export {
  APPROVAL_MODES,
  APPROVAL_MODE_SETTING,
  ApprovalModeSchema,
  PERMISSION_RULES_SETTING,
  PERMISSION_SETTINGS_JSON_SCHEMA,
  PermissionRuleSchema,
  PermissionRulesSchema,
  findSettingsSchemaDrift,
  parsePermissionRules,
} from './settings-schema';

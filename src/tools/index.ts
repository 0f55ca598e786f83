// The built-in tools, as factories ready for the ToolRegistry: every call gets its own instance (behaviour 7),
// all sharing the host's ports. Register with `registerBuiltinTools(registry, services)` or by hand:
//   for (const t of createBuiltinToolFactories(services)) registry.registerFactory(t.name, t.factory, { source: t.source });
import type { AnyTool, RegisteredTool, ToolFactory, ToolKind, ToolRegistry } from '../core/tools';
import { APPLY_PATCH, ApplyPatchTool } from './apply-patch';
import { ASK_FOLLOWUP_QUESTION, AskFollowupQuestionTool } from './ask-followup-question';
import { CALL_HIERARCHY, CallHierarchyTool } from './call-hierarchy';
import { DOCUMENT_OUTLINE, DocumentOutlineTool } from './document-outline';
import { EDIT_FILE, EditFileTool } from './edit-file';
import { FIND_FILES, FindFilesTool } from './find-files';
import { FIND_REFERENCES, FindReferencesTool } from './find-references';
import { FIND_SYMBOL, FindSymbolTool } from './find-symbol';
import { GET_DIAGNOSTICS, GetDiagnosticsTool } from './get-diagnostics';
import { GO_TO_DEFINITION, GoToDefinitionTool } from './go-to-definition';
import { HOVER_INFO, HoverInfoTool } from './hover-info';
import { LIST_FILES, ListFilesTool } from './list-files';
import { LIST_PROCESSES, ListProcessesTool } from './list-processes';
import { READ_FILE, ReadFileTool } from './read-file';
import { READ_OUTPUT, ReadOutputTool } from './read-output';
import { RENAME_SYMBOL, RenameSymbolTool } from './rename-symbol';
import { RUN_COMMAND, RunCommandTool } from './run-command';
import { SEARCH_TEXT, SearchTextTool } from './search-text';
import { SEND_INPUT, SendInputTool } from './send-input';
import type { ToolServices } from './services';
import { STOP_PROCESS, StopProcessTool } from './stop-process';
import { TODO_WRITE, TodoWriteTool } from './todo-write';
import { WEB_FETCH, WebFetchTool } from './web-fetch';
import { CHECK_PAGE, CheckPageTool } from './check-page';
import { WRITE_FILE, WriteFileTool } from './write-file';

export type { BuiltinToolOptions, TodoItem, TodoSink, ToolServices, WebAccess } from './services';
export { DEFAULT_COMMAND_TIMEOUT_MS, DEFAULT_DIAGNOSTICS_WAIT } from './services';

/** A registry entry (RegisteredTool's shape) plus the kind, for callers that filter before registering (trust, plan mode). */
export interface BuiltinToolEntry extends RegisteredTool {
  source: 'builtin';
  kind: ToolKind;
}

const BUILTIN_TOOLS: { name: string; kind: ToolKind; create: (services: ToolServices) => AnyTool; available?: (services: ToolServices) => boolean }[] = [
  { name: READ_FILE, kind: 'readonly', create: (s) => new ReadFileTool(s) },
  { name: LIST_FILES, kind: 'readonly', create: (s) => new ListFilesTool(s) },
  { name: FIND_FILES, kind: 'readonly', create: (s) => new FindFilesTool(s) },
  { name: SEARCH_TEXT, kind: 'readonly', create: (s) => new SearchTextTool(s) },
  { name: GET_DIAGNOSTICS, kind: 'readonly', create: (s) => new GetDiagnosticsTool(s) },
  { name: FIND_SYMBOL, kind: 'readonly', create: (s) => new FindSymbolTool(s) },
  { name: DOCUMENT_OUTLINE, kind: 'readonly', create: (s) => new DocumentOutlineTool(s) },
  { name: GO_TO_DEFINITION, kind: 'readonly', create: (s) => new GoToDefinitionTool(s) },
  { name: FIND_REFERENCES, kind: 'readonly', create: (s) => new FindReferencesTool(s) },
  { name: HOVER_INFO, kind: 'readonly', create: (s) => new HoverInfoTool(s) },
  { name: CALL_HIERARCHY, kind: 'readonly', create: (s) => new CallHierarchyTool(s) },
  { name: EDIT_FILE, kind: 'write', create: (s) => new EditFileTool(s) },
  { name: WRITE_FILE, kind: 'write', create: (s) => new WriteFileTool(s) },
  { name: APPLY_PATCH, kind: 'write', create: (s) => new ApplyPatchTool(s) },
  { name: RENAME_SYMBOL, kind: 'write', create: (s) => new RenameSymbolTool(s) },
  { name: RUN_COMMAND, kind: 'execute', create: (s) => new RunCommandTool(s) },
  { name: READ_OUTPUT, kind: 'readonly', create: (s) => new ReadOutputTool(s), available: (s) => s.processes !== undefined },
  { name: SEND_INPUT, kind: 'execute', create: (s) => new SendInputTool(s), available: (s) => s.processes !== undefined },
  { name: STOP_PROCESS, kind: 'readonly', create: (s) => new StopProcessTool(s), available: (s) => s.processes !== undefined },
  { name: LIST_PROCESSES, kind: 'readonly', create: (s) => new ListProcessesTool(s), available: (s) => s.processes !== undefined },
  { name: ASK_FOLLOWUP_QUESTION, kind: 'readonly', create: (s) => new AskFollowupQuestionTool(s) },
  { name: TODO_WRITE, kind: 'readonly', create: (s) => new TodoWriteTool(s) },
  { name: WEB_FETCH, kind: 'readonly', create: (s) => new WebFetchTool(s), available: (s) => s.web !== undefined },
  { name: CHECK_PAGE, kind: 'readonly', create: (s) => new CheckPageTool(s), available: (s) => s.web !== undefined && s.pages !== undefined },
];

export const BUILTIN_TOOL_NAMES: readonly string[] = BUILTIN_TOOLS.map((t) => t.name);

export function createBuiltinToolFactories(services: ToolServices): BuiltinToolEntry[] {
  return BUILTIN_TOOLS.filter((t) => t.available?.(services) ?? true).map(({ name, kind, create }) => {
    const factory: ToolFactory = () => create(services);
    return { name, kind, factory, source: 'builtin' as const };
  });
}

export function registerBuiltinTools(registry: ToolRegistry, services: ToolServices): void {
  for (const tool of createBuiltinToolFactories(services)) registry.registerFactory(tool.name, tool.factory, { source: tool.source });
}

export {
  APPLY_PATCH,
  ASK_FOLLOWUP_QUESTION,
  CALL_HIERARCHY,
  CHECK_PAGE,
  DOCUMENT_OUTLINE,
  EDIT_FILE,
  FIND_FILES,
  FIND_REFERENCES,
  FIND_SYMBOL,
  GET_DIAGNOSTICS,
  GO_TO_DEFINITION,
  HOVER_INFO,
  LIST_FILES,
  LIST_PROCESSES,
  READ_FILE,
  READ_OUTPUT,
  RENAME_SYMBOL,
  RUN_COMMAND,
  SEARCH_TEXT,
  SEND_INPUT,
  STOP_PROCESS,
  TODO_WRITE,
  WEB_FETCH,
  WRITE_FILE,
};

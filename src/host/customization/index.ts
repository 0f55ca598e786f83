// Customisation files (rules, agents, hooks, slash commands): one service per window, found and watched in the
// workspace folders. Each kind registers itself here (`customizations.register(kind)`) and is read on first use.
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { createHooksKind } from '../../core/customization/hooks/hooks-kind';
import { createRulesKind } from '../../core/customization/rules/rules-kind';
import { createAgentsKind } from '../../core/customization/agents/agents-kind';
import { createCommandsKind } from '../../core/customization/commands/commands-kind';
import { CustomizationService } from './customization-service';
import { VscodeCustomizationFiles } from './vscode-files';

export { CustomizationService } from './customization-service';
export { turnRulesFrom } from './turn-rules';
export { AgentSelection, sessionAgent, toolKinds } from './agent-selection';
export { delegatesFor } from '../../core/customization/agents/delegates';
export { agentTurns } from './agent-turns';
export { inMode, modalConfirmAgentMode, type ConfirmAgentMode } from './agent-mode';

/**
 * VS Code's user profile folder (`<user data>/User`), from `ExtensionContext.globalStorageUri`
 * (`<user data>/User/globalStorage/<extension id>`): where the user's prompt files are (`prompts/`). VS Code gives
 * every extension host the default profile's global storage, whatever profile the window uses, and no API names the
 * window's profile, so a non-default profile's own folder (`User/profiles/<id>/prompts`) cannot be found from here.
 */
export function vscodeProfileFolder(globalStorageUri: vscode.Uri | undefined): string | undefined {
  return globalStorageUri?.scheme === 'file' ? dirname(dirname(globalStorageUri.fsPath)) : undefined;
}

/** `profile`: VS Code's user profile folder (vscodeProfileFolder), for user-level files kept there. */
export function createCustomizationService(roots: () => readonly string[], profile?: string): CustomizationService {
  const service = new CustomizationService(new VscodeCustomizationFiles(roots));
  service.register(createRulesKind(l10n.t('Rules'), homedir()));
  service.register(createHooksKind(l10n.t('Hooks')));
  service.register(createAgentsKind(l10n.t('Agents')));
  service.register(createCommandsKind(l10n.t('Slash commands'), homedir(), profile));
  const folders = vscode.workspace.onDidChangeWorkspaceFolders(() => service.reset());
  const dispose = service.dispose.bind(service);
  service.dispose = () => {
    folders.dispose();
    dispose();
  };
  return service;
}

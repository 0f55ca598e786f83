// Slash commands in the extension: SlashCommands on VS Code's editor, input box and file system, with shell
// substitutions through the run_command checks. relay.ts creates one and applies a command's turn (command-turn.ts).
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import * as vscode from 'vscode';
import { l10n } from '../../../core/l10n';
import type { ApprovalGate } from '../../../core/ports/approval';
import type { CommandSandbox } from '../../../core/ports/command-sandbox';
import type { CustomizationService } from '../customization-service';
import { MAX_CUSTOMIZATION_BYTES } from '../limits';
import { runShellSubstitution } from './command-shell';
import { SlashCommands } from './slash-commands';

export { SlashCommands, type CommandTurn, type Expanded } from './slash-commands';
export { commandTurnTools, recordCommandTurn } from './command-turn';

export interface SlashCommandHost {
  customizations: CustomizationService;
  roots(): readonly string[];
  approvals: ApprovalGate;
  sandbox?: () => Promise<CommandSandbox | undefined>;
}

export function createSlashCommands(host: SlashCommandHost): SlashCommands {
  return new SlashCommands({
    customizations: host.customizations,
    roots: () => host.roots(),
    editor: () => {
      const editor = vscode.window.activeTextEditor;
      const document = editor?.document;
      const selection = editor && !editor.selection.isEmpty ? document!.getText(editor.selection) : undefined;
      const folder = host.roots()[0];
      return {
        ...(folder ? { workspaceFolder: folder } : {}),
        ...(document?.uri.scheme === 'file' ? { file: document.uri.fsPath } : {}),
        ...(selection !== undefined ? { selection } : {}),
      };
    },
    askInput: async (command, input) =>
      vscode.window.showInputBox({
        title: l10n.t('/{0}: a value for "{1}"', command.id, input.name),
        prompt: input.placeholder ?? input.name,
        ...(input.placeholder ? { placeHolder: input.placeholder } : {}),
        ignoreFocusOut: true,
      }),
    runShell: (command, signal) =>
      runShellSubstitution(command, { trusted: () => vscode.workspace.isTrusted, approvals: host.approvals, cwd: host.roots()[0], ...(host.sandbox ? { sandbox: host.sandbox } : {}) }, signal),
    readFile: (path) => readWorkspaceFile(path, host.roots()),
  });
}

/** A file's text when it (its real path) lies inside a workspace folder and is not too large. */
async function readWorkspaceFile(path: string, roots: readonly string[]): Promise<string | undefined> {
  try {
    const real = await realpath(path);
    const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => root)));
    const inside = realRoots.some((root) => {
      const rel = relative(root, real);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
    });
    const info = await stat(real);
    if (!inside || !info.isFile() || info.size > MAX_CUSTOMIZATION_BYTES) return undefined;
    return await readFile(real, 'utf8');
  } catch {
    return undefined;
  }
}

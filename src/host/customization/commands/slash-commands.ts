// Slash commands for the chat: the list the "/" menu shows, and a typed "/name arguments" expanded into the prompt
// of one turn: each source's argument syntax (expand.ts), Copilot's inputs asked when not given, `@file` includes
// read from the workspace, shell substitutions run after the run_command checks (command-shell.ts). The result says
// what the turn runs with (agent, model, tools, pre-approved tools). No `vscode` import: the editor comes in below.
import { isAbsolute, relative, resolve } from 'node:path';
import { l10n } from '../../../core/l10n';
import type { SlashCommand } from '../../../core/customization/commands/command';
import { COMMANDS_KIND_ID, findCommand, parseInvocation } from '../../../core/customization/commands/commands-kind';
import { copilotArguments, type ExpansionContext, expandCommand, type InputVariable, inputVariables, joinPieces } from '../../../core/customization/commands/expand';
import type { SlashCommandChoice } from '../../../shared/chat-model';
import type { CustomizationService } from '../customization-service';
import type { ShellResult } from './command-shell';
import { shownSource } from '../../../core/customization/source-names';

/** The turn a command starts: the prompt the model gets and what the turn runs with. */
export interface CommandTurn {
  command: SlashCommand;
  /** The expanded prompt. */
  text: string;
  agent?: string;
  model?: string;
  tools?: string[];
  allowedTools?: string[];
  /** The turn runs as a sub-agent (OpenCode's `subtask`): `agent` is then the sub-agent's, not the conversation's. */
  subtask?: boolean;
}

export type Expanded = { type: 'turn'; turn: CommandTurn } | { type: 'refused'; reason: string } | { type: 'none' };

export interface SlashCommandDeps {
  customizations: CustomizationService;
  /** The editor's file and selection, the workspace folder. */
  editor(): ExpansionContext;
  /** Asks for a Copilot input; undefined when the person cancels. */
  askInput(command: SlashCommand, input: InputVariable): Promise<string | undefined>;
  runShell(command: string, signal: AbortSignal): Promise<ShellResult>;
  /** A workspace file's text for `@path`; undefined when absent, outside the workspace or too large. */
  readFile(path: string): Promise<string | undefined>;
  roots(): readonly string[];
}

export class SlashCommands {
  constructor(private readonly deps: SlashCommandDeps) {}

  /** The "/" menu's rows, loading the command files on first use. */
  async list(): Promise<SlashCommandChoice[]> {
    const { entries } = await this.deps.customizations.get<SlashCommand>(COMMANDS_KIND_ID);
    return entries.map((command) => ({
      name: command.id,
      source: command.userLevel ? l10n.t('{0} (user)', shownSource(command.source)) : shownSource(command.source),
      ...(command.description ? { description: command.description } : {}),
      ...(command.argumentHint ? { argumentHint: command.argumentHint } : {}),
    }));
  }

  /** `text` as a command's turn; `none` when it names no command (it is then sent as typed). */
  async expand(text: string, signal: AbortSignal = new AbortController().signal): Promise<Expanded> {
    const invocation = parseInvocation(text);
    if (!invocation) return { type: 'none' };
    const { entries } = await this.deps.customizations.get<SlashCommand>(COMMANDS_KIND_ID);
    const command = findCommand(entries, invocation.name);
    if (!command) {
      const clashing = entries.filter((c) => c.name === invocation.name);
      if (clashing.length > 1) {
        return { type: 'refused', reason: l10n.t('/{0} is defined by several sources: type one of {1}.', invocation.name, clashing.map((c) => `/${c.id}`).join(', ')) };
      }
      return { type: 'none' };
    }
    const context = { ...this.deps.editor() };
    if (command.syntax === 'copilot') {
      const given = copilotArguments(command, invocation.args).inputs;
      const inputs: Record<string, string> = {};
      for (const input of inputVariables(command)) {
        if (given[input.name] !== undefined) continue;
        const value = await this.deps.askInput(command, input);
        if (value === undefined) return { type: 'refused', reason: l10n.t('/{0} was not sent: no value was given for "{1}".', command.id, input.name) };
        inputs[input.name] = value;
      }
      context.inputs = inputs;
    }
    const expansion = expandCommand(command, invocation.args, context);
    const outputs: string[] = [];
    for (const piece of expansion.pieces) {
      if (piece.type !== 'shell') continue;
      const result = await this.deps.runShell(piece.command, signal);
      if (!result.ok) return { type: 'refused', reason: l10n.t('/{0} was not sent: its command `{1}` did not run. {2}', command.id, piece.command, result.reason) };
      outputs.push(result.output);
    }
    let prompt = joinPieces(expansion.pieces, (_command, index) => outputs[index] ?? '');
    const included = await this.includes(command, expansion.files);
    if (included.length > 0) prompt += `\n\n${included.join('\n\n')}`;
    return {
      type: 'turn',
      turn: {
        command,
        text: prompt,
        ...(command.agent ? { agent: command.agent } : {}),
        ...(command.model ? { model: command.model } : {}),
        ...(command.tools ? { tools: command.tools } : {}),
        ...(command.allowedTools ? { allowedTools: command.allowedTools } : {}),
        ...(command.subtask ? { subtask: true } : {}),
      },
    };
  }

  /** `@path` files inside the workspace, relative to the first folder; a name that is no such file stays text. */
  private async includes(command: SlashCommand, paths: readonly string[]): Promise<string[]> {
    const root = this.deps.roots()[0];
    if (!root) return [];
    const out: string[] = [];
    for (const path of paths) {
      const absolute = resolve(root, path);
      const rel = relative(root, absolute);
      if (rel.startsWith('..') || isAbsolute(rel)) continue;
      const text = await this.deps.readFile(absolute);
      if (text === undefined) continue;
      const fence = text.includes('```') ? '~~~~' : '```';
      out.push(`Contents of ${rel.split('\\').join('/')} (included by /${command.id}):\n${fence}\n${text.replace(/\n$/, '')}\n${fence}`);
    }
    return out;
  }
}

// A command's template with the user's arguments, in the syntax of the source the command came from
// (command.ts): Claude Code's and OpenCode's `$ARGUMENTS` and `$1`…`$9`, Copilot's `${input:name}` and editor
// variables, plain text for the rest. Shell substitutions (`` !`cmd` ``) and `@file` includes are found here and
// resolved by the host (they run or read only after the checks there); what they return is put in afterwards.
import { basename, dirname, extname } from 'node:path';
import type { SlashCommand } from './command';

/** What the host knows of the editor when the command runs (Copilot's prompt-file variables). */
export interface ExpansionContext {
  workspaceFolder?: string;
  /** The active editor's file, absolute. */
  file?: string;
  selection?: string;
  /** Values of `${input:name}`, from the arguments or asked by the host. */
  inputs?: Readonly<Record<string, string>>;
}

export type Piece = { type: 'text'; text: string } | { type: 'shell'; command: string };

export interface Expansion {
  pieces: Piece[];
  /** Paths named by `@path` in the template (not in the arguments), in order, once each. */
  files: string[];
}

export interface InputVariable {
  name: string;
  placeholder?: string;
}

const SHELL = /!`([^`\n]+)`/g;
const POSITIONAL = /\$([1-9])/g;
const COPILOT_VARIABLE = /\$\{([a-zA-Z]+)(?::([^}:]+)(?::([^}]*))?)?\}/g;
const FILE_INCLUDE = /(^|[\s(])@((?:\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.[\w-]+)(?=$|[\s),.;:!?])/gm;

/** Arguments split like a shell would at spaces, keeping quoted parts together ("a b" 'c d'). */
export function splitArguments(args: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | undefined;
  let started = false;
  for (const char of args) {
    if (quote) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started || current !== '') out.push(current);
      current = '';
      started = false;
    } else current += char;
  }
  if (started || current !== '') out.push(current);
  return out;
}

/** Copilot's `${input:name}` and `${input:name:placeholder}` in a prompt file, once each. */
export function inputVariables(command: SlashCommand): InputVariable[] {
  if (command.syntax !== 'copilot') return [];
  const found = new Map<string, InputVariable>();
  for (const match of command.body.matchAll(COPILOT_VARIABLE)) {
    if (match[1] !== 'input' || !match[2]) continue;
    const name = match[2].trim();
    if (!found.has(name)) found.set(name, { name, ...(match[3] ? { placeholder: match[3].trim() } : {}) });
  }
  return [...found.values()];
}

/** Copilot arguments: `name=value` pairs for the prompt's inputs; the rest is the user's own text. */
export function copilotArguments(command: SlashCommand, args: string): { inputs: Record<string, string>; rest: string } {
  const names = new Set(inputVariables(command).map((input) => input.name));
  const inputs: Record<string, string> = {};
  const rest: string[] = [];
  for (const word of splitArguments(args)) {
    const eq = word.indexOf('=');
    const name = eq > 0 ? word.slice(0, eq) : '';
    if (names.has(name)) inputs[name] = word.slice(eq + 1);
    else rest.push(word);
  }
  return { inputs, rest: rest.join(' ') };
}

export function expandCommand(command: SlashCommand, args: string, context: ExpansionContext = {}): Expansion {
  const files = command.fileIncludes ? fileIncludes(command.body) : [];
  switch (command.syntax) {
    case 'claude':
    case 'opencode':
      return { pieces: dollarPieces(command, args), files };
    case 'copilot':
      return { pieces: [{ type: 'text', text: copilotText(command, args, context) }], files };
    default:
      return { pieces: [{ type: 'text', text: args ? `${command.body}\n\n${args}` : command.body }], files };
  }
}

/** The pieces joined, each shell substitution replaced by what `output` gives for it. */
export function joinPieces(pieces: readonly Piece[], output: (command: string, index: number) => string): string {
  let shell = 0;
  return pieces.map((piece) => (piece.type === 'text' ? piece.text : output(piece.command, shell++))).join('');
}

function dollarPieces(command: SlashCommand, args: string): Piece[] {
  const words = splitArguments(args);
  const body = command.body;
  const highest = Math.max(0, ...[...body.matchAll(POSITIONAL)].map((match) => Number(match[1])));
  // One pass, so a "$1" inside the arguments themselves is never substituted again.
  const substitute = (text: string) =>
    text.replace(/\$ARGUMENTS|\$([1-9])/g, (_all, digit: string | undefined) => {
      if (digit === undefined) return args;
      const index = Number(digit) - 1;
      // OpenCode: the last placeholder takes every remaining argument.
      if (command.syntax === 'opencode' && Number(digit) === highest) return words.slice(index).join(' ');
      return words[index] ?? '';
    });
  const pieces: Piece[] = [];
  let at = 0;
  if (command.shell) {
    for (const match of body.matchAll(SHELL)) {
      if (match.index! > at) pieces.push({ type: 'text', text: substitute(body.slice(at, match.index)) });
      pieces.push({ type: 'shell', command: substitute(match[1]!) });
      at = match.index! + match[0].length;
    }
  }
  if (at < body.length) pieces.push({ type: 'text', text: substitute(body.slice(at)) });
  const usesArguments = /\$ARGUMENTS/.test(body) || highest > 0;
  if (!usesArguments && args !== '') {
    // Claude Code appends the arguments under a label; OpenCode adds them as a paragraph.
    pieces.push({ type: 'text', text: command.syntax === 'claude' ? `\n\nARGUMENTS: ${args}` : `\n\n${args}` });
  }
  return pieces;
}

function copilotText(command: SlashCommand, args: string, context: ExpansionContext): string {
  const { inputs, rest } = copilotArguments(command, args);
  const given = { ...context.inputs, ...inputs };
  const file = context.file;
  const folder = context.workspaceFolder;
  const variables: Record<string, string | undefined> = {
    workspaceFolder: folder,
    workspaceFolderBasename: folder ? basename(folder) : undefined,
    selection: context.selection,
    selectedText: context.selection,
    file,
    fileBasename: file ? basename(file) : undefined,
    fileDirname: file ? dirname(file) : undefined,
    fileBasenameNoExtension: file ? basename(file, extname(file)) : undefined,
  };
  const text = command.body.replace(COPILOT_VARIABLE, (all, name: string, inputName: string | undefined) => {
    if (name === 'input' && inputName) return given[inputName.trim()] ?? all;
    if (inputName !== undefined) return all;
    return Object.hasOwn(variables, name) ? (variables[name] ?? '') : all;
  });
  return rest ? `${text}\n\n${rest}` : text;
}

function fileIncludes(body: string): string[] {
  const outsideCode = body.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...new Set([...outsideCode.matchAll(FILE_INCLUDE)].map((match) => match[2]!))];
}

// Splits a command line into the simple commands a shell would run (behaviour 31): across `|`, `&&`, `||`,
// `;`, `&`, newlines, `$(...)`, backticks, subshells, groups, process substitution, here-docs, functions,
// wrappers (`sudo`, `env`, `xargs`, ...) and nested shell code (`bash -c`, `eval`, `sh <<EOF`).
import { l10n, type Said } from '../l10n';
import { variableFamily } from './command-environment';
import { DOWNLOADERS, unwrapCommand } from './command-wrappers';
import { createLazyShellParser, type ShellParse, type ShellParserPaths, type SyntaxNode } from './shell-parser';
import { commandBaseName, type CommandWord, literalWord, wordFromNode } from './shell-words';

export interface ShellRedirect {
  operator: string;
  target?: CommandWord;
  /** `none` for descriptor duplication and closing (`2>&1`, `>&-`). */
  access: 'read' | 'write' | 'none';
}

export interface ShellCommand {
  /** As written, for people. */
  text: string;
  /** argv; empty for a bare redirection (`> file`). */
  words: CommandWord[];
  /** Redirections of this command and of the statements around it. */
  redirects: ShellRedirect[];
  /** The wrappers and interpreters it was found inside, outermost first (`sudo`, `bash -c`). */
  via: string[];
  /** Literal stdin when known: a here-doc, a here-string, or `echo ... |`. */
  stdinText?: string;
  /** The commands piped into this one. */
  stdinFrom?: ShellCommand[];
  /**
   * A wrapper (`nice`, `timeout`, `xargs`) that only starts the commands found inside it; they carry its
   * redirections and are judged with them, so the wrapper's own line is not judged for them a second time.
   */
  wraps?: boolean;
}

export type ShellFindingKind =
  | 'unparseable'
  | 'dynamic-command'
  | 'opaque-script'
  | 'download-to-interpreter'
  | 'fork-bomb'
  | 'too-complex';

/** Something about the command line as a whole that no per-command rule can judge. */
export interface ShellFinding {
  kind: ShellFindingKind;
  text: string;
  /** What is wrong, for the model (English) and for people (display language). */
  detail: Said;
}

/** `NAME=value` before a command, through `env`, or for the shell itself (`export NAME=value`, `NAME=value;`). */
export interface ShellAssignment {
  name: string;
  value: CommandWord;
  /** The command it applies to, or the statement that sets it, as written. */
  text: string;
  /** `command`: only the command it prefixes sees it; `shell`: every later command (and the shell) does. */
  scope: 'command' | 'shell';
  via: string[];
}

/** A parameter expansion anywhere on the line (`$X`, `"${X:-y}"`, in a here-doc, an assignment or a loop). */
export interface ShellExpansion {
  /** The variable's name (`X`). */
  name: string;
  /** The expansion as written (`${X:-y}`). */
  text: string;
}

export interface ShellAnalysis {
  commands: ShellCommand[];
  findings: ShellFinding[];
  assignments: ShellAssignment[];
  /** Every variable the shell expands, in this code and in the nested code it runs (`bash -c '…'`). */
  expansions: ShellExpansion[];
}

export interface ShellAnalyzer {
  analyze(command: string): Promise<ShellAnalysis>;
}

/** Nested shell code deeper than this is not worth following: it asks. */
const MAX_NESTING = 6;
/** Longer command lines ask instead of being parsed: nobody reviews them by eye either. */
export const MAX_COMMAND_LENGTH = 20_000;

/** The analyzer the host creates once; tree-sitter is loaded on the first `analyze` call, never before. */
export function createShellAnalyzer(paths: ShellParserPaths): ShellAnalyzer {
  return createShellAnalyzerWith(createLazyShellParser(paths));
}

/** Same, with the parser loader supplied (tests count loads through it). */
export function createShellAnalyzerWith(loadParser: () => Promise<ShellParse>): ShellAnalyzer {
  return {
    async analyze(command) {
      const parse = await loadParser();
      return analyzeShell(command, parse);
    },
  };
}

export function analyzeShell(source: string, parse: ShellParse): ShellAnalysis {
  const out: ShellAnalysis = { commands: [], findings: [], assignments: [], expansions: [] };
  analyzeInto(source, parse, out, [], 0);
  return out;
}

function analyzeInto(source: string, parse: ShellParse, out: ShellAnalysis, via: string[], depth: number): void {
  if (depth > MAX_NESTING) {
    out.findings.push({ kind: 'too-complex', text: source, detail: l10n.both('shell code nested too deeply to follow') });
    return;
  }
  if (source.length > MAX_COMMAND_LENGTH) {
    out.findings.push({ kind: 'too-complex', text: `${source.slice(0, 80)}…`, detail: l10n.both('command line too long to analyse') });
    return;
  }
  const parsed = parse(source);
  collectExpansions(parsed.root, out.expansions);
  const walker = new CommandWalker(parse, out, via, depth);
  walker.walk(parsed.root, { redirects: [] });
  if (parsed.hasError && !walker.sawError) {
    out.findings.push({ kind: 'unparseable', text: source, detail: l10n.both('the shell syntax could not be parsed') });
  }
}

interface Scope {
  redirects: ShellRedirect[];
  /** The whole statement's text when its body is one command: `echo x > out` rather than `echo x`. */
  statementText?: string;
  stdinText?: string;
  stdinFrom?: ShellCommand[];
}

class CommandWalker {
  sawError = false;

  constructor(
    private readonly parse: ShellParse,
    private readonly out: ShellAnalysis,
    private readonly via: string[],
    private readonly depth: number,
  ) {}

  walk(node: SyntaxNode, scope: Scope): void {
    switch (node.type) {
      case 'command':
        return this.command(node, scope);
      case 'declaration_command':
      case 'unset_command':
        return this.declaration(node, scope);
      case 'redirected_statement':
        return this.redirected(node, scope);
      case 'pipeline':
        return this.pipeline(stagesOf(node), scope);
      case 'function_definition':
        return this.functionDefinition(node, scope);
      case 'command_substitution':
      case 'process_substitution':
        return this.nested(node);
      case 'variable_assignment':
        this.assignment(node, node.text, 'shell');
        return this.nested(node);
      case 'comment':
        return;
      case 'ERROR':
        this.unparseable(node);
        break;
      default:
        if (node.missing) this.unparseable(node);
    }
    for (const child of node.children) this.walk(child, { redirects: scope.redirects, stdinText: scope.stdinText, stdinFrom: scope.stdinFrom });
  }

  /** Children whose commands run in their own context: substitutions inside words and redirections. */
  private nested(node: SyntaxNode): void {
    for (const child of node.children) {
      // An assignment's own value, not a statement: the caller has recorded the assignment.
      if (child.type === 'variable_assignment') this.nested(child);
      else this.walk(child, { redirects: [] });
    }
  }

  /** Records `NAME=value`; a value that is a command line (`GIT_PAGER='rm -rf ~'`) is analysed as one. */
  private assignment(node: SyntaxNode, text: string, scope: ShellAssignment['scope'], via = this.via): void {
    const name = node.children.find((c) => c.field === 'name')?.text ?? '';
    const valueNode = node.children.find((c) => c.field === 'value');
    const value = valueNode ? wordFromNode(valueNode) : literalWord('');
    this.recordAssignment({ name, value, text, scope, via });
  }

  private recordAssignment(assignment: ShellAssignment): void {
    this.out.assignments.push(assignment);
    const { name, value } = assignment;
    if (value.literal && value.value.trim() && variableFamily(name)?.code) {
      analyzeInto(value.value, this.parse, this.out, [...assignment.via, `${name}=`], this.depth + 1);
    }
  }

  private unparseable(node: SyntaxNode): void {
    if (this.sawError) return;
    this.sawError = true;
    const text = node.text.trim() || node.type;
    this.out.findings.push({ kind: 'unparseable', text, detail: l10n.both('the shell syntax near "{0}" could not be parsed', text) });
  }

  private command(node: SyntaxNode, scope: Scope): void {
    const name = node.children.find((c) => c.field === 'name');
    const args = node.children.filter((c) => c.field === 'argument');
    const ownRedirects = node.children.filter((c) => c.field === 'redirect');
    const words = name ? [wordFromNode(name.children[0] ?? name), ...args.map(wordFromNode)] : [];
    const herestring = ownRedirects.map(herestringText).find((t) => t !== undefined);
    const text = scope.statementText ?? node.text;
    for (const a of node.children.filter((c) => c.type === 'variable_assignment')) this.assignment(a, text, 'command');
    this.emit({
      text,
      words,
      redirects: [...scope.redirects, ...ownRedirects.flatMap(redirectsOf)],
      via: this.via,
      stdinText: herestring ?? scope.stdinText,
      stdinFrom: scope.stdinFrom,
    });
    this.nested(node);
  }

  private declaration(node: SyntaxNode, scope: Scope): void {
    const [keyword, ...rest] = node.children;
    const words = [literalWord(keyword?.text ?? node.type), ...rest.filter((c) => c.named).map(assignmentOrWord)];
    this.emit({ text: node.text, words, redirects: scope.redirects, via: this.via });
    for (const a of rest.filter((c) => c.type === 'variable_assignment')) this.assignment(a, node.text, 'shell');
    this.nested(node);
  }

  private redirected(node: SyntaxNode, scope: Scope): void {
    const body = node.children.find((c) => c.field === 'body');
    const redirectNodes = node.children.filter((c) => c.field === 'redirect');
    const redirects: ShellRedirect[] = [];
    let heredoc: string | undefined;
    let heredocPipeline: SyntaxNode | undefined;
    for (const r of redirectNodes) {
      if (r.type === 'heredoc_redirect') {
        heredoc = r.children.find((c) => c.type === 'heredoc_body')?.text ?? '';
        heredocPipeline = r.children.find((c) => c.type === 'pipeline');
        r.children.filter((c) => c.type === 'file_redirect').forEach((c) => redirects.push(...redirectsOf(c)));
      } else {
        redirects.push(...redirectsOf(r));
        heredoc = herestringText(r) ?? heredoc;
      }
    }
    const inner: Scope = {
      redirects: [...scope.redirects, ...redirects],
      stdinText: heredoc ?? scope.stdinText,
      stdinFrom: scope.stdinFrom,
    };
    // `cat <<EOF | sh`: tree-sitter hangs the rest of the pipeline under the here-doc.
    const start = this.out.commands.length;
    if (body && heredocPipeline) this.pipeline([body, ...stagesOf(heredocPipeline)], inner);
    else if (body) this.walk(body, body.type === 'command' ? { ...inner, statementText: node.text } : inner);
    // `[[ -f x ]] > out`, `(( n )) > out`: no command carries the redirections, yet the shell still writes them.
    const carried = this.out.commands.slice(start).some((c) => redirects.every((r) => c.redirects.includes(r)));
    if (!body || (!carried && redirects.some((r) => r.access === 'write'))) this.emit({ text: node.text, words: [], redirects: inner.redirects, via: this.via });
    for (const r of redirectNodes) {
      for (const child of r.children) if (child !== heredocPipeline) this.walk(child, { redirects: [] });
    }
  }

  private pipeline(stages: SyntaxNode[], scope: Scope): void {
    let previous: ShellCommand[] | undefined;
    stages.forEach((stage, index) => {
      const start = this.out.commands.length;
      const stageScope: Scope =
        index === 0
          ? scope
          : { redirects: scope.redirects, stdinFrom: previous, stdinText: literalOutputOf(previous?.[0]) };
      this.walk(stage, stageScope);
      previous = this.out.commands.slice(start);
    });
  }

  private functionDefinition(node: SyntaxNode, scope: Scope): void {
    const name = node.children.find((c) => c.field === 'name')?.text;
    const body = node.children.find((c) => c.field === 'body');
    if (name && body && callsItself(body, name) && spawnsConcurrently(body)) {
      this.out.findings.push({
        kind: 'fork-bomb',
        text: node.text,
        detail: l10n.both('function "{0}" calls itself in a pipeline or in the background (a fork bomb)', name),
      });
    }
    // The body is checked whether or not it is ever called: defining `ls() { rm -rf x; }` is enough. So are
    // the definition's redirections (`f() { ls; } > out`), which apply every time it is called.
    const redirects = node.children.filter((c) => c.field === 'redirect').flatMap(redirectsOf);
    if (body) this.walk(body, { ...scope, redirects: [...scope.redirects, ...redirects] });
  }

  private emit(command: ShellCommand): void {
    const [nameWord, ...args] = command.words;
    const dynamic = nameWord !== undefined && (!nameWord.literal || nameWord.glob);
    const name = nameWord && !dynamic ? commandBaseName(nameWord.value).toLowerCase() : undefined;
    const unwrapped = name === undefined ? undefined : unwrapCommand(name, args);
    this.out.commands.push(unwrapped && unwrapped.wrapped.length > 0 ? { ...command, wraps: true } : command);
    if (!nameWord) return;
    if (dynamic) {
      this.out.findings.push({
        kind: 'dynamic-command',
        text: command.text,
        detail: l10n.both('the command name "{0}" is only known when the shell runs it', nameWord.raw),
      });
      return;
    }
    if (!unwrapped || name === undefined) return;
    const via = [...command.via, unwrapped.label];
    for (const word of unwrapped.assignments ?? []) {
      const at = word.value.indexOf('=');
      const value: CommandWord = { ...word, value: word.value.slice(at + 1), raw: word.raw };
      this.recordAssignment({ name: word.value.slice(0, at), value, text: command.text, scope: 'command', via });
    }
    for (const argv of unwrapped.wrapped) {
      this.emit({ ...command, text: argv.map((w) => w.raw).join(' '), words: argv, via });
    }
    for (const script of unwrapped.scripts) analyzeInto(script, this.parse, this.out, via, this.depth + 1);
    this.checkCodeOrigin(command, name, unwrapped.codeWords, unwrapped.stdinIsCode, unwrapped.opaque, via);
  }

  /** Code run by an interpreter must not come from the network (`curl ... | sh`), and must be visible. */
  private checkCodeOrigin(
    command: ShellCommand,
    name: string,
    codeWords: CommandWord[],
    stdinIsCode: 'shell' | 'interpreter' | undefined,
    opaque: Said | undefined,
    via: string[],
  ): void {
    const downloadedWord = codeWords.some((w) => w.substituted.some((n) => DOWNLOADERS.has(n.toLowerCase())));
    const pipedDownload =
      stdinIsCode !== undefined && (command.stdinFrom ?? []).some((c) => DOWNLOADERS.has(nameOf(c)));
    if (downloadedWord || pipedDownload) {
      this.out.findings.push({
        kind: 'download-to-interpreter',
        text: command.text,
        detail: l10n.both('{0} would run code downloaded from the network', name),
      });
      return;
    }
    if (opaque) {
      this.out.findings.push({ kind: 'opaque-script', text: command.text, detail: opaque });
      return;
    }
    if (stdinIsCode !== 'shell') return;
    if (command.stdinText !== undefined) analyzeInto(command.stdinText, this.parse, this.out, via, this.depth + 1);
    else if (command.stdinFrom) {
      this.out.findings.push({
        kind: 'opaque-script',
        text: command.text,
        detail: l10n.both('{0} runs a script piped in from another command', name),
      });
    }
  }
}

/** `$X`, `${X}`, `${X:-y}`, `${!X}`, `${#X}` wherever they stand in the tree (words, here-docs, assignments, loops). */
function collectExpansions(node: SyntaxNode, out: ShellExpansion[]): void {
  if (node.type === 'simple_expansion' || node.type === 'expansion') {
    const name = node.children.find((c) => c.type === 'variable_name' || c.type === 'special_variable_name');
    if (name) out.push({ name: name.text, text: node.text });
  }
  for (const child of node.children) collectExpansions(child, out);
}

function stagesOf(pipeline: SyntaxNode): SyntaxNode[] {
  return pipeline.children.filter((c) => c.named && c.type !== 'comment');
}

function nameOf(command: ShellCommand): string {
  const first = command.words[0];
  return first ? commandBaseName(first.value).toLowerCase() : '';
}

/** What `echo 'x'`, `printf 'x'` or `cat <<EOF` writes, when fully literal: piped into a shell, it is code. */
function literalOutputOf(command: ShellCommand | undefined): string | undefined {
  if (!command || !command.words.every((w) => w.literal)) return undefined;
  const name = nameOf(command);
  const args = command.words.slice(1).map((w) => w.value);
  if (name === 'echo') return args.filter((a, i) => !(i === 0 && /^-[neE]+$/.test(a))).join(' ');
  if (name === 'printf' && args.length > 0) return args[0]!.replace(/\\n/g, '\n');
  if (name === 'cat' && args.length === 0) return command.stdinText;
  return undefined;
}

function callsItself(body: SyntaxNode, name: string): boolean {
  if (body.type === 'command') {
    const commandName = body.children.find((c) => c.field === 'name');
    if (commandName?.text === name) return true;
  }
  return body.children.some((c) => callsItself(c, name));
}

function spawnsConcurrently(body: SyntaxNode): boolean {
  return body.type === 'pipeline' || body.type === '&' || body.children.some(spawnsConcurrently);
}

function redirectsOf(node: SyntaxNode): ShellRedirect[] {
  if (node.type !== 'file_redirect') return [];
  const operator = node.children.find((c) => !c.named)?.type ?? '>';
  const destination = node.children.find((c) => c.field === 'destination');
  const target = destination ? wordFromNode(destination) : undefined;
  return [{ operator, target, access: redirectAccess(operator, destination) }];
}

function redirectAccess(operator: string, destination: SyntaxNode | undefined): ShellRedirect['access'] {
  const dup = destination?.type === 'number' || destination?.text === '-';
  if (operator === '>&' || operator === '<&') return dup ? 'none' : operator === '>&' ? 'write' : 'read';
  if (operator === '<') return 'read';
  if (operator === '>&-' || operator === '<&-') return 'none';
  return 'write';
}

function herestringText(node: SyntaxNode): string | undefined {
  if (node.type !== 'herestring_redirect') return undefined;
  const word = node.children.find((c) => c.named);
  if (!word) return undefined;
  const value = wordFromNode(word);
  return value.literal ? value.value : undefined;
}

function assignmentOrWord(node: SyntaxNode): CommandWord {
  if (node.type !== 'variable_assignment') return wordFromNode(node);
  const name = node.children.find((c) => c.field === 'name')?.text ?? '';
  const value = node.children.find((c) => c.field === 'value');
  const inner = value ? wordFromNode(value) : literalWord('');
  return { ...inner, raw: node.text, value: `${name}=${inner.value}` };
}

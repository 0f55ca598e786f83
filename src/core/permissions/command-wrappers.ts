// Commands that run other commands: wrappers (`sudo`, `env`, `xargs`, `timeout`, `find -exec`, ...) whose
// wrapped argv must be checked too, and interpreters (`bash -c`, `eval`, `sh <<EOF`) whose script is shell
// code to analyse recursively. Knowing each wrapper's options is what finds the wrapped command's name.
import { l10n, type Said } from '../l10n';
import type { CommandWord } from './shell-words';

export interface Unwrapped {
  /** How the inner commands were reached, for display: `sudo`, `bash -c`, `find -exec`. */
  label: string;
  /** Argument vectors this command runs. */
  wrapped: CommandWord[][];
  /** Shell source this command runs, known literally. */
  scripts: string[];
  /** Why shell code run by this command cannot be seen (`bash -c "$CMD"`). */
  /** Why the shell code cannot be read, on both channels. */
  opaque?: Said;
  /** Words whose content becomes code (`-c "$(curl ...)"`, `bash <(curl ...)`): checked for downloads. */
  codeWords: CommandWord[];
  /** The command reads the code it runs from stdin: a shell or another interpreter. */
  stdinIsCode?: 'shell' | 'interpreter';
  /** `NAME=value` words the wrapped command gets in its environment (`env A=1 cmd`). */
  assignments?: CommandWord[];
}

interface OptionSpec {
  /** Short options that take a value (`-u root`, `-uroot`). */
  short?: string;
  /** Long options that take a value unless written `--opt=value`. */
  long?: string[];
  /** `NAME=value` words are skipped (env). */
  assignments?: boolean;
  /** `-10` style numeric options (nice). */
  numeric?: boolean;
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'busybox-sh']);
const INTERPRETERS = new Set(['python', 'python2', 'python3', 'node', 'nodejs', 'perl', 'ruby', 'php', 'deno', 'bun']);
export const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'http', 'https', 'xh', 'aria2c']);

/** Wrappers whose remaining words, after their own options, are the wrapped command. */
const WRAPPERS: Record<string, OptionSpec & { positionals?: number }> = {
  sudo: {
    assignments: true,
    short: 'ugphrtCDURT',
    long: ['--user', '--group', '--host', '--prompt', '--role', '--type', '--chdir', '--close-from', '--other-user', '--command-timeout', '--chroot'],
  },
  doas: { short: 'uC' },
  env: { short: 'uCP', long: ['--unset', '--chdir'], assignments: true },
  nice: { short: 'n', long: ['--adjustment'], numeric: true },
  timeout: { short: 'sk', long: ['--signal', '--kill-after'], positionals: 1 },
  nohup: {},
  setsid: {},
  time: { short: 'fo', long: ['--format', '--output'] },
  builtin: {},
  exec: { short: 'a' },
  stdbuf: { short: 'ioe', long: ['--input', '--output', '--error'] },
  ionice: { short: 'cnpt' },
  busybox: {},
  command: {},
  xargs: {
    short: 'adEILnPs',
    long: ['--arg-file', '--delimiter', '--eof', '--replace', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
  },
};

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

const EMPTY: Omit<Unwrapped, 'label'> = { wrapped: [], scripts: [], codeWords: [] };

/**
 * @param name the command's base name, already case-folded on case-insensitive systems
 * @param args the words after the command name
 */
export function unwrapCommand(name: string, args: CommandWord[]): Unwrapped | undefined {
  if (name === 'command' && args.some((a) => a.value === '-v' || a.value === '-V')) return undefined; // a lookup
  const wrapper = WRAPPERS[name];
  if (wrapper) return unwrapWrapper(name, args, wrapper);
  if (SHELLS.has(name)) return unwrapShell(name, args);
  if (INTERPRETERS.has(name)) return unwrapInterpreter(name, args);
  if (name === 'eval') return evalScript(args);
  if (name === 'su') return suScript(args);
  if (name === 'find') return findExec(args);
  if (name === 'watch') return watchScript(args);
  if (name === 'source' || name === '.') return { label: name, ...EMPTY, codeWords: args.slice(0, 1) };
  return undefined;
}

/** Index of the first word after the options (and `--`). */
function skipOptions(args: CommandWord[], spec: OptionSpec, start = 0): number {
  let i = start;
  while (i < args.length) {
    const a = args[i]!.value;
    if (a === '--') return i + 1;
    if (spec.assignments && ASSIGNMENT.test(a)) i++;
    else if (spec.numeric && /^-\d+$/.test(a)) i++;
    else if (a.startsWith('--')) i += spec.long?.includes(a) ? 2 : 1;
    else if (a.startsWith('-') && a.length > 1) {
      const bundle = a.slice(1);
      const valueAt = [...bundle].findIndex((ch) => spec.short?.includes(ch));
      // `-u root` takes the next word; `-uroot` carries its value.
      i += valueAt >= 0 && valueAt === bundle.length - 1 ? 2 : 1;
    } else return i;
  }
  return i;
}

function unwrapWrapper(name: string, args: CommandWord[], spec: OptionSpec & { positionals?: number }): Unwrapped {
  if (name === 'env') {
    const split = envSplitString(args);
    if (split) return split;
  }
  let start = skipOptions(args, spec) + (spec.positionals ?? 0);
  // `env -- A=1 cmd` still assigns A.
  while (spec.assignments && start < args.length && ASSIGNMENT.test(args[start]!.value)) start++;
  const rest = args.slice(start);
  const assignments = spec.assignments ? args.slice(0, start).filter((a) => ASSIGNMENT.test(a.value)) : [];
  const extra = assignments.length > 0 ? { assignments } : {};
  if (rest.length === 0) return { label: name, ...EMPTY, ...extra, wrapped: name === 'xargs' ? [[literalEcho()]] : [] };
  return { label: name, ...EMPTY, ...extra, wrapped: [rest] };
}

function literalEcho(): CommandWord {
  return { raw: 'echo', value: 'echo', literal: true, glob: false, substituted: [] };
}

/** `env -S 'cmd args'` splits a string into a command line. */
function envSplitString(args: CommandWord[]): Unwrapped | undefined {
  const at = args.findIndex((a) => a.value === '-S' || a.value === '--split-string' || a.value.startsWith('--split-string='));
  if (at < 0) return undefined;
  const word = args[at]!;
  const inline = word.value.startsWith('--split-string=') ? word.value.slice('--split-string='.length) : undefined;
  const source = inline ?? args[at + 1];
  const rest = args.slice(inline !== undefined ? at + 1 : at + 2);
  return codeFrom('env -S', source, rest);
}

/** A shell string to analyse, or an opaque one when it is computed at run time. */
function codeFrom(label: string, code: CommandWord | string | undefined, rest: CommandWord[] = []): Unwrapped {
  if (code === undefined) return { label, ...EMPTY };
  if (typeof code === 'string') return { label, ...EMPTY, scripts: [code] };
  const parts = [code, ...rest];
  if (parts.every((p) => p.literal)) return { label, ...EMPTY, scripts: [parts.map((p) => p.value).join(' ')] };
  return { label, ...EMPTY, codeWords: parts, opaque: l10n.both('{0} runs shell code computed at run time', label) };
}

function unwrapShell(name: string, args: CommandWord[]): Unwrapped {
  let i = 0;
  let inline = false;
  let fromStdin = false; // `-s`: the script comes from stdin, the words are its arguments
  while (i < args.length) {
    const a = args[i]!.value;
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (a === '-o' || a === '+o' || a === '-O' || a === '+O' || a === '--rcfile' || a === '--init-file') i++;
    else if (/^[-+][A-Za-z]+$/.test(a)) {
      inline ||= a.startsWith('-') && a.includes('c');
      fromStdin ||= a.startsWith('-') && a.includes('s');
    } else if (!a.startsWith('--')) break;
    i++;
  }
  const label = `${name} -c`;
  if (inline) return codeFrom(label, args[i]);
  const script = args[i];
  if (script === undefined || fromStdin) return { label: name, ...EMPTY, stdinIsCode: 'shell' };
  // `bash script.sh` runs a file we do not read; only its origin matters (`bash <(curl ...)`).
  return { label: name, ...EMPTY, codeWords: [script] };
}

function unwrapInterpreter(name: string, args: CommandWord[]): Unwrapped {
  const inlineAt = args.findIndex((a) => ['-c', '-e', '-E', '--eval', '-p', '--print', '-r'].includes(a.value));
  if (inlineAt >= 0) return { label: name, ...EMPTY, codeWords: args.slice(inlineAt + 1, inlineAt + 2) };
  const positional = args.find((a) => !a.value.startsWith('-') || a.value === '-');
  if (positional === undefined || positional.value === '-') return { label: name, ...EMPTY, stdinIsCode: 'interpreter' };
  return { label: name, ...EMPTY, codeWords: [positional] };
}

function evalScript(args: CommandWord[]): Unwrapped {
  return codeFrom('eval', args[0], args.slice(1));
}

function suScript(args: CommandWord[]): Unwrapped {
  const at = args.findIndex((a) => a.value === '-c' || a.value === '--command' || a.value.startsWith('--command='));
  if (at < 0) return { label: 'su', ...EMPTY };
  const word = args[at]!;
  if (word.value.startsWith('--command=')) return codeFrom('su -c', word.value.slice('--command='.length));
  return codeFrom('su -c', args[at + 1]);
}

function watchScript(args: CommandWord[]): Unwrapped {
  const start = skipOptions(args, { short: 'nq', long: ['--interval', '--equexit'] });
  const rest = args.slice(start);
  return rest.length > 0 ? codeFrom('watch', rest[0], rest.slice(1)) : { label: 'watch', ...EMPTY };
}

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

function findExec(args: CommandWord[]): Unwrapped | undefined {
  const wrapped: CommandWord[][] = [];
  for (let i = 0; i < args.length; i++) {
    if (!FIND_EXEC.has(args[i]!.value)) continue;
    const end = args.findIndex((a, j) => j > i && (a.value === ';' || a.value === '+'));
    const argv = args.slice(i + 1, end < 0 ? args.length : end);
    if (argv.length > 0) wrapped.push(argv);
    if (end < 0) break;
    i = end;
  }
  return wrapped.length > 0 ? { label: 'find -exec', ...EMPTY, wrapped } : undefined;
}

// Commands whose output would carry a credential into the conversation (issue 36 §4, issue 37 "Commands"): a
// command's output goes to the model, so printing a credential sends it there. Each asks in every mode, and no
// rule settles it, as reading `.env` does (sensitive-files.ts):
// - any expansion of a credential-shaped variable (`echo $GITHUB_TOKEN`, `printf '%s' "${NPM_TOKEN}"`, a here-doc,
//   `X=$AWS_SECRET_ACCESS_KEY`, `curl -H "Authorization: $TOKEN"`), in the line or in shell code it runs;
// - dumps of the whole environment: `env` and `printenv` with nothing to run or name, `set`, `export`/`export -p`,
//   `declare`/`typeset`/`readonly` with no names (`-x`, `-p`), `ps e` (BSD form: every process's environment), and
//   reading `/proc/<pid>/environ`;
// - `printenv NAME` and `declare -p NAME` of a credential-shaped name;
// - the CLIs' own ways to print a stored credential (`gh auth token`, `gcloud auth print-access-token`,
//   `git credential fill`…).
// Inside the OS sandbox the variables and stores are not there (credential-variables.ts, credential-stores.ts), so
// the question costs a click where nothing would leak; outside it, it is the only thing between the value and the model.
import { because } from './reasons';
import { l10n, type Said } from '../l10n';
import type { ShellAnalysis, ShellCommand } from './command-analysis';
import { argvOf, positionalArgs } from './command-facts';
import type { PermissionCheck } from './types';
import { isCredentialVariable } from '../sandbox/credential-variables';

/** CLI forms that print a stored credential, as argv prefixes (flags noted where one makes the difference). */
const PRINTS_STORED: readonly (readonly string[])[] = [
  ['gh', 'auth', 'token'],
  ['gcloud', 'auth', 'print-access-token'],
  ['gcloud', 'auth', 'print-identity-token'],
  ['gcloud', 'auth', 'application-default', 'print-access-token'],
  ['aws', 'configure', 'export-credentials'],
  ['aws', 'ecr', 'get-login-password'],
  ['aws', 'codeartifact', 'get-authorization-token'],
  ['az', 'account', 'get-access-token'],
  ['heroku', 'auth:token'],
  ['vault', 'print', 'token'],
  ['git', 'credential', 'fill'],
  ['git', 'credential-store', 'get'],
  ['git', 'credential-cache', 'get'],
  ['secret-tool', 'lookup'],
  ['op', 'read'],
  ['pass', 'show'],
  ['npm', 'token', 'create'],
  ['doctl', 'auth', 'token'],
  ['firebase', 'login:ci'],
];

interface Found {
  command: ShellCommand | undefined;
  text: string;
  cause: string;
  said: Said;
}

export function secretOutputChecks(analysis: ShellAnalysis, caseInsensitive: boolean): PermissionCheck[] {
  const found: Found[] = [];
  for (const expansion of analysis.expansions) {
    if (!isCredentialVariable(expansion.name)) continue;
    const command = analysis.commands.find((c) => c.text.includes(expansion.text));
    const text = command?.text ?? expansion.text;
    found.push({ command, text, cause: expansion.name, said: l10n.both('"{0}" uses the variable {1}, which holds a credential: its value would reach the model', text, expansion.name) });
  }
  for (const command of analysis.commands) {
    const argv = argvOf(command, caseInsensitive);
    const dump = environmentDump(argv, command);
    if (dump) found.push({ command, text: command.text, cause: dump, said: l10n.both('"{0}" prints the environment, credentials included: they would reach the model', command.text) });
    const named = credentialNamed(argv);
    if (named) found.push({ command, text: command.text, cause: named, said: l10n.both('"{0}" prints the variable {1}, which holds a credential: its value would reach the model', command.text, named) });
    const stored = PRINTS_STORED.find((prefix) => prefix.every((word, i) => argv[i] === word)) ?? printsStoredByFlag(argv);
    if (stored) found.push({ command, text: command.text, cause: stored.join(' '), said: l10n.both('"{0}" prints a stored credential: it would reach the model', command.text) });
    const environ = [...command.words, ...command.redirects.flatMap((r) => (r.target ? [r.target] : []))].find((w) => isProcessEnviron(w.value));
    if (environ) found.push({ command, text: command.text, cause: environ.value, said: l10n.both('"{0}" reads a process\'s environment ({1}), credentials included: they would reach the model', command.text, environ.value) });
  }
  const seen = new Set<string>();
  return found
    .filter((f) => {
      const key = `${f.text}\n${f.cause}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((f) => ({
      subject: { type: 'command', text: f.text, argv: f.command ? argvOf(f.command, caseInsensitive) : [], cause: f.cause },
      action: 'ask',
      basis: 'secret-output',
      ...because(l10n.both('Needs approval: {0}.', f.said)),
      allowRuleCanOverride: false,
    }));
}

/** `env`, `printenv`, `set`, `export -p`, `declare -x`, `ps e`: the environment as a whole. */
function environmentDump(argv: readonly string[], command: ShellCommand): string | undefined {
  const [name, ...args] = argv;
  if (name === undefined) return undefined;
  if (name === 'env' && command.wraps !== true) return 'env';
  if (name === 'printenv' && positionalArgs(args).length === 0) return 'printenv';
  if (name === 'set' && args.length === 0) return 'set';
  const names = args.filter((a) => !a.startsWith('-') && !a.startsWith('+'));
  if ((name === 'export' || name === 'declare' || name === 'typeset' || name === 'readonly') && names.length === 0) return argv.join(' ');
  // BSD-style `ps e`, `ps auxe`, `ps eww`: the environment of every process listed.
  if (name === 'ps' && args.some((a) => /^[A-Za-z]+$/.test(a) && a.includes('e'))) return `ps ${args.find((a) => /^[A-Za-z]+$/.test(a) && a.includes('e'))}`;
  return undefined;
}

/** `printenv GITHUB_TOKEN`, `declare -p NPM_TOKEN`: one credential-shaped name. */
function credentialNamed(argv: readonly string[]): string | undefined {
  const [name, ...args] = argv;
  if (name === 'printenv') return positionalArgs(args).find(isCredentialVariable);
  if ((name === 'declare' || name === 'typeset') && args.some((a) => /^-[a-zA-Z]*p/.test(a))) return positionalArgs(args).find(isCredentialVariable);
  return undefined;
}

/** `gh auth status --show-token`, `kubectl config view --raw`, `aws configure get aws_secret_access_key`. */
function printsStoredByFlag(argv: readonly string[]): readonly string[] | undefined {
  const [a, b, c, ...rest] = argv;
  if (a === 'gh' && b === 'auth' && c === 'status' && rest.some((w) => w === '--show-token' || w === '-t')) return ['gh', 'auth', 'status', '--show-token'];
  if (a === 'kubectl' && b === 'config' && c === 'view' && rest.some((w) => w === '--raw' || w.startsWith('--raw=') || w === '--flatten')) return ['kubectl', 'config', 'view', '--raw'];
  if (a === 'aws' && b === 'configure' && c === 'get' && rest.some(isCredentialVariable)) return ['aws', 'configure', 'get'];
  return undefined;
}

/** `/proc/self/environ`, `/proc/$$/environ`, `/proc/1/task/1/environ`, with `.` and `..` read as the kernel does. */
function isProcessEnviron(value: string): boolean {
  if (!value.includes('environ')) return false;
  const parts: string[] = [];
  for (const part of value.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return value.startsWith('/') && parts[0] === 'proc' && parts[parts.length - 1] === 'environ' && (parts.length === 3 || (parts.length === 5 && parts[2] === 'task'));
}

// Allow rules that would grant a write through a sub-command (issue 37, "Commands"). A user who allows a query
// tool by its prefix (`npm config`, `git stash`, `man`, `docker image`, `gh pr`) means its queries; the same
// prefix also matches the forms that write, delete, run a program or change a login (`npm config set`,
// `git stash drop`, `man -P 'sh -c …'`, `docker image rm`, `gh pr merge`). Each family below lists its query
// sub-commands (or the flags that make it more than a query); any other sub-command is an effect, and an allow
// rule covers it only when its pattern names that word (`npm config set *`), as for `find -delete`
// (command-effects.ts). These families are not allowed by default: the shipped read-only list stays as it was;
// only what a user's allow rule covers changes.
import { l10n, type Marked } from '../l10n';
import { findLongFlag, findShortFlag, positionalArgs } from './command-facts';
import { effectOf, type CommandEffect, type ReadOnlyCommand } from './read-only-commands';

type Effect = CommandEffect | undefined;

const CHANGES = l10n.mark('is a sub-command that changes something, not a query');
const CONFIG = l10n.mark('changes the configuration');
const RUNS = l10n.mark('runs a program');

/** A family whose query sub-commands are `reads`: any other first operand is an effect. */
function family(pattern: string, reads: readonly string[], does: Marked = CHANGES, flags?: (args: readonly string[]) => Effect): ReadOnlyCommand {
  const queries = new Set(reads);
  return {
    pattern,
    effect: (args) => {
      const flagged = flags?.(args);
      if (flagged) return flagged;
      const sub = positionalArgs(args)[0];
      return sub !== undefined && !queries.has(sub) ? effectOf(sub, does) : undefined;
    },
  };
}

/** `poetry config key` reads, `poetry config key value` and `--unset` write (also composer, bundler's old form). */
function keyValueConfig(pattern: string, writeFlags: readonly string[], reads: readonly string[] = []): ReadOnlyCommand {
  return {
    pattern,
    effect: (args) => {
      const flag = findLongFlag(args, ...writeFlags.filter((f) => f.startsWith('--'))) ?? args.find((a) => writeFlags.includes(a));
      if (flag) return effectOf(flag, CONFIG);
      const operands = positionalArgs(args);
      if (operands[0] !== undefined && reads.includes(operands[0])) return undefined;
      if (operands[0] === 'set' || operands[0] === 'unset') return effectOf(operands[0], CONFIG);
      return operands.length >= 2 ? effectOf(operands[1], CONFIG) : undefined;
    },
  };
}

/** Only these flags (and no operand): `ssh-add -l`, `gpg --list-keys`. */
function onlyFlags(pattern: string, reads: readonly string[], does: Marked): ReadOnlyCommand {
  return {
    pattern,
    effect: (args) => effectOf(args.find((a) => !reads.includes(a.split('=')[0]!)), does),
  };
}

const flag = (does: Marked, short: string, ...long: string[]) => (args: readonly string[]): Effect =>
  effectOf((short ? findShortFlag(args, short) : undefined) ?? findLongFlag(args, ...long), does);

const NPM_CONFIG_READS = ['get', 'list', 'ls'];
const COMPOSE_READS = ['ps', 'ls', 'logs', 'config', 'images', 'top', 'version', 'port', 'events'];
const GH_VIEW = ['list', 'view', 'status'];

/** `gh api` reads with GET (its default without fields); a method, a field or an input body makes it write. */
function ghApiEffect(args: readonly string[]): Effect {
  const method = args.findIndex((a) => a === '-X' || a === '--method' || a.startsWith('--method=') || (a.startsWith('-X') && a.length > 2));
  if (method >= 0) {
    const a = args[method]!;
    const value = a.includes('=') ? a.split('=')[1] : a.length > 2 && !a.startsWith('--') ? a.slice(2) : args[method + 1];
    if ((value ?? '').toUpperCase() !== 'GET') return effectOf(a, l10n.mark('sends a request that changes something'));
  }
  return effectOf(args.find((a) => ['-f', '-F', '--field', '--raw-field', '--input'].includes(a.split('=')[0]!)), l10n.mark('sends fields, which makes it a POST request'));
}

/** `crontab -l` reads; `-r`, `-e`, `-i` or a file replace or edit the user's crontab. */
function crontabEffect(args: readonly string[]): Effect {
  return flag(l10n.mark("changes the user's crontab"), 'reiT', '--remove', '--edit')(args) ?? effectOf(positionalArgs(args)[0], l10n.mark("replaces the user's crontab with this file"));
}

/** `sysctl -a`, `sysctl key` read; `-w`, `-p` (load a file) and `key=value` set kernel parameters. */
function sysctlEffect(args: readonly string[]): Effect {
  return flag(l10n.mark('sets kernel parameters'), 'wpf', '--write', '--load', '--system')(args) ?? effectOf(positionalArgs(args).find((a) => a.includes('=')), l10n.mark('sets kernel parameters'));
}

/** `ip addr`, `ip route show`; not `add`, `del`, `change`, `replace`, `set`, `flush` anywhere in the object's command. */
function ipEffect(args: readonly string[]): Effect {
  const verbs = new Set(['add', 'del', 'delete', 'change', 'replace', 'set', 'flush', 'append', 'prepend', 'save', 'restore', 'exec', 'attach', 'detach']);
  return effectOf(positionalArgs(args).find((a) => verbs.has(a)), l10n.mark('changes the network configuration'));
}

export const SUBCOMMAND_FAMILIES: readonly ReadOnlyCommand[] = [
  // npm, pnpm, Yarn, pip, uv, Poetry, Composer, Bundler: configuration, caches, tokens and registry metadata.
  family('npm config', NPM_CONFIG_READS, CONFIG),
  family('npm c', NPM_CONFIG_READS, CONFIG),
  family('npm cache', ['ls'], l10n.mark('changes the npm cache')),
  family('npm token', ['list', 'ls']),
  family('npm owner', ['ls', 'list']),
  family('npm dist-tag', ['ls', 'list']),
  family('npm dist-tags', ['ls', 'list']),
  family('npm access', ['list', 'get', 'ls-packages', 'ls-collaborators']),
  family('npm profile', ['get']),
  family('npm team', ['ls', 'list']),
  family('npm hook', ['ls', 'list']),
  family('npm org', ['ls', 'list']),
  family('npm pkg', ['get'], l10n.mark('changes package.json')),
  family('pnpm config', ['get', 'list'], CONFIG),
  family('pnpm store', ['status', 'path'], l10n.mark('changes the package store')),
  family('pnpm cache', ['list', 'view', 'list-registries'], l10n.mark('changes the package cache')),
  family('yarn config', ['get', 'list', 'current'], CONFIG),
  family('yarn cache', ['list', 'dir'], l10n.mark('changes the package cache')),
  ...['pip', 'pip3', 'python -m pip', 'python3 -m pip'].flatMap((pip) => [
    family(`${pip} config`, ['list', 'get', 'debug'], CONFIG),
    family(`${pip} cache`, ['dir', 'info', 'list'], l10n.mark('changes the package cache')),
  ]),
  family('uv cache', ['dir'], l10n.mark('changes the package cache')),
  keyValueConfig('poetry config', ['--unset']),
  keyValueConfig('composer config', ['--unset', '-e', '--editor']),
  keyValueConfig('bundle config', ['--delete'], ['get', 'list']),
  // git: sub-commands with queries and writes under one name (config, branch, tag, remote, reflog: read-only-commands.ts).
  family('git stash', ['list', 'show'], l10n.mark('changes the stash or the working tree')),
  family('git worktree', ['list'], l10n.mark('changes worktrees')),
  family('git submodule', ['status', 'summary'], l10n.mark('changes submodules or runs a command in each')),
  family('git notes', ['list', 'show'], l10n.mark('changes notes')),
  family('git sparse-checkout', ['list'], l10n.mark('changes the sparse checkout')),
  family('git bisect', ['log', 'visualize', 'view', 'terms'], l10n.mark('changes the bisection or runs a command')),
  family('git lfs', ['env', 'ls-files', 'status', 'version'], l10n.mark('changes Git LFS settings or files')),
  family('git credential', [], l10n.mark('stores, erases or prints a credential')),
  { pattern: 'git symbolic-ref', effect: (args) => flag(l10n.mark('changes a reference'), 'd', '--delete')(args) ?? effectOf(positionalArgs(args)[1], l10n.mark('changes a reference')) },
  // Containers and clusters.
  family('docker image', ['ls', 'list', 'inspect', 'history']),
  family('docker container', ['ls', 'list', 'inspect', 'logs', 'top', 'stats', 'port', 'diff']),
  family('docker volume', ['ls', 'list', 'inspect']),
  family('docker network', ['ls', 'list', 'inspect']),
  family('docker system', ['df', 'info', 'events']),
  family('docker context', ['ls', 'list', 'inspect', 'show']),
  family('docker buildx', ['ls', 'inspect', 'version', 'du']),
  family('docker plugin', ['ls', 'list', 'inspect']),
  family('docker secret', ['ls', 'list', 'inspect']),
  family('docker config', ['ls', 'list', 'inspect']),
  family('docker compose', COMPOSE_READS),
  family('docker-compose', COMPOSE_READS),
  family('kubectl config', ['view', 'current-context', 'get-contexts', 'get-clusters', 'get-users'], CONFIG),
  family('kubectl rollout', ['status', 'history']),
  family('kubectl auth', ['can-i', 'whoami']),
  family('helm repo', ['list', 'ls']),
  family('helm plugin', ['list', 'ls']),
  // GitHub CLI.
  family('gh auth', ['status'], l10n.mark('changes or prints a login')),
  family('gh config', ['get', 'list'], CONFIG),
  family('gh repo', ['view', 'list']),
  family('gh pr', [...GH_VIEW, 'diff', 'checks']),
  family('gh issue', GH_VIEW),
  family('gh release', ['list', 'view']),
  family('gh run', ['list', 'view', 'watch']),
  family('gh workflow', ['list', 'view']),
  family('gh secret', ['list']),
  family('gh variable', ['list', 'get']),
  family('gh extension', ['list', 'search', 'browse']),
  family('gh ext', ['list', 'search', 'browse']),
  family('gh alias', ['list']),
  family('gh gist', ['list', 'view']),
  family('gh label', ['list']),
  family('gh cache', ['list']),
  family('gh ssh-key', ['list']),
  family('gh gpg-key', ['list']),
  family('gh codespace', ['list', 'view']),
  { pattern: 'gh api', effect: ghApiEffect },
  // Cloud CLIs' configuration and logins.
  family('gcloud config', ['list', 'get', 'get-value'], CONFIG),
  family('gcloud config configurations', ['list', 'describe'], CONFIG),
  family('gcloud auth', ['list'], l10n.mark('changes or prints a login')),
  family('az account', ['show', 'list', 'list-locations'], CONFIG),
  family('az config', ['get'], CONFIG),
  family('aws configure', ['list', 'get', 'list-profiles'], CONFIG),
  family('conda env', ['list', 'export'], l10n.mark('changes environments')),
  // Toolchains and infrastructure state.
  family('rustup toolchain', ['list'], l10n.mark('installs or removes toolchains')),
  family('rustup target', ['list'], l10n.mark('installs or removes targets')),
  family('rustup component', ['list'], l10n.mark('installs or removes components')),
  family('rustup override', ['list'], CONFIG),
  { pattern: 'rustup default', effect: (args) => effectOf(positionalArgs(args)[0], CONFIG) },
  family('rustup self', []),
  { pattern: 'cargo owner', effect: flag(l10n.mark('changes the owners of a crate'), 'ar', '--add', '--remove') },
  family('go mod', ['graph', 'why', 'verify'], l10n.mark('changes go.mod, go.sum or the module cache')),
  family('terraform state', ['list', 'show', 'pull'], l10n.mark('changes the Terraform state')),
  family('terraform workspace', ['list', 'show'], l10n.mark('changes Terraform workspaces')),
  // Manual pages and info: a pager or browser is a program; -H starts a browser; a config file names programs.
  { pattern: 'man', effect: flag(RUNS, 'PHXC', '--pager', '--html', '--gxditview', '--config-file', '--browser') },
  { pattern: 'info', effect: flag(l10n.mark('writes a file or loads key bindings'), 'o', '--output', '--init-file', '--dribble', '--restore') },
  // The system: services, logs, schedules, kernel and network settings, keys.
  family('systemctl', ['status', 'show', 'list-units', 'list-unit-files', 'list-timers', 'list-sockets', 'list-dependencies', 'is-active', 'is-enabled', 'is-failed', 'cat'], l10n.mark('changes services')),
  { pattern: 'journalctl', effect: flag(l10n.mark('deletes or moves journal files'), '', '--vacuum-size', '--vacuum-time', '--vacuum-files', '--rotate', '--flush', '--sync', '--relinquish-var', '--smart-relinquish-var', '--update-catalog', '--setup-keys') },
  { pattern: 'dmesg', effect: flag(l10n.mark('clears or changes the kernel log'), 'cCnDE', '--clear', '--read-clear', '--console-level', '--console-off', '--console-on') },
  { pattern: 'crontab', effect: crontabEffect },
  { pattern: 'sysctl', effect: sysctlEffect },
  { pattern: 'ip', effect: ipEffect },
  family('timedatectl', ['status', 'show', 'list-timezones', 'timesync-status', 'show-timesync'], CONFIG),
  family('hostnamectl', ['status'], CONFIG),
  onlyFlags('ssh-add', ['-l', '-L'], l10n.mark('adds or removes keys in the SSH agent')),
  onlyFlags('gpg', ['--list-keys', '--list-public-keys', '--list-secret-keys', '-k', '-K', '--fingerprint', '--list-sigs', '--check-sigs', '--version', '--with-colons', '--keyid-format'], l10n.mark('changes the keyring, or decrypts or exports keys')),
  family('apt', ['list', 'show', 'search', 'policy', 'depends', 'rdepends', 'showsrc'], l10n.mark('installs or removes packages')),
  family('brew', ['list', 'ls', 'info', 'search', 'config', 'doctor', 'deps', 'uses', 'leaves', 'outdated', 'desc', 'home', '--prefix', '--cellar', '--version', 'commands'], l10n.mark('installs, removes or changes packages')),
  family('brew services', ['list', 'info'], l10n.mark('changes services')),
];

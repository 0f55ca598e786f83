// The rules Relay ships, placed before the user's so that on a specificity tie the user's rule wins.
// A deny here cannot be overridden by any allow (deny always wins); an ask can, by a more specific rule.
// Commands no rule matches follow the mode.
import { effectOfCommand } from './command-effects';
import type { CommandFacts } from './command-facts';
import { unwrapCommand } from './command-wrappers';
import {
  isBroadDelete,
  isForcedClean,
  isForcePush,
  isHardReset,
  isRecursiveOwnershipChange,
  isRecursiveRm,
  isRemoteDelete,
  writesDiskWithDd,
} from './dangerous-commands';
import { READ_ONLY_COMMANDS } from './read-only-commands';
import type { PolicyRule } from './rules';
import type { PermissionAction } from './types';
import { isVersionQuery } from './version-queries';

function commandRule(
  id: string,
  pattern: string,
  action: PermissionAction,
  reason: string,
  when?: (facts: CommandFacts) => boolean,
): PolicyRule {
  const rule: PolicyRule = { tool: '*', subject: 'command', pattern, action, reason, origin: 'default', id };
  if (when) rule.when = when;
  return rule;
}

/**
 * Read-only unless an option or operand has an effect (`-delete`, `-o out`). A redirection into a file is a
 * write of its own, judged whatever the command (redirect-checks.ts).
 */
const readOnlyRules = READ_ONLY_COMMANDS.map(({ pattern }) =>
  commandRule(`read-only:${pattern}`, pattern, 'allow', 'only reads', (facts) => effectOfCommand(facts) === undefined),
);

/** `node --version`, `go version`: any pattern, the lowest specificity, so every other rule decides first. */
const versionRule = commandRule('read-only:version', '*', 'allow', 'only prints its version', (facts) => {
  const words = facts.command.words;
  return words.every((w) => w.literal) && isVersionQuery(words.map((w) => w.value));
});

/** Wrappers are allowed as such: what they wrap is checked as its own sub-command. */
const WRAPPERS = ['env', 'nice', 'timeout', 'nohup', 'setsid', 'time', 'command', 'builtin', 'exec', 'xargs', 'stdbuf', 'ionice', 'busybox'];

const wrapperRules = WRAPPERS.map((name) =>
  commandRule(`wrapper:${name}`, name, 'allow', 'runs the wrapped command, which is checked on its own', (facts) => {
    const unwrapped = unwrapCommand(name, facts.command.words.slice(1));
    return (unwrapped?.wrapped.length ?? 0) > 0;
  }),
);

const PRIVILEGE = ['sudo', 'su', 'doas', 'pkexec', 'runas'];
const DISK_TOOLS = ['mkfs*', 'mke2fs', 'mkswap', 'wipefs', 'fdisk', 'sfdisk', 'sgdisk', 'parted'];
const POWER = ['shutdown', 'reboot', 'halt', 'poweroff', 'init 0', 'init 6', 'systemctl poweroff', 'systemctl reboot', 'systemctl halt'];

const denyRules = [
  commandRule('deny:rm-broad', 'rm', 'deny', 'deletes a broad target (/, ~, the workspace or a top-level directory)', isBroadDelete),
  ...PRIVILEGE.map((p) => commandRule(`deny:${p}`, p, 'deny', 'runs with elevated privileges')),
  ...DISK_TOOLS.map((p) => commandRule(`deny:${p}`, p, 'deny', 'formats or repartitions disks')),
  ...POWER.map((p) => commandRule(`deny:${p}`, p, 'deny', 'shuts down or restarts the machine')),
  commandRule('deny:dd-disk', 'dd', 'deny', 'overwrites a disk device', writesDiskWithDd),
];

const askRules = [
  commandRule('ask:rm-recursive', 'rm', 'ask', 'deletes recursively', isRecursiveRm),
  commandRule('ask:chmod-recursive', 'chmod', 'ask', 'changes permissions recursively', isRecursiveOwnershipChange),
  commandRule('ask:chown-recursive', 'chown', 'ask', 'changes ownership recursively', isRecursiveOwnershipChange),
  commandRule('ask:chgrp-recursive', 'chgrp', 'ask', 'changes ownership recursively', isRecursiveOwnershipChange),
  commandRule('ask:git-push-force', 'git push', 'ask', 'force-pushes, rewriting remote history', isForcePush),
  commandRule('ask:git-push-delete', 'git push', 'ask', 'deletes remote branches or tags', isRemoteDelete),
  commandRule('ask:git-reset-hard', 'git reset', 'ask', 'discards uncommitted changes', isHardReset),
  commandRule('ask:git-clean-force', 'git clean', 'ask', 'deletes untracked files', isForcedClean),
  commandRule('ask:dd', 'dd', 'ask', 'writes raw data to files or devices'),
  commandRule('ask:eval', 'eval', 'ask', 'runs a string as shell code'),
];

export const DEFAULT_RULES: readonly PolicyRule[] = [versionRule, ...readOnlyRules, ...wrapperRules, ...denyRules, ...askRules];

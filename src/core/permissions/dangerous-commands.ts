// Conditions for the shipped deny and always-ask rules that need more than a prefix: which `rm` targets
// are broad, which `git push` rewrites history, which `dd` writes a disk.
import { type CommandFacts, hasLongFlag, hasShortFlag, positionalArgs } from './command-facts';
import { absolutePath, isSameOrInside, normalizePath, rootOf } from './paths';
import type { CommandWord } from './shell-words';

export function isRecursiveRm(facts: CommandFacts): boolean {
  const args = facts.argv.slice(1);
  return hasShortFlag(args, 'rR') || hasLongFlag(args, '--recursive');
}

/** `rm -rf /`, `rm -rf ~`, `rm -rf .` at the workspace root, `rm -rf /usr`, `rm -rf $DIR/` (empty DIR). */
function deletesBroadTarget(facts: CommandFacts): boolean {
  if (hasLongFlag(facts.argv.slice(1), '--no-preserve-root')) return true;
  return targetWords(facts.command.words.slice(1)).some((word) => isBroadTarget(word, facts));
}

/** `rm` with a recursive flag and a broad target, or a glob over a broad directory (`rm -f ~/*`). */
export function isBroadDelete(facts: CommandFacts): boolean {
  if (isRecursiveRm(facts)) return deletesBroadTarget(facts);
  return targetWords(facts.command.words.slice(1)).some((word) => word.glob && isBroadTarget(word, facts));
}

function targetWords(words: CommandWord[]): CommandWord[] {
  const out: CommandWord[] = [];
  let optionsEnded = false;
  for (const w of words) {
    if (!optionsEnded && w.value === '--') optionsEnded = true;
    else if (optionsEnded || !w.value.startsWith('-')) out.push(w);
  }
  return out;
}

function isBroadTarget(word: CommandWord, facts: CommandFacts): boolean {
  const { context, cwd } = facts;
  const style = context.style;
  if (!word.literal) {
    // `"$DIR"/` or `${DIR}/*`: an unset variable leaves `/` or `/*`.
    return /^\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)\/+(\*|\.\*)?$/.test(word.value);
  }
  if (/^~[^/]/.test(word.value)) return !word.value.slice(1).includes('/'); // `~user`: someone's home
  const absolute = absolutePath(word.value, cwd, { homeDir: context.homeDir, pathStyle: style });
  if (absolute === undefined) return true;
  let dir = normalizePath(absolute, style);
  if (word.glob) {
    // The directory whose entries the glob picks: `/*` picks from `/`, `src/*` from `src`.
    const segments = dir.split('/');
    const firstGlob = segments.findIndex((s) => /[*?[{]/.test(s));
    if (firstGlob > 0) dir = normalizePath(segments.slice(0, firstGlob).join('/') || '/', style);
  }
  return isBroadDirectory(dir, facts);
}

function isBroadDirectory(dir: string, facts: CommandFacts): boolean {
  const { context } = facts;
  const style = context.style;
  const ci = context.caseInsensitive;
  const root = rootOf(dir, style);
  if (root === undefined) return true;
  const depth = dir.slice(root.length).split('/').filter(Boolean).length;
  if (depth <= 1) return true; // `/`, `/usr`, `/home`, `C:/Windows`
  const home = normalizePath(context.homeDir, style);
  if (isSameOrInside(home, dir, ci)) return true; // the home directory or one of its ancestors
  return context.workspaceFolders.some((folder) => isSameOrInside(folder, dir, ci));
}

export function isRecursiveOwnershipChange(facts: CommandFacts): boolean {
  const args = facts.argv.slice(1);
  return hasShortFlag(args, 'R') || hasLongFlag(args, '--recursive');
}

/** Arguments after `git <sub>`. */
function gitArgs(facts: CommandFacts): string[] {
  return facts.argv.slice(2);
}

export function isForcePush(facts: CommandFacts): boolean {
  const args = gitArgs(facts);
  return (
    hasLongFlag(args, '--force*', '--mirror') ||
    hasShortFlag(args, 'f') ||
    positionalArgs(args).some((a) => a.startsWith('+'))
  );
}

export function isRemoteDelete(facts: CommandFacts): boolean {
  const args = gitArgs(facts);
  return hasLongFlag(args, '--delete', '--prune') || hasShortFlag(args, 'd') || positionalArgs(args).some((a) => /^:./.test(a));
}

export function isHardReset(facts: CommandFacts): boolean {
  return gitArgs(facts).includes('--hard');
}

export function isForcedClean(facts: CommandFacts): boolean {
  const args = gitArgs(facts);
  return hasShortFlag(args, 'f') || hasLongFlag(args, '--force');
}

const DISK_DEVICE = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|loop|md|dm-|mapper\/)/;

export function isDiskDevice(path: string): boolean {
  return DISK_DEVICE.test(path);
}

/** `dd of=/dev/sda`: overwrites a disk. */
export function writesDiskWithDd(facts: CommandFacts): boolean {
  return facts.argv.slice(1).some((a) => a.startsWith('of=') && isDiskDevice(a.slice(3)));
}

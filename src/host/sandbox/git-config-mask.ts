// The user's git configuration files as a sandboxed command gets them (issue 36 §4): the system and global files and
// every file they include, each read by git (the hardened runner, `git config --file F --list -z`) and judged by
// src/core/sandbox/git-config-secrets.ts. A file with tokens is given to the sandbox as a copy with them masked
// (the runtime binds the copy over the file, read-only); one whose tokens cannot be masked where they stand, or
// that git cannot read, is unreadable; files a credential helper keeps credentials in are unreadable. Read again
// only when one of the files changed (stat-level), so a command pays a few stats.
import { readFile, stat } from 'node:fs/promises';
import { fileSignature } from './file-signature';
import { dirname, join } from 'node:path';
import { gitConfigSecrets, maskPattern, resolveInclude, type GitConfigEntry } from '../../core/sandbox/git-config-secrets';
import { runGit } from '../git/git-process';

export interface GitConfigMasks {
  /** Files given to the sandbox with group 1 of `extract` masked at each match. */
  masked: { path: string; extract: string }[];
  /** Files the sandbox may not read at all. */
  unreadable: string[];
}

/** How many files of includes are followed: a loop of includes or a huge tree costs nothing more. */
const MAX_FILES = 32;

export class GitConfigMasker {
  private cache: { key: string; visited: string[]; masks: GitConfigMasks } | undefined;

  constructor(
    private readonly homeDir: string,
    private readonly env: Readonly<Record<string, string | undefined>> = process.env,
  ) {}

  /** The files git reads for every repository: system, `GIT_CONFIG_GLOBAL` or the two global ones. */
  private roots(): string[] {
    const home = this.homeDir;
    const system = this.env.GIT_CONFIG_NOSYSTEM ? [] : [this.env.GIT_CONFIG_SYSTEM || '/etc/gitconfig'];
    const xdg = this.env.XDG_CONFIG_HOME ? [join(this.env.XDG_CONFIG_HOME, 'git', 'config')] : [];
    const global = this.env.GIT_CONFIG_GLOBAL ? [this.env.GIT_CONFIG_GLOBAL] : [];
    return [...new Set([...system, ...global, join(home, '.gitconfig'), join(home, '.config', 'git', 'config'), ...xdg])];
  }

  async masks(): Promise<GitConfigMasks> {
    if (this.cache && this.cache.key === (await fileSignature(this.cache.visited))) return this.cache.masks;
    const visited: string[] = [];
    const masks: GitConfigMasks = { masked: [], unreadable: [] };
    const queue = this.roots();
    while (queue.length > 0 && visited.length < MAX_FILES) {
      const file = queue.shift()!;
      if (visited.includes(file)) continue;
      visited.push(file);
      const found = await this.judge(file);
      if (!found) continue;
      if (found.mask) masks.masked.push({ path: file, extract: found.mask });
      if (found.unreadable) masks.unreadable.push(file);
      masks.unreadable.push(...found.helperFiles.map((p) => resolveInclude(p, file, this.homeDir)));
      queue.push(...found.includes.map((p) => resolveInclude(p, file, this.homeDir)));
    }
    const key = await fileSignature(visited);
    this.cache = { key, visited, masks };
    return masks;
  }

  /** One file: undefined when it is not there (or not a file). */
  private async judge(file: string): Promise<{ mask?: string; unreadable?: boolean; helperFiles: string[]; includes: string[] } | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    let raw: string;
    let entries: GitConfigEntry[];
    try {
      raw = await readFile(file, 'utf8');
      // GIT_DIR names no repository: git reads the one file and looks for no repository around it.
      const listed = await runGit({ outside: dirname(file) }, ['config', '--file', file, '--list', '-z'], { env: { GIT_DIR: '/dev/null' } });
      entries = parseList(listed.stdout);
    } catch {
      // A file git cannot read (or this process cannot): nothing in it can be judged, so nothing of it is given.
      return { unreadable: true, helperFiles: [], includes: [] };
    }
    const found = gitConfigSecrets(entries);
    const base = { helperFiles: found.unreadable, includes: found.includes };
    if (found.secrets.length === 0) return base;
    const mask = maskPattern(raw, found.secrets);
    return mask ? { ...base, mask } : { ...base, unreadable: true };
  }
}

/** `git config --list -z`: records of `key\nvalue` (a key alone when it has no value). */
function parseList(listing: string): GitConfigEntry[] {
  return listing
    .split('\0')
    .filter((r) => r !== '')
    .map((r) => {
      const cut = r.indexOf('\n');
      return cut < 0 ? { key: r, value: '' } : { key: r.slice(0, cut), value: r.slice(cut + 1) };
    });
}

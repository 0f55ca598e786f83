// Which files the file tools leave out: `.gitignore` rules (as ripgrep applies them) and `.relayignore`, the
// user's list of what Relay should not look at. One definition, used by list_files and by the JavaScript search
// engine, so both agree with each other and with the ripgrep engine:
// - `.gitignore` files in the listed directory, below it (added while walking) and in every directory above it
//   (whether or not there is a git repository, as `rg --no-require-git` does); each pattern is relative to the
//   directory holding its file. A directory asked for by name is listed even when a rule above it ignores it,
//   as ripgrep does for an explicit path: the rules that ignore it are dropped for that walk.
// - `.relayignore` files in the listed directory and the directories above it; these always apply, also to a
//   directory asked for by name and also when the caller includes git-ignored files.
// - `.git` itself is never listed.
import ignore, { type Ignore } from 'ignore';
import * as path from 'node:path';
import { isInside, toSlashes } from './paths';

export const GITIGNORE = '.gitignore';
export const RELAYIGNORE = '.relayignore';

/** Reads an ignore file's text; undefined when there is none. */
export type ReadIgnoreFile = (absolutePath: string) => Promise<string | undefined>;

interface Layer {
  dir: string;
  rules: Ignore;
}

export interface IgnoreQuery {
  /** Apply `.gitignore` rules (default). `.relayignore` applies regardless. */
  gitignore?: boolean;
}

export class IgnoreRules {
  private constructor(
    private readonly gitLayers: readonly Layer[],
    private readonly relayLayers: readonly Layer[],
  ) {}

  static none(): IgnoreRules {
    return new IgnoreRules([], []);
  }

  /** The rules in force for the entries of `dir`: its own ignore files and those of every directory above it. */
  static async forDirectory(dir: string, read: ReadIgnoreFile): Promise<IgnoreRules> {
    const chain = selfAndAncestors(dir).reverse(); // outermost first, so inner files override outer ones
    const [gitTexts, relayTexts] = await Promise.all([
      Promise.all(chain.map((d) => read(path.join(d, GITIGNORE)))),
      Promise.all(chain.map((d) => read(path.join(d, RELAYIGNORE)))),
    ]);
    const gitLayers: Layer[] = [];
    const relayLayers: Layer[] = [];
    chain.forEach((d, i) => {
      const gitText = gitTexts[i];
      if (gitText !== undefined) {
        const patterns = splitPatterns(gitText).filter((p) => d === dir || !ignoresWayDown(p, d, dir));
        if (patterns.length > 0) gitLayers.push({ dir: d, rules: ignore().add(patterns) });
      }
      const relayText = relayTexts[i];
      if (relayText !== undefined) relayLayers.push({ dir: d, rules: ignore().add(relayText) });
    });
    return new IgnoreRules(gitLayers, relayLayers);
  }

  /** These rules plus a `.gitignore` found in `dir` while walking into it. */
  withGitignore(dir: string, text: string): IgnoreRules {
    return new IgnoreRules([...this.gitLayers, { dir, rules: ignore().add(text) }], this.relayLayers);
  }

  ignores(absolutePath: string, isDirectory: boolean, query: IgnoreQuery = {}): boolean {
    if (path.basename(absolutePath) === '.git') return true;
    const suffix = isDirectory ? '/' : '';
    for (const layer of this.relayLayers) {
      const rel = relativeBelow(layer.dir, absolutePath);
      // A parent directory ignored here hides everything in it, whoever asks.
      if (rel !== undefined && layer.rules.ignores(rel + suffix)) return true;
    }
    if (query.gitignore === false) return false;
    let ignored = false;
    for (const layer of this.gitLayers) {
      const rel = relativeBelow(layer.dir, absolutePath);
      if (rel === undefined) continue;
      const verdict = layer.rules.test(rel + suffix);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }
}

function splitPatterns(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/** Whether `pattern` (from `layerDir`'s .gitignore) ignores `dir` or a directory between the two. */
function ignoresWayDown(pattern: string, layerDir: string, dir: string): boolean {
  if (pattern.startsWith('!')) return false;
  const rules = ignore().add(pattern);
  const rel = relativeBelow(layerDir, dir);
  return rel !== undefined && rules.ignores(`${rel}/`);
}

function relativeBelow(dir: string, target: string): string | undefined {
  if (!isInside(target, dir) || target === dir) return undefined;
  return toSlashes(path.relative(dir, target));
}

function selfAndAncestors(dir: string): string[] {
  const chain = [dir];
  for (let d = path.dirname(dir); d !== chain[chain.length - 1]; d = path.dirname(d)) chain.push(d);
  return chain;
}

// CLAUDE.md's `@path` imports: a word starting with `@` outside code spans and code blocks names a file, relative
// to the importing file (`@~/...` from the home folder), whose text joins the rule, up to four hops deep. Markdown
// is tokenised with `marked` so code is skipped as Claude Code skips it. Files outside the workspace are not read
// (named in Show Customizations instead): Relay never reads outside the workspace without asking.
import { dirname, isAbsolute, resolve } from 'node:path';
import { marked, type Token } from 'marked';
import { l10n } from '../../l10n';
import type { FrontmatterProblem } from '../frontmatter';
import type { CustomizationReader } from '../registry';

export const MAX_IMPORT_HOPS = 4;

export interface ImportResult {
  /** The file's own text, lines made only of imports left out, then each newly imported file's text. */
  text: string;
  /** Imports that named a file already in the rule set (read for an earlier rule): included there, not again. */
  alreadyIncluded: string[];
  /** Real paths of the files whose text was included (the importing file's own included). */
  included: string[];
  problems: FrontmatterProblem[];
}

/** The `@path` words of a Markdown text, in order, without those in code. */
export function importsOf(markdown: string): string[] {
  const found: string[] = [];
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'code' || token.type === 'codespan' || token.type === 'html') continue;
      const children = (token as { tokens?: Token[] }).tokens;
      const items = (token as { items?: Token[] }).items;
      if (children && children.length > 0) visit(children);
      else if (items) visit(items);
      else if (token.type === 'text' || token.type === 'escape') {
        for (const word of token.raw.split(/\s+/)) if (word.length > 1 && word.startsWith('@')) found.push(word.slice(1));
      }
    }
  };
  visit(marked.lexer(markdown));
  return found.filter((path, index, all) => all.indexOf(path) === index);
}

/**
 * `text` with every line that holds only `@path` words of imported files left out: a CLAUDE.md whose whole content
 * is `@AGENTS.md` stands for that file and says nothing of its own (Claude Code replaces an import by the file).
 */
function withoutImportLines(text: string, imported: ReadonlySet<string>): string {
  const lines = text.split('\n').filter((line) => {
    const words = line.trim().split(/\s+/).filter((word) => word !== '');
    return words.length === 0 || !words.every((word) => word.length > 1 && word.startsWith('@') && imported.has(word.slice(1)));
  });
  return lines.join('\n').trim();
}

/** `text` (of the file at `path`) with the files it imports appended, each once, `seen` shared across the rule set. */
export async function withImports(path: string, text: string, reader: CustomizationReader, seen: Set<string>, home: string | undefined): Promise<ImportResult> {
  const parts: string[] = [];
  const included: string[] = [];
  const alreadyIncluded: string[] = [];
  const problems: FrontmatterProblem[] = [];
  /** `@word`s per body that named a file (read now or already in the rule set). */
  const follow = async (from: string, body: string, hops: number): Promise<Set<string>> => {
    const resolved = new Set<string>();
    for (const target of importsOf(body)) {
      const absolute = target.startsWith('~/') ? (home ? resolve(home, target.slice(2)) : undefined) : isAbsolute(target) ? target : resolve(dirname(from), target);
      if (!absolute) continue;
      if (!reader.inWorkspace(absolute)) {
        problems.push({ line: 1, message: l10n.t('@{0} is outside the workspace and was not read.', target) });
        continue;
      }
      if (hops >= MAX_IMPORT_HOPS) {
        problems.push({ line: 1, message: l10n.t('@{0} was not read: imports stop after {1} hops.', target, MAX_IMPORT_HOPS) });
        continue;
      }
      if (!(await reader.reachesInsideWorkspace(absolute))) {
        // A missing file is no import (`@someone` in prose); a link out of the workspace is named, not read.
        if ((await reader.read(absolute)) !== undefined) problems.push({ line: 1, message: l10n.t('@{0} links to a file outside the workspace and was not read.', target) });
        continue;
      }
      const real = await reader.realPath(absolute);
      if (seen.has(real)) {
        resolved.add(target);
        if (hops === 0 && real !== (await reader.realPath(path))) alreadyIncluded.push(target);
        continue;
      }
      const imported = await reader.read(absolute);
      if (imported === undefined) continue; // `@someone` in prose, or a file that is not there: not an import
      seen.add(real);
      resolved.add(target);
      included.push(real);
      const at = parts.push('') - 1;
      const inner = await follow(absolute, imported, hops + 1);
      const own = withoutImportLines(imported, inner);
      parts[at] = own === '' ? '' : `<!-- imported from ${target} -->\n${own}`;
    }
    return resolved;
  };
  const top = await follow(path, text, 0);
  const own = withoutImportLines(text, top);
  return { text: [own, ...parts].filter((part) => part !== '').join('\n\n'), included, alreadyIncluded, problems };
}

// list_files: what a directory holds, one level (directories first, ignored entries named in a footnote) or
// recursively (every file below, through FileSearch, capped). Both honour .gitignore and .relayignore.
import { uiCount } from './ui-text';
import { l10n } from '../core/l10n';
import * as path from 'node:path';
import { z } from 'zod';
import type { DirectoryEntry } from '../core/ports/workspace-files';
import { displayBlocks, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { requireDirectory } from './file-checks';
import { IgnoreRules } from './ignore-rules';
import { displayPath, resolveToolPath } from './paths';
import { plural } from './text-content';

export const LIST_FILES = 'list_files';

const DEFAULT_RECURSIVE_LIMIT = 500;
const MAX_LIMIT = 2000;
const IGNORED_NAMES_SHOWN = 10;

const parameters = z.object({
  path: z.string().min(1).default('.').describe('The directory to list: relative to the workspace root, or absolute. Default: the workspace root.'),
  recursive: z.boolean().default(false).describe('List every file below the directory instead of one level.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .optional()
    .describe(`Most entries to show. Default ${DEFAULT_RECURSIVE_LIMIT} when recursive, everything for one level (up to ${MAX_LIMIT}).`),
});

export type ListFilesParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Lists the files and directories in a workspace directory.',
  long:
    'One level by default: directories first (ending in "/"), then files. With recursive, every file below the directory, as paths relative to the workspace root. ' +
    'Files ignored by .gitignore or .relayignore are left out; a one-level listing names the ignored entries at the end.',
  usageNotes: [
    'Start with one level to get your bearings; use recursive on a small directory, or find_files with a glob for specific files.',
    'Paths in the output can be passed to read_file as they are.',
  ],
  examples: [
    { description: 'The workspace root', params: {} },
    { description: 'Every file under src/components', params: { path: 'src/components', recursive: true } },
  ],
  category: 'files',
};

export class ListFilesTool extends BuiltinTool<ListFilesParams> {
  readonly name = LIST_FILES;
  override readonly displayName = 'List Files';
  override readonly uiDisplayName = l10n.t('List Files');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: ListFilesParams): Promise<ToolPreparation> {
    const absolute = resolveToolPath(params.path, this.roots());
    return { targets: { paths: [absolute] }, summary: l10n.t('List {0}', displayPath(absolute, this.roots())) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    const where = typeof params.path === 'string' ? params.path : '.';
    ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Listing {0}', where) });
  }

  protected async run(params: ListFilesParams, ctx: ToolContext): Promise<void> {
    const dir = resolveToolPath(params.path, this.roots());
    const shown = displayPath(dir, this.roots());
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Listing {0}', shown) });
    await requireDirectory(this.services, dir, ctx.signal);
    const listing = params.recursive
      ? await this.listRecursive(dir, params.limit ?? DEFAULT_RECURSIVE_LIMIT, ctx.signal)
      : await this.listOneLevel(dir, params.limit ?? MAX_LIMIT);
    this.succeed(ctx, listing.text, {
      showTip: l10n.t('Listed {0} ({1})', shown, listing.uiSummary),
      result: listing.summary,
      blocks: [displayBlocks.fileList(listing.files, listing.truncated)],
    });
  }

  private async listOneLevel(dir: string, limit: number): Promise<Listing> {
    const files = this.services.files;
    const rules = await IgnoreRules.forDirectory(dir, (file) => files.readText(file).catch(() => undefined));
    const entries = (await files.list(dir)).sort(directoriesFirst);
    const kept: string[] = [];
    const ignored: string[] = [];
    for (const entry of entries) {
      if (entry.name === '.git') continue; // never listed, and not worth a mention
      const name = entry.name + suffixOf(entry);
      if (rules.ignores(path.join(dir, entry.name), entry.type === 'directory')) ignored.push(name);
      else kept.push(name);
    }
    const shownEntries = kept.slice(0, limit);
    const truncated = kept.length > shownEntries.length;
    const header = `${displayPath(dir, this.roots())}/ (${plural(kept.length, 'entry', 'entries')})`;
    const lines = [header, ...shownEntries.map((name) => `  ${name}`)];
    if (kept.length === 0) lines.push('  (empty)');
    if (truncated) lines.push(`[Showing ${shownEntries.length} of ${kept.length} entries.]`);
    if (ignored.length > 0) {
      const names = ignored.slice(0, IGNORED_NAMES_SHOWN).join(', ');
      const more = ignored.length > IGNORED_NAMES_SHOWN ? `, +${ignored.length - IGNORED_NAMES_SHOWN} more` : '';
      lines.push(`(${plural(ignored.length, 'ignored entry', 'ignored entries')} not shown, by .gitignore or .relayignore: ${names}${more})`);
    }
    return { text: lines.join('\n'), files: shownEntries, truncated, summary: plural(kept.length, 'entry', 'entries'), uiSummary: uiCount.entries(kept.length) };
  }

  private async listRecursive(dir: string, limit: number, signal: AbortSignal): Promise<Listing> {
    const found = await this.services.search.findFiles({ cwd: dir, glob: '**/*', limit }, signal);
    const files = found.files.map((rel) => displayPath(path.join(dir, rel), this.roots()));
    const shown = displayPath(dir, this.roots());
    const header = found.truncated
      ? `The first ${plural(files.length, 'file')} under ${shown}/ (there are more; list a subdirectory or use find_files to narrow it):`
      : `${plural(files.length, 'file')} under ${shown}/:`;
    const text = files.length === 0 ? `No files under ${shown}/ (ignored files are not listed).` : [header, ...files].join('\n');
    const summary = `${plural(files.length, 'file')}${found.truncated ? '+' : ''}`;
    return { text, files, truncated: found.truncated, summary, uiSummary: `${uiCount.files(files.length)}${found.truncated ? '+' : ''}` };
  }
}

interface Listing {
  text: string;
  files: string[];
  truncated: boolean;
  summary: string;
  /** The same count for the card, in the display language. */
  uiSummary: string;
}

function suffixOf(entry: DirectoryEntry): string {
  return entry.type === 'directory' ? '/' : entry.type === 'symlink' ? '@' : '';
}

function directoriesFirst(a: DirectoryEntry, b: DirectoryEntry): number {
  const rank = (e: DirectoryEntry) => (e.type === 'directory' ? 0 : 1);
  return rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

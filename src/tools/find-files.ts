// find_files: files whose path matches a glob, through FileSearch (ripgrep in VS Code), honouring .gitignore
// and .relayignore unless asked to include git-ignored files.
import { uiCount } from './ui-text';
import { l10n } from '../core/l10n';
import * as path from 'node:path';
import { z } from 'zod';
import { displayBlocks, ToolError, ToolErrorType, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { requireDirectory } from './file-checks';
import { displayPath, resolveToolPath, toSlashes } from './paths';
import { plural } from './text-content';

export const FIND_FILES = 'find_files';

const DEFAULT_LIMIT = 200;
const MAX_LIMIT = 1000;

const parameters = z.object({
  pattern: z.string().min(1).describe('Glob matched against paths relative to `path`, e.g. "**/*.test.ts" or "src/*/index.ts".'),
  path: z.string().min(1).default('.').describe('Directory to search in: relative to the workspace root, or absolute. Default: the workspace root.'),
  limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe('Most files to return.'),
  include_ignored: z.boolean().default(false).describe('Also return files .gitignore excludes (.relayignore still applies).'),
});

export type FindFilesParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Finds files by name with a glob pattern.',
  long:
    'The glob matches the whole path relative to `path`: "*.ts" only matches files directly in it, "**/*.ts" matches at any depth. ' +
    'Supports *, **, ?, [abc] and {a,b}. Results are paths relative to the workspace root, in path order.',
  usageNotes: [
    'Use this to locate files by name; use search_text to find files by their content.',
    'Files ignored by .gitignore are left out unless include_ignored is true; files in .relayignore are never returned.',
  ],
  examples: [
    { description: 'Every test file', params: { pattern: '**/*.test.ts' } },
    { description: 'Package manifests below packages/', params: { pattern: '*/package.json', path: 'packages' } },
  ],
  category: 'files',
};

export class FindFilesTool extends BuiltinTool<FindFilesParams> {
  readonly name = FIND_FILES;
  override readonly displayName = 'Find Files';
  override readonly uiDisplayName = l10n.t('Find Files');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: FindFilesParams): Promise<ToolPreparation> {
    const dir = resolveToolPath(params.path, this.roots());
    return { targets: { paths: [dir] }, summary: l10n.t('Find {0} in {1}', params.pattern, displayPath(dir, this.roots())) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.pattern === 'string') ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Finding {0}', params.pattern) });
  }

  protected async run(params: FindFilesParams, ctx: ToolContext): Promise<void> {
    const dir = resolveToolPath(params.path, this.roots());
    const where = displayPath(dir, this.roots());
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Finding {0} in {1}', params.pattern, where) });
    await requireDirectory(this.services, dir, ctx.signal);
    const glob = relativeGlob(params.pattern, dir);
    const found = await this.services.search.findFiles(
      { cwd: dir, glob, limit: params.limit, includeIgnored: params.include_ignored },
      ctx.signal,
    );
    const files = found.files.map((rel) => displayPath(path.join(dir, rel), this.roots()));
    let text: string;
    if (files.length === 0) {
      const ignoredNote = params.include_ignored ? '' : ' Ignored files were not searched; set include_ignored to include them.';
      text = `No files match "${glob}" in ${where}.${ignoredNote}`;
    } else if (found.truncated) {
      text = [`The first ${plural(files.length, 'file')} matching "${glob}" in ${where} (there are more; narrow the pattern or the path):`, ...files].join('\n');
    } else {
      text = [`${plural(files.length, 'file')} matching "${glob}" in ${where}:`, ...files].join('\n');
    }
    const summary = `${plural(files.length, 'file')}${found.truncated ? '+' : ''}`;
    this.succeed(ctx, text, {
      showTip: l10n.t('Found {0} matching {1}', `${uiCount.files(files.length)}${found.truncated ? '+' : ''}`, glob),
      result: summary,
      blocks: [displayBlocks.fileList(files, found.truncated)],
    });
  }
}

/** An absolute glob inside the searched directory is made relative to it; outside it, it cannot match. */
function relativeGlob(pattern: string, dir: string): string {
  const trimmed = pattern.trim();
  if (!path.isAbsolute(trimmed)) return trimmed;
  const prefix = `${toSlashes(dir).replace(/\/$/, '')}/`;
  const slashed = toSlashes(trimmed);
  if (!slashed.startsWith(prefix)) {
    throw new ToolError(
      ToolErrorType.INVALID_PARAMS,
      l10n.both('The pattern "{0}" is outside the directory searched; pass that directory as path and a relative pattern.', trimmed),
    );
  }
  return slashed.slice(prefix.length) || '**/*';
}

// read_file: a text file with line numbers, a page at a time. Long files end with the exact call that reads on;
// long lines are cut; binary files, directories and very large files are refused with what to use instead; a
// missing file comes back with the nearest existing names.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { ToolError, ToolErrorType, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { requireFile } from './file-checks';
import { displayPath, resolveToolPath } from './paths';
import { cutLine, formatBytes, looksBinary, SNIFF_BYTES, splitLines } from './text-content';

export const READ_FILE = 'read_file';

const DEFAULT_LIMIT = 2000;
const MAX_LINE_CHARS = 2000;
/** Stays under the runtime's 50 KB cut, so the tool's own paging hint is what the model sees. */
const MAX_OUTPUT_BYTES = 45 * 1024;
/** The file is read whole; beyond this, search or a shell slice is the better tool. */
export const MAX_READ_FILE_BYTES = 5 * 1024 * 1024;

const parameters = z.object({
  path: z.string().min(1).describe('The file to read: relative to the workspace root, or absolute.'),
  offset: z.number().int().min(1).optional().describe('First line to show (1-based). Default 1.'),
  limit: z.number().int().min(1).optional().describe(`How many lines to show. Default ${DEFAULT_LIMIT}.`),
});

export type ReadFileParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Reads a text file from the workspace and shows it with line numbers.',
  long:
    'Each output line starts with its line number and a tab; that prefix is not part of the file. ' +
    `At most ${DEFAULT_LIMIT} lines (or about 45 KB) are shown per call; when the file goes on, the output ends with the offset to continue at.`,
  usageNotes: [
    'Read a file before editing it, and copy text for edit_file from this output without the line-number prefix.',
    'For large files, read the part you need with offset and limit, or find it first with search_text.',
    `Lines longer than ${MAX_LINE_CHARS} characters are cut and marked.`,
    'Binary files (images, archives, compiled code) cannot be read; directories are listed with list_files.',
  ],
  examples: [
    { description: 'Read a whole file', params: { path: 'src/index.ts' } },
    { description: 'Read lines 200-299', params: { path: 'src/server.ts', offset: 200, limit: 100 } },
  ],
  category: 'files',
};

export class ReadFileTool extends BuiltinTool<ReadFileParams> {
  readonly name = READ_FILE;
  override readonly displayName = 'Read File';
  override readonly uiDisplayName = l10n.t('Read File');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: ReadFileParams): Promise<ToolPreparation> {
    const absolute = resolveToolPath(params.path, this.roots());
    return { targets: { paths: [absolute] }, summary: l10n.t('Read {0}', displayPath(absolute, this.roots())) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.path === 'string') ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Reading {0}', params.path) });
  }

  protected async run(params: ReadFileParams, ctx: ToolContext): Promise<void> {
    const absolute = resolveToolPath(params.path, this.roots());
    const shown = displayPath(absolute, this.roots());
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Reading {0}', shown) });
    const stat = await requireFile(this.services, absolute, ctx.signal);
    if (stat.size > MAX_READ_FILE_BYTES) {
      throw new ToolError(
        ToolErrorType.FILE_TOO_LARGE,
        l10n.both(
          '{0} is {1}; read_file reads files up to {2}. Find the part you need with search_text, or print a slice with run_command (e.g. sed -n 1000,1100p).',
          shown,
          formatBytes(stat.size),
          formatBytes(MAX_READ_FILE_BYTES),
        ),
      );
    }
    if (looksBinary(await this.services.files.readBytes(absolute, SNIFF_BYTES))) {
      throw new ToolError(
        ToolErrorType.EXECUTION_FAILED,
        l10n.both('{0} looks like a binary file ({1}), so it is not shown as text.', shown, formatBytes(stat.size)),
      );
    }
    const lines = splitLines(await this.services.files.readText(absolute));
    const page = pageOf(lines, params.offset ?? 1, params.limit ?? DEFAULT_LIMIT, shown);
    const content = page.footer ? `${page.body}\n\n${page.footer}` : page.body;
    const range = lines.length === 0 ? 'empty' : `lines ${page.first}-${page.last} of ${lines.length}`;
    this.succeed(
      ctx,
      content,
      { showTip: l10n.t('Read {0} ({1})', shown, lines.length === 0 ? l10n.t('empty') : l10n.t('lines {0}-{1} of {2}', page.first, page.last, lines.length)), result: `${shown}: ${range}`, metadata: { path: absolute, ...page.meta } },
      { alreadyTruncated: true },
    );
  }
}

interface Page {
  body: string;
  footer?: string;
  first: number;
  last: number;
  meta: { firstLine: number; lastLine: number; totalLines: number };
}

function pageOf(lines: readonly string[], offset: number, limit: number, shown: string): Page {
  const total = lines.length;
  if (total === 0) return { body: '(The file is empty.)', first: 0, last: 0, meta: { firstLine: 0, lastLine: 0, totalLines: 0 } };
  if (offset > total) {
    throw new ToolError(ToolErrorType.INVALID_PARAMS, l10n.both('offset {0} is past the end of {1}, which has {2} lines.', offset, shown, total));
  }
  const width = String(Math.min(total, offset + limit - 1)).length;
  const out: string[] = [];
  let bytes = 0;
  let last = offset - 1;
  let cutBySize = false;
  for (let n = offset; n <= total && n < offset + limit; n++) {
    const line = `${String(n).padStart(width)}\t${cutLine(lines[n - 1]!, MAX_LINE_CHARS)}`;
    bytes += Buffer.byteLength(line) + 1;
    if (bytes > MAX_OUTPUT_BYTES && out.length > 0) {
      cutBySize = true;
      break;
    }
    out.push(line);
    last = n;
  }
  const meta = { firstLine: offset, lastLine: last, totalLines: total };
  if (last >= total) return { body: out.join('\n'), first: offset, last, meta };
  const why = cutBySize ? ' (the output size limit was reached)' : '';
  const next = JSON.stringify({ path: shown, offset: last + 1 });
  const footer = `[Showing lines ${offset}-${last} of ${total}${why}. Continue at line ${last + 1}: ${next}]`;
  return { body: out.join('\n'), footer, first: offset, last, meta };
}

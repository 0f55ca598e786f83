// write_file: creates a file or replaces its whole content, through the same preview/apply/diagnostics pipeline
// as edit_file. An existing file keeps its line endings and byte order mark. While the content streams in, the
// card shows it growing.
import { uiCount } from './ui-text';
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { ToolError, ToolErrorType, displayBlocks, type ToolContext, type ToolDescription } from '../core/tools';
import type { EditPlan } from './edits/edit-plan';
import { EditTool } from './edits/edit-tool';
import { displayPath, resolveToolPath } from './paths';
import { plural, splitLines } from './text-content';
import { Throttle } from './throttle';

export const WRITE_FILE = 'write_file';

/** How much of the streaming content the card shows: its end, where the writing happens. */
const PARTIAL_TAIL_CHARS = 16_000;
const PARTIAL_UPDATES_PER_SECOND = 10;

const parameters = z.object({
  path: z.string().min(1).describe('The file to write: relative to the workspace root, or absolute. Missing folders are created.'),
  content: z.string().describe('The complete new content of the file.'),
});

export type WriteFileParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Creates a new file, or replaces the entire content of an existing one.',
  long:
    'The user sees the result as a diff and may adjust it before it is applied; the result reports what was written and any errors it introduced. ' +
    "Writing over an existing file keeps that file's line endings.",
  usageNotes: [
    'Use it for new files and for rewriting most of a file; for changes to part of a file use edit_file, which is safer and cheaper.',
    'Write the complete content: nothing of the old file is kept, and placeholders such as "// rest unchanged" would end up in the file.',
  ],
  examples: [{ description: 'Create a module', params: { path: 'src/util/slug.ts', content: 'export function slug(s: string): string {\n  return s.toLowerCase();\n}\n' } }],
  category: 'edit',
};

export class WriteFileTool extends EditTool<WriteFileParams> {
  readonly name = WRITE_FILE;
  override readonly displayName = 'Write File';
  override readonly uiDisplayName = l10n.t('Write File');
  protected readonly description = description;
  protected readonly schema = parameters;
  // Recomputing a whole-file write against a file that changed meanwhile would discard those changes.
  protected override readonly recomputeOnConflict = false;
  private readonly partialUpdates = new Throttle(1000 / PARTIAL_UPDATES_PER_SECOND);

  protected async plan(params: WriteFileParams): Promise<EditPlan> {
    const path = resolveToolPath(params.path, this.roots());
    const shown = displayPath(path, this.roots());
    const stat = await this.services.files.stat(path);
    const lines = plural(splitLines(params.content).length, 'line');
    if (!stat) {
      return {
        changes: [{ kind: 'create', path, baseText: undefined, proposedText: params.content }],
        message: `Created ${shown} (${lines}).`,
        summary: l10n.t('Create {0}', shown),
      };
    }
    if (stat.type === 'directory') {
      throw new ToolError(ToolErrorType.TARGET_IS_DIRECTORY, l10n.both('{0} is a directory; give the path of a file inside it.', shown));
    }
    const current = await this.services.files.readText(path);
    const content = inFileConventions(params.content, current);
    if (content === current) {
      throw new ToolError(ToolErrorType.EDIT_NO_CHANGE, l10n.both('{0} already has exactly this content; nothing to write.', shown));
    }
    return {
      changes: [{ kind: 'update', path, baseText: current, proposedText: content }],
      message: `Replaced the content of ${shown} (now ${lines}).`,
      summary: l10n.t('Overwrite {0}', shown),
    };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.path !== 'string' || !this.partialUpdates.tryNow()) return;
    const content = typeof params.content === 'string' ? params.content : '';
    const shown = content.length > PARTIAL_TAIL_CHARS ? `…${content.slice(-PARTIAL_TAIL_CHARS)}` : content;
    ctx.sendToolStatus(ctx.callId, 'WAIT', {
      showTip: l10n.t('Writing {0} ({1} so far)', params.path, uiCount.lines(splitLines(content).length)),
      blocks: content === '' ? [] : [displayBlocks.text(shown)],
    });
  }
}

/** The model writes LF; a file that uses CRLF, or starts with a BOM, keeps doing so. */
function inFileConventions(content: string, current: string): string {
  let out = content;
  const crlf = (current.match(/\r\n/g) ?? []).length;
  const lf = (current.match(/\n/g) ?? []).length - crlf;
  if (crlf > lf && !out.includes('\r\n')) out = out.replace(/\n/g, '\r\n');
  if (current.startsWith('\uFEFF') && !out.startsWith('\uFEFF')) out = `\uFEFF${out}`;
  return out;
}

// edit_file: search/replace edits to one file, placed by the edit engine's match cascade (exact first, then
// tolerant of whitespace, indentation and escaping drift). The result says how each edit matched; an edit that
// matches nowhere, in several places, or changes nothing is refused before anyone is asked to approve it.
import { uiCount } from './ui-text';
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { applyEdits } from '../core/edit';
import { ToolError, ToolErrorType, type ToolContext, type ToolDescription } from '../core/tools';
import { editFailureError, inToolTerms } from './edits/edit-failure';
import type { EditPlan } from './edits/edit-plan';
import { EditTool } from './edits/edit-tool';
import { requireFile } from './file-checks';
import { displayPath, resolveToolPath } from './paths';
import { looksBinary, SNIFF_BYTES } from './text-content';

export const EDIT_FILE = 'edit_file';

const edit = z.object({
  old_text: z.string().describe('The exact text to replace, copied from the file (without read_file line numbers). Include enough lines to make it unique.'),
  new_text: z.string().describe('The text to put in its place.'),
  replace_all: z.boolean().default(false).describe('Replace every occurrence instead of exactly one.'),
});

const parameters = z.object({
  path: z.string().min(1).describe('The file to edit: relative to the workspace root, or absolute.'),
  edits: z.array(edit).min(1).describe('One or more replacements, all located in the file as it is now and applied together.'),
});

export type EditFileParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Edits a file by replacing exact text: one or several search/replace edits in one call.',
  long:
    'Each old_text must occur exactly once in the file (or set replace_all). All edits are located in the file as it is before the call, must not overlap, and are applied together or not at all. ' +
    'If old_text differs from the file only in whitespace, indentation or escaping, it still matches and the result says so; new_text is re-indented to fit. ' +
    'A line of old_text that differs from the file in content may only be one your edit leaves unchanged; old_text that starts or ends inside a word or number of the file (LIMIT = 10 in LIMIT = 100) is refused unless it is a piece of one word without spaces, never inside a number. ' +
    "The user sees the change as a diff and may adjust it before it is applied; the result reports what was applied and any errors the edit introduced. The file's line endings and final newline are kept.",
  usageNotes: [
    'Read the file first and copy old_text from it; do not include the line-number prefix read_file adds.',
    'Keep old_text short but unique: the lines you change plus a line or two of context.',
    'Put several changes to one file in one call rather than one call per change.',
    'To create a file or replace all of it, use write_file; to change several files at once, apply_patch.',
  ],
  important: ['An edit whose old_text is not found, or found more than once, changes nothing: the error shows the closest text or the matching lines.'],
  examples: [
    {
      description: 'Rename a variable in one place',
      params: { path: 'src/config.ts', edits: [{ old_text: 'const timeout = 30;', new_text: 'const timeoutSeconds = 30;' }] },
    },
    {
      description: 'Two changes, one of them everywhere',
      params: {
        path: 'src/app.ts',
        edits: [
          { old_text: "import { a } from './a';", new_text: "import { a, b } from './a';" },
          { old_text: 'oldName(', new_text: 'newName(', replace_all: true },
        ],
      },
    },
  ],
  category: 'edit',
};

export class EditFileTool extends EditTool<EditFileParams> {
  readonly name = EDIT_FILE;
  override readonly displayName = 'Edit File';
  override readonly uiDisplayName = l10n.t('Edit File');
  protected readonly description = description;
  protected readonly schema = parameters;

  protected async plan(params: EditFileParams, signal: AbortSignal): Promise<EditPlan> {
    const path = resolveToolPath(params.path, this.roots());
    const shown = displayPath(path, this.roots());
    await requireFile(this.services, path, signal);
    if (looksBinary(await this.services.files.readBytes(path, SNIFF_BYTES))) {
      throw new ToolError(ToolErrorType.EXECUTION_FAILED, l10n.both('{0} looks like a binary file; edit_file only edits text.', shown));
    }
    const text = await this.services.files.readText(path);
    const result = applyEdits(
      text,
      params.edits.map((e) => ({ oldText: e.old_text, newText: e.new_text, replaceAll: e.replace_all })),
    );
    if (!result.ok) throw editFailureError(result.failure, text, shown);
    return {
      changes: [{ kind: 'update', path, baseText: text, proposedText: result.content }],
      message: `${shown}: ${inToolTerms(result.message)}`,
      summary: l10n.t('Edit {0} ({1})', shown, uiCount.edits(params.edits.length)),
    };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.path !== 'string') return;
    const count = Array.isArray(params.edits) ? params.edits.length : 0;
    ctx.sendToolStatus(ctx.callId, 'WAIT', {
      showTip: count > 0 ? l10n.t('Editing {0} ({1})', params.path, uiCount.edits(count)) : l10n.t('Editing {0}', params.path),
    });
  }
}

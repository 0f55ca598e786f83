// apply_patch: several files in one call (add, update, delete, move) in the "*** Begin Patch" format, placed by
// the edit engine and applied as one workspace edit, so one Undo reverts the whole patch.
import { uiCount } from './ui-text';
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { applyOperations, parsePatch, type FileChange, type PatchOperation } from '../core/edit';
import type { ProposedFileChange } from '../core/ports/edit-review';
import { ToolError, ToolErrorType, type ToolContext, type ToolDescription } from '../core/tools';
import type { EditPlan } from './edits/edit-plan';
import { EditTool } from './edits/edit-tool';
import { notFoundError } from './file-checks';
import { displayPath, resolveToolPath } from './paths';

export const APPLY_PATCH = 'apply_patch';

const parameters = z.object({
  patch: z.string().min(1).describe('The patch text, from "*** Begin Patch" to "*** End Patch".'),
});

export type ApplyPatchParams = z.infer<typeof parameters>;

const FORMAT = `*** Begin Patch
*** Add File: path/to/new.ts
+every line of the new file, each starting with +
*** Update File: path/to/existing.ts
*** Move to: path/to/renamed.ts        (optional)
@@ a line before the change, e.g. the enclosing function (optional)
 context line (starts with a space)
-removed line
+added line
*** Delete File: path/to/old.ts
*** End Patch`;

const description: ToolDescription = {
  short: 'Changes files with a patch: update one file or several, add, delete and move files, in one step.',
  long:
    `The patch format:\n${FORMAT}\n` +
    'Paths are relative to the workspace root (or absolute). Each hunk needs the context lines around the change (about three before and after) so it can be placed; ' +
    'an "@@" line naming the enclosing function or class places it when the context alone occurs more than once. ' +
    'The whole patch is applied or none of it; the user sees each file as a diff first. ' +
    'Stricter than Codex on purpose: a file that fails fails the whole patch, and "*** Add File:" or "*** Move to:" never overwrites an existing file.',
  usageNotes: [
    'Use it for changes across files, renames and deletions; for changes to one file edit_file is simpler.',
    'Copy context and removed lines from the files; drift in whitespace, indentation or escaping is tolerated and reported, and a hunk whose lines match more than one place is refused.',
    'Each file appears in one section only.',
  ],
  examples: [
    {
      description: 'Rename a function and delete a file',
      params: {
        patch:
          '*** Begin Patch\n*** Update File: src/math.ts\n@@ export function sum\n-export function sum(a: number, b: number) {\n+export function add(a: number, b: number) {\n   return a + b;\n*** Delete File: src/legacy.ts\n*** End Patch',
      },
    },
  ],
  category: 'edit',
};

export class ApplyPatchTool extends EditTool<ApplyPatchParams> {
  readonly name = APPLY_PATCH;
  override readonly displayName = 'Apply Patch';
  override readonly uiDisplayName = l10n.t('Apply Patch');
  protected readonly description = description;
  protected readonly schema = parameters;

  protected async plan(params: ApplyPatchParams, signal: AbortSignal): Promise<EditPlan> {
    const parsed = parsePatch(params.patch);
    if (!parsed.ok) {
      // The parser's detail is for the model; the card says where.
      throw new ToolError(ToolErrorType.INVALID_PARAMS, {
        model: `The patch could not be parsed: ${parsed.error.message}. Nothing was changed.`,
        ui: l10n.t('The patch could not be parsed (line {0}). Nothing was changed.', parsed.error.line),
      });
    }
    const roots = this.roots();
    const resolved = new Map<string, string>();
    for (const op of parsed.operations) {
      for (const p of [op.path, ...(op.type === 'update' && op.moveTo !== undefined ? [op.moveTo] : [])]) resolved.set(p, resolveToolPath(p, roots));
    }
    assertDistinctTargets(resolved, roots);
    const texts = await this.readTargets(parsed.operations, resolved, signal);
    const applied = applyOperations(parsed.operations, (p) => texts.get(resolved.get(p)!));
    if (!applied.ok) {
      const type = patchErrorType(applied.error.message);
      throw new ToolError(type, { model: applied.error.message, ui: uiHunkFailure(type, applied.error.path) });
    }
    const changes = applied.changes.map((c) => toProposal(c, resolved));
    const shown = (p: string) => displayPath(p, roots);
    return {
      changes,
      message: `Patch applied:\n${applied.changes.map((c) => describe(c, resolved, shown)).join('\n')}`,
      summary: l10n.t('Patch {0}: {1}', uiCount.files(changes.length), changes.map((c) => shown(c.path)).join(', ')),
    };
  }

  /** The file headers of the patch streamed so far: complete lines are read once, so each delta costs what it adds. */
  private readonly streamed = { scanned: 0, files: [] as string[] };

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.patch !== 'string') return;
    const patch = params.patch;
    const seen = this.streamed;
    if (patch.length < seen.scanned) Object.assign(seen, { scanned: 0, files: [] }); // not a continuation: start over
    const complete = patch.lastIndexOf('\n') + 1;
    for (let start = seen.scanned; start < complete; ) {
      const end = patch.indexOf('\n', start);
      const file = fileHeader(patch.slice(start, end));
      if (file) seen.files.push(file);
      start = end + 1;
    }
    seen.scanned = Math.max(seen.scanned, complete);
    // The line still arriving may name a file too: shown as it grows, like a path streaming into write_file.
    const arriving = fileHeader(patch.slice(complete));
    const files = arriving ? [...seen.files, arriving] : seen.files;
    ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: files.length > 0 ? l10n.t('Patching {0}', files.join(', ')) : l10n.t('Writing a patch') });
  }

  /** The current text of every file the patch names (missing ones are absent), checked against what it expects. */
  private async readTargets(operations: readonly PatchOperation[], resolved: ReadonlyMap<string, string>, signal: AbortSignal): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    const files = this.services.files;
    const shown = (p: string) => displayPath(p, this.roots());
    for (const op of operations) {
      const target = resolved.get(op.path)!;
      const stat = await files.stat(target);
      if (stat?.type === 'directory') throw new ToolError(ToolErrorType.TARGET_IS_DIRECTORY, l10n.both('{0} is a directory. Nothing was changed.', shown(target)));
      if (op.type === 'add') {
        if (stat) throw new ToolError(ToolErrorType.INVALID_PARAMS, l10n.both('Add File {0}: the file already exists; use "*** Update File:" to change it. Nothing was changed.', op.path));
        continue;
      }
      if (!stat) {
        const missing = await notFoundError(this.services, target, signal);
        const said =
          op.type === 'delete'
            ? l10n.both('Delete File {0}: {1} Nothing was changed.', op.path, missing.said)
            : l10n.both('Update File {0}: {1} To create it, use "*** Add File:". Nothing was changed.', op.path, missing.said);
        throw new ToolError(missing.type, said);
      }
      texts.set(target, await files.readText(target));
      if (op.type === 'update' && op.moveTo !== undefined) {
        const destination = resolved.get(op.moveTo)!;
        if (await files.stat(destination)) {
          throw new ToolError(ToolErrorType.INVALID_PARAMS, l10n.both('Update File {0}: cannot move to {1}, which already exists. Nothing was changed.', op.path, op.moveTo));
        }
      }
    }
    return texts;
  }
}

function fileHeader(line: string): string | undefined {
  return /^\*\*\* (?:Add|Update|Delete) File: (.+)$/.exec(line.trim())?.[1]?.trim() || undefined;
}

/** Two spellings of one file (`a.ts`, `./a.ts`) in one patch would fight over it. */
function assertDistinctTargets(resolved: ReadonlyMap<string, string>, roots: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const [written, absolute] of resolved) {
    const earlier = seen.get(absolute);
    if (earlier !== undefined) {
      throw new ToolError(
        ToolErrorType.INVALID_PARAMS,
        l10n.both('"{0}" and "{1}" are the same file ({2}); put all its changes in one section. Nothing was changed.', earlier, written, displayPath(absolute, roots)),
      );
    }
    seen.set(absolute, written);
  }
}

/** The card's line for a patch whose hunks do not apply (the model reads the engine's sentence). */
function uiHunkFailure(type: ToolErrorType, path: string | undefined): string {
  const file = path ?? '';
  if (type === ToolErrorType.EDIT_MULTIPLE_OCCURRENCES) return l10n.t('{0}: a hunk of the patch matches more than one place. Nothing was changed.', file);
  if (type === ToolErrorType.EDIT_NO_CHANGE) return l10n.t('{0}: the patch leaves the file unchanged. Nothing was changed.', file);
  return l10n.t('{0}: the patch does not match the file. Nothing was changed.', file);
}

/** The engine's hunk errors are sentences; their wording tells which kind of failure it was. */
function patchErrorType(message: string): ToolErrorType {
  if (/occur \d+ times/.test(message)) return ToolErrorType.EDIT_MULTIPLE_OCCURRENCES;
  if (/leave the file unchanged/.test(message)) return ToolErrorType.EDIT_NO_CHANGE;
  return ToolErrorType.EDIT_NO_OCCURRENCE;
}

function toProposal(change: FileChange, resolved: ReadonlyMap<string, string>): ProposedFileChange {
  const at = resolved.get(change.path)!;
  switch (change.kind) {
    case 'add':
      return { kind: 'create', path: at, baseText: undefined, proposedText: change.newContent ?? '' };
    case 'delete':
      return { kind: 'delete', path: at, baseText: change.oldContent, proposedText: undefined };
    case 'update':
      return { kind: 'update', path: at, baseText: change.oldContent, proposedText: change.newContent };
    case 'move':
      return { kind: 'move', path: at, newPath: resolved.get(change.newPath!)!, baseText: change.oldContent, proposedText: change.newContent };
  }
}

function describe(change: FileChange, resolved: ReadonlyMap<string, string>, shown: (p: string) => string): string {
  const at = shown(resolved.get(change.path)!);
  const notes = change.notes.length > 0 ? `: ${change.notes.join('; ')}` : '';
  switch (change.kind) {
    case 'add':
      return `- added ${at}`;
    case 'delete':
      return `- deleted ${at}`;
    case 'update':
      return `- updated ${at}${notes}`;
    case 'move':
      return `- moved ${at} to ${shown(resolved.get(change.newPath!)!)}${notes}`;
  }
}


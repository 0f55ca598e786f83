// get_diagnostics: the problems VS Code's language servers report, for some files or the whole workspace,
// errors first, grouped by file with line numbers, capped.
import { uiCount } from './ui-text';
import { l10n } from '../core/l10n';
import { z } from 'zod';
import type { DiagnosticInfo } from '../core/ports/diagnostics';
import { displayBlocks, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { displayPath, resolveToolPath } from './paths';
import { plural } from './text-content';
import { diagnosticsBlock } from '../core/text/untrusted-data';

export const GET_DIAGNOSTICS = 'get_diagnostics';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;
const MAX_MESSAGE_CHARS = 500;

const parameters = z.object({
  paths: z
    .array(z.string().min(1))
    .optional()
    .describe('Files to check: relative to the workspace root, or absolute. Leave out for every file with problems.'),
  severity: z.enum(['error', 'warning']).default('warning').describe('"error" for errors only; "warning" for errors and warnings.'),
  limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe('Most problems to list.'),
});

export type GetDiagnosticsParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: "Lists the errors and warnings VS Code's language servers report, for given files or the whole workspace.",
  long: 'Grouped by file, errors first, each as "line:column severity [source code]: message" (1-based positions).',
  usageNotes: [
    'Edits already report the errors they introduce; use this to check the state of other files, or of the whole workspace before finishing.',
    "Only files a language server has looked at have diagnostics: a file that was never opened may show none even if it has problems; a build or type-check command is the complete check.",
  ],
  examples: [
    { description: 'Errors in the whole workspace', params: { severity: 'error' } },
    { description: 'Problems in two files', params: { paths: ['src/app.ts', 'src/server.ts'] } },
  ],
  category: 'diagnostics',
};

export class GetDiagnosticsTool extends BuiltinTool<GetDiagnosticsParams> {
  readonly name = GET_DIAGNOSTICS;
  override readonly displayName = 'Get Diagnostics';
  override readonly uiDisplayName = l10n.t('Get Diagnostics');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: GetDiagnosticsParams): Promise<ToolPreparation> {
    const roots = this.roots();
    const paths = params.paths?.map((p) => resolveToolPath(p, roots)) ?? [...roots];
    return { targets: { paths }, summary: params.paths ? l10n.t('Problems in {0}', uiCount.files(paths.length)) : l10n.t('Problems in the workspace') };
  }

  protected override showPartial(_params: Record<string, unknown>, ctx: ToolContext): void {
    ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Checking problems') });
  }

  protected async run(params: GetDiagnosticsParams, ctx: ToolContext): Promise<void> {
    const roots = this.roots();
    const scope = params.paths ? plural(params.paths.length, 'file') : 'the workspace';
    const uiScope = params.paths ? uiCount.files(params.paths.length) : l10n.t('the workspace');
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Checking problems in {0}', uiScope) });
    const source = params.paths ? this.services.diagnostics.get(params.paths.map((p) => resolveToolPath(p, roots))) : this.services.diagnostics.all();
    const wanted = (d: DiagnosticInfo) => d.severity === 'error' || (params.severity === 'warning' && d.severity === 'warning');
    const files = [...source.entries()]
      .map(([path, diagnostics]) => ({ path: displayPath(path, roots), diagnostics: diagnostics.filter(wanted).sort(byPosition) }))
      .filter((f) => f.diagnostics.length > 0)
      .sort((a, b) => errorsIn(b) - errorsIn(a) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

    const total = files.reduce((n, f) => n + f.diagnostics.length, 0);
    const errors = files.reduce((n, f) => n + errorsIn(f), 0);
    const counts = `${plural(errors, 'error')}${params.severity === 'warning' ? `, ${plural(total - errors, 'warning')}` : ''}`;
    let text: string;
    if (total === 0) {
      text = `No ${params.severity === 'error' ? 'errors' : 'errors or warnings'} reported in ${scope}.`;
    } else {
      const lines: string[] = [];
      let listed = 0;
      for (const file of files) {
        if (listed >= params.limit) break;
        lines.push('', file.path);
        for (const d of file.diagnostics) {
          if (listed >= params.limit) break;
          lines.push(`  ${formatDiagnostic(d)}`);
          listed++;
        }
      }
      // The messages are other parties' text (language servers, linters, other extensions): fenced and marked as data.
      text = `${counts} in ${plural(files.length, 'file')}:\n${diagnosticsBlock(lines.join('\n').replace(/^\n/, ''))}`;
      if (listed < total) text += `\n[${total - listed} more not listed; raise limit (at most ${MAX_LIMIT}) or ask for fewer files.]`;
    }
    this.succeed(ctx, text, {
      showTip: l10n.t('Problems in {0}: {1}', uiScope, uiProblems(errors, params.severity === 'warning' ? total - errors : undefined)),
      result: counts,
      blocks: total === 0 ? [] : [displayBlocks.fileList(files.map((f) => `${f.path} (${f.diagnostics.length})`), total > params.limit)],
    });
  }
}

function errorsIn(file: { diagnostics: DiagnosticInfo[] }): number {
  return file.diagnostics.filter((d) => d.severity === 'error').length;
}

function byPosition(a: DiagnosticInfo, b: DiagnosticInfo): number {
  return (
    (a.severity === 'error' ? 0 : 1) - (b.severity === 'error' ? 0 : 1) ||
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character
  );
}

function formatDiagnostic(d: DiagnosticInfo): string {
  const origin = [d.source, d.code].filter((x) => x !== undefined && x !== '').join(' ');
  const message = d.message.replace(/\s*\n\s*/g, ' ');
  const shown = message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message;
  return `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity}${origin ? ` [${origin}]` : ''}: ${shown}`;
}

/** "2 errors, 1 warning" for the card. */
function uiProblems(errors: number, warnings: number | undefined): string {
  const e = errors === 1 ? l10n.t('1 error') : l10n.t('{0} errors', errors);
  if (warnings === undefined) return e;
  return l10n.t('{0}, {1}', e, warnings === 1 ? l10n.t('1 warning') : l10n.t('{0} warnings', warnings));
}

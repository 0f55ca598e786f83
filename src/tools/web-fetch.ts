// web_fetch: a web page as Markdown, a page of it at a time. The approval asks per domain ("Always allow
// docs.python.org"); the fetcher refuses private addresses after DNS and on every redirect unless a rule names
// them, caps time, size and redirects. Long pages end with the exact call that reads on.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { WebFetchError, type WebFetchErrorKind } from '../core/ports/web-fetch';
import { ToolError, ToolErrorType, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { PrivateAddressGate } from '../core/web/address-gate';
import { parseWebUrl } from '../core/web/web-url';
import { BuiltinTool } from './builtin-tool';
import { formatBytes } from './text-content';

export const WEB_FETCH = 'web_fetch';

const DEFAULT_MAX_LENGTH = 20_000;
/** Stays under the runtime's 50 KB cut, so the tool's own paging hint is what the model sees. */
const MAX_MAX_LENGTH = 40_000;

const parameters = z.object({
  url: z.string().min(1).describe('The page to fetch: an absolute http:// or https:// URL.'),
  start_index: z.number().int().min(0).optional().describe('Character of the Markdown to start at, to read on in a long page. Default 0.'),
  max_length: z.number().int().min(500).max(MAX_MAX_LENGTH).optional().describe(`How many characters to return. Default ${DEFAULT_MAX_LENGTH}.`),
});

export type WebFetchParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Fetches a web page (http or https) and returns its main content as Markdown.',
  long:
    'HTML pages are reduced to their article (navigation, ads and scripts removed) and converted to Markdown; text, Markdown and JSON come back as they are. ' +
    `At most ${DEFAULT_MAX_LENGTH} characters are returned per call; a longer page ends with the start_index to continue at.`,
  usageNotes: [
    'Use it for documentation, changelogs, issues and API references the user points to or that the task needs.',
    'The user approves each new domain. Addresses on the local machine or network are refused unless the user allowed them; the exception is this task\'s own server: a local URL a process it started with run_command (background: true) is listening on, while it runs.',
    'Binary files (images, PDFs, archives) are not read.',
  ],
  examples: [
    { description: 'Read a documentation page', params: { url: 'https://docs.python.org/3/library/json.html' } },
    { description: 'Read on in a long page', params: { url: 'https://docs.python.org/3/library/json.html', start_index: 20000 } },
  ],
  category: 'web',
};

export class WebFetchTool extends BuiltinTool<WebFetchParams> {
  readonly name = WEB_FETCH;
  override readonly displayName = 'Fetch Web Page';
  override readonly uiDisplayName = l10n.t('Fetch Web Page');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: WebFetchParams): Promise<ToolPreparation> {
    const url = checkedUrl(params.url);
    return { targets: { url: url.toString() }, summary: l10n.t('Fetch {0}', url.toString()) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.url === 'string') ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Fetching {0}', params.url) });
  }

  protected async run(params: WebFetchParams, ctx: ToolContext): Promise<void> {
    const web = this.services.web;
    if (!web) throw new ToolError(ToolErrorType.EXECUTION_FAILED, l10n.both('Fetching web pages is not available here.'));
    const url = checkedUrl(params.url);
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Fetching {0}', url.host) });
    const gate = new PrivateAddressGate({
      toolName: WEB_FETCH,
      taskId: ctx.taskId,
      rules: (tool, host, address) => web.allowsPrivateAddress(tool, host, address),
      ...(this.services.processes ? { processes: this.services.processes } : {}),
    });
    let page;
    try {
      page = await web.fetcher.fetch(url.toString(), { signal: ctx.signal, allowPrivateAddress: gate.allows });
    } catch (error) {
      if (error instanceof WebFetchError) {
        const note = error.kind === 'blocked-address' ? gate.refusalNote() : undefined;
        const ui = note ? l10n.t('{0} is on this machine, but no process this task started is listening there; fetching it was refused.', url.host) : uiFetchFailure(error, url.host);
        throw new ToolError(ERROR_TYPES[error.kind], { model: note ? `${error.message} ${note}` : error.message, ui });
      }
      throw error;
    }
    const start = params.start_index ?? 0;
    const total = page.markdown.length;
    if (start > 0 && start >= total) {
      throw new ToolError(ToolErrorType.INVALID_PARAMS, l10n.both('start_index {0} is past the end of the page, which has {1} characters.', start, total));
    }
    const slice = pageSlice(page.markdown, start, params.max_length ?? DEFAULT_MAX_LENGTH);
    const head = [
      `# ${page.title}`,
      `URL: ${page.finalUrl}${page.finalUrl !== url.toString() ? ` (redirected from ${url.toString()})` : ''}`,
      `Content: ${page.contentType}, ${formatBytes(page.bytes)}${page.truncated ? ' (cut at the size limit)' : ''}; ${total} characters of Markdown`,
    ];
    const footer =
      slice.end < total
        ? `[Showing characters ${start}-${slice.end} of ${total}. Call web_fetch again with start_index=${slice.end} to read on.]`
        : start > 0
          ? `[Showing characters ${start}-${total} of ${total}: the end of the page.]`
          : undefined;
    // Untrimmed, so the pages put together are exactly the page.
    const body = slice.text.trim() ? slice.text : '(The page has no text content.)';
    const content = [head.join('\n'), body, ...(footer ? [footer] : [])].join('\n\n');
    const range = total === 0 ? 'empty' : slice.end < total || start > 0 ? `characters ${start}-${slice.end} of ${total}` : `${total} characters`;
    this.succeed(
      ctx,
      content,
      {
        showTip: l10n.t('Fetched {0} ({1})', page.title, total === 0 ? l10n.t('empty') : slice.end < total || start > 0 ? l10n.t('characters {0}-{1} of {2}', start, slice.end, total) : l10n.t('{0} characters', total)),
        result: `${page.finalUrl}: ${range}`,
        metadata: { url: url.toString(), finalUrl: page.finalUrl, title: page.title, start, end: slice.end, total },
      },
      { alreadyTruncated: true },
    );
  }
}

const ERROR_TYPES: Record<WebFetchErrorKind, ToolErrorType> = {
  'invalid-url': ToolErrorType.INVALID_PARAMS,
  'blocked-address': ToolErrorType.PERMISSION_DENIED,
  dns: ToolErrorType.EXECUTION_FAILED,
  timeout: ToolErrorType.EXECUTION_FAILED,
  'too-many-redirects': ToolErrorType.EXECUTION_FAILED,
  'http-status': ToolErrorType.EXECUTION_FAILED,
  'unsupported-content': ToolErrorType.EXECUTION_FAILED,
  network: ToolErrorType.EXECUTION_FAILED,
  cancelled: ToolErrorType.CANCELLED,
};

/** The card's line for a failed fetch (the model reads the fetcher's full sentence). */
function uiFetchFailure(error: WebFetchError, host: string): string {
  switch (error.kind) {
    case 'invalid-url':
      return l10n.t('Not a web address that can be fetched: {0}', host);
    case 'blocked-address':
      return l10n.t('{0} is a private or local address; fetching it was refused.', host);
    case 'dns':
      return l10n.t('{0} could not be resolved.', host);
    case 'timeout':
      return l10n.t('Fetching {0} took too long.', host);
    case 'too-many-redirects':
      return l10n.t('{0} redirected too many times.', host);
    case 'http-status':
      return l10n.t('{0} answered HTTP {1}.', host, error.status ?? '?');
    case 'unsupported-content':
      return l10n.t('{0} is not a web page or text.', host);
    case 'network':
      return l10n.t('Could not fetch {0}: the connection failed.', host);
    case 'cancelled':
      return l10n.t('The fetch was cancelled.');
  }
}

function checkedUrl(input: string): URL {
  try {
    return parseWebUrl(input);
  } catch (error) {
    const message = (error as Error).message;
    throw new ToolError(ToolErrorType.INVALID_PARAMS, { model: message, ui: l10n.t('Not a web address that can be fetched: {0}', input) });
  }
}

/** Up to `max` characters from `start`, ending at a line break when one is near the end of the window. */
export function pageSlice(markdown: string, start: number, max: number): { text: string; end: number } {
  let end = Math.min(markdown.length, start + max);
  if (end < markdown.length) {
    const lineBreak = markdown.lastIndexOf('\n', end);
    if (lineBreak > start + max * 0.8) end = lineBreak + 1;
  }
  return { text: markdown.slice(start, end), end };
}

// check_page: opens a page of the task's own server (or of a site the user allowed for web_fetch) in a headless
// Chromium-family browser already installed, lets it settle, and returns what a person would look at: a
// screenshot (an image for models that take images), the title, the visible text, console errors and failed
// requests. The address rules of web_fetch hold for the page and for every request it makes.
import { z } from 'zod';
import { l10n } from '../core/l10n';
import { PageCheckError, type PageCheckErrorKind, type PageCheckResult } from '../core/ports/page-check';
import { ToolError, ToolErrorType, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { PrivateAddressGate } from '../core/web/address-gate';
import { parseWebUrl } from '../core/web/web-url';
import { BuiltinTool } from './builtin-tool';
import { WEB_FETCH } from './web-fetch';

export const CHECK_PAGE = 'check_page';

const DEFAULT_MAX_TEXT = 6_000;

const parameters = z.object({
  url: z.string().min(1).describe("The page to open: an absolute http:// or https:// URL, usually the one this task's dev server printed (http://localhost:5173/)."),
  settle_ms: z.number().int().min(0).max(15_000).optional().describe('How long to wait, after the page loaded, for its network to go quiet. Default 3000.'),
  max_text: z.number().int().min(200).max(20_000).optional().describe(`How many characters of the visible text to return. Default ${DEFAULT_MAX_TEXT}.`),
});

export type CheckPageParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Opens a web page in a headless browser and returns a screenshot, its title, visible text, console errors and failed requests.',
  long:
    'For pages built by JavaScript, where web_fetch sees little: the page runs in an installed Chrome, Edge or Chromium, settles, and is reported as a person would see it. ' +
    'The screenshot is attached as an image for models that read images.',
  usageNotes: [
    "Use it on this task's own dev server after starting it with run_command (background: true), to see the result of a change and the errors the page logs.",
    'Only the local URLs a process of this task is listening on are reachable on this machine; other local or private addresses are refused, for the page and for every request it makes. Public sites need the same approval as web_fetch.',
    'Without an installed browser it says so; use web_fetch then.',
  ],
  examples: [{ description: "Check the task's dev server", params: { url: 'http://localhost:5173/' } }],
  category: 'web',
};

export class CheckPageTool extends BuiltinTool<CheckPageParams> {
  readonly name = CHECK_PAGE;
  override readonly displayName = 'Check Page';
  override readonly uiDisplayName = l10n.t('Check Page');
  readonly kind = 'readonly' as const;
  override readonly timeoutMs = 90_000;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: CheckPageParams): Promise<ToolPreparation> {
    const url = checkedUrl(params.url);
    return { targets: { url: url.toString() }, summary: l10n.t('Check page {0}', url.toString()) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.url === 'string') ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Opening {0}', params.url) });
  }

  protected async run(params: CheckPageParams, ctx: ToolContext): Promise<void> {
    const { web, pages } = this.services;
    if (!web || !pages) throw new ToolError(ToolErrorType.EXECUTION_FAILED, l10n.both('Checking pages in a browser is not available here; use web_fetch.'));
    const url = checkedUrl(params.url);
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Opening {0} in a headless browser', url.host) });
    // web_fetch's rules are the rules: a private address the user allowed for web_fetch, or the task's own server.
    const gate = new PrivateAddressGate({
      toolName: WEB_FETCH,
      taskId: ctx.taskId,
      rules: (tool, host, address) => web.allowsPrivateAddress(tool, host, address),
      ...(this.services.processes ? { processes: this.services.processes } : {}),
    });
    let result: PageCheckResult;
    try {
      result = await pages.check({
        url: url.toString(),
        signal: ctx.signal,
        allowPrivateAddress: gate.allows,
        ...(params.settle_ms !== undefined ? { settleMs: params.settle_ms } : {}),
        maxTextChars: params.max_text ?? DEFAULT_MAX_TEXT,
      });
    } catch (error) {
      if (error instanceof PageCheckError) {
        const note = error.kind === 'blocked' ? gate.refusalNote() : undefined;
        throw new ToolError(ERROR_TYPES[error.kind], { model: modelFailure(error, note), ui: uiFailure(error, url.host, note !== undefined) });
      }
      throw error;
    }
    const content = describeResult(result);
    const errors = result.consoleErrors.length;
    const failed = result.failedRequests.length;
    // The card shows the page as the model saw it (the small copy when the browser made one).
    const shot = result.thumbnail ?? result.screenshot;
    const image = { type: 'image', mediaType: shot.mediaType, data: shot.data, width: shot.width, height: shot.height, alt: l10n.t('Screenshot of {0}', result.title || result.finalUrl) };
    this.succeed(
      ctx,
      content,
      {
        showTip: l10n.t('{0}: {1} console errors, {2} failed requests', result.title || result.finalUrl, errors, failed),
        result: `${result.finalUrl}: ${errors} console errors, ${failed} failed requests`,
        metadata: { url: url.toString(), finalUrl: result.finalUrl, title: result.title, consoleErrors: errors, failedRequests: failed, settled: result.settled, screenshotBytes: Math.floor((result.screenshot.data.length * 3) / 4) },
        blocks: [image],
      },
      { alreadyTruncated: true, images: [{ mediaType: result.screenshot.mediaType, data: result.screenshot.data }] },
    );
  }
}

/** The model's report: head, console errors, failed requests, then the visible text. */
export function describeResult(result: PageCheckResult): string {
  const head = [
    `# ${result.title || '(no title)'}`,
    `URL: ${result.finalUrl}${result.status !== undefined ? ` (HTTP ${result.status})` : ''}`,
    result.settled ? 'The page loaded and its network went quiet.' : 'The page loaded, but its network did not go quiet within the wait (it may keep polling); this is what it showed then.',
    `Screenshot: ${result.screenshot.width}×${result.screenshot.height} JPEG, attached as an image for models that read images.`,
  ];
  const consoleErrors = result.consoleErrors.length ? result.consoleErrors.map((e) => `- ${e}`).join('\n') : '(none)';
  const failed = result.failedRequests.length ? result.failedRequests.map((f) => `- ${f.method} ${f.url}: ${f.reason}`).join('\n') : '(none)';
  const text = result.text.trim() ? result.text : '(The page shows no text.)';
  return [
    head.join('\n'),
    `## Console errors (${result.consoleErrors.length})\n${consoleErrors}`,
    `## Failed requests (${result.failedRequests.length})\n${failed}`,
    `## Visible text${result.textTruncated ? ` (first ${result.text.length} characters)` : ''}\n${text}`,
  ].join('\n\n');
}

const ERROR_TYPES: Record<PageCheckErrorKind, ToolErrorType> = {
  'no-browser': ToolErrorType.EXECUTION_FAILED,
  launch: ToolErrorType.EXECUTION_FAILED,
  blocked: ToolErrorType.PERMISSION_DENIED,
  navigation: ToolErrorType.EXECUTION_FAILED,
  timeout: ToolErrorType.EXECUTION_FAILED,
  cancelled: ToolErrorType.CANCELLED,
};

function modelFailure(error: PageCheckError, note: string | undefined): string {
  if (error.kind === 'no-browser') {
    return `${error.message} check_page needs an installed Chrome, Edge or Chromium (or its path in the relay.checkPage.browserPath setting); use web_fetch to read the page instead.`;
  }
  if (error.kind === 'launch') return `${error.message} Use web_fetch to read the page instead.`;
  return note ? `${error.message} ${note}` : error.message;
}

function uiFailure(error: PageCheckError, host: string, notOwnServer: boolean): string {
  switch (error.kind) {
    case 'no-browser':
      return l10n.t('No Chrome, Edge or Chromium was found to check pages with; set relay.checkPage.browserPath, or use web_fetch.');
    case 'launch':
      return l10n.t('The browser did not start.');
    case 'blocked':
      return notOwnServer
        ? l10n.t('{0} is on this machine, but no process this task started is listening there; checking it was refused.', host)
        : l10n.t('{0} is a private or local address; checking it was refused.', host);
    case 'navigation':
      return l10n.t('Could not open {0}.', host);
    case 'timeout':
      return l10n.t('{0} took too long to load.', host);
    case 'cancelled':
      return l10n.t('The page check was cancelled.');
  }
}

function checkedUrl(input: string): URL {
  try {
    return parseWebUrl(input);
  } catch (error) {
    throw new ToolError(ToolErrorType.INVALID_PARAMS, { model: (error as Error).message, ui: l10n.t('Not a web address that can be opened: {0}', input) });
  }
}

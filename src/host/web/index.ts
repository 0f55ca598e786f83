// The web fetcher as the extension uses it: Node's DNS, the HTML converter loaded from dist/web.js on first use.
// `@https://…` mentions and the web_fetch tool share it:
//   const page = await createWebFetcher().fetch(url, { signal, allowPrivateAddress });
//   page.title, page.markdown, page.finalUrl, page.truncated
import type { WebFetcher } from '../../core/ports/web-fetch';
import { convertHtmlLazily } from './html-loader';
import { NodeWebFetcher, type NodeWebFetcherOptions } from './web-fetcher';

export function createWebFetcher(options: Partial<NodeWebFetcherOptions> = {}): WebFetcher {
  return new NodeWebFetcher({ convertHtml: convertHtmlLazily, ...options });
}

export { WebFetchError, type WebFetcher, type WebFetchOptions, type WebPage } from '../../core/ports/web-fetch';

// Loads dist/web.js (see html-bundle.ts) on first use. The require path is resolved next to dist/runtime.js
// and marked external in esbuild.mjs.
import type * as HtmlModule from './html-bundle';
import type { ConvertedHtml } from './html-to-markdown';

let loaded: typeof HtmlModule | undefined;

export function convertHtmlLazily(html: string, url: string): ConvertedHtml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./web.js') as typeof HtmlModule;
  return loaded.htmlToMarkdown(html, url);
}

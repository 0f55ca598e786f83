// Assistant text: markdown → HTML (marked) → sanitised fragment (sanitize.ts) → `path:line` links (file-links.ts)
// → code blocks get a copy button
// and light highlighting. Called for one message at a time; the streaming one is re-rendered at most once a frame.
import { Marked } from 'marked';
import { enhanceCodeBlocks } from './code-block';
import { linkifyFileReferences } from './file-links';
import { sanitizeHtml } from './sanitize';

const marked = new Marked({ gfm: true, breaks: false, async: false });

export interface MarkdownActions {
  copy(text: string, button: HTMLButtonElement): void;
}

export function renderMarkdown(doc: Document, text: string, actions: MarkdownActions): DocumentFragment {
  const html = marked.parse(text) as string;
  const fragment = sanitizeHtml(doc, html);
  // After sanitising: these links are ours (data attributes, no URL), built from text nodes.
  linkifyFileReferences(doc, fragment);
  enhanceCodeBlocks(doc, fragment, actions.copy);
  return fragment;
}

/** The http(s) URL of a sanitised link the user clicked, if the click was on one. */
export function clickedLink(event: Event): string | undefined {
  const target = event.target as Element | null;
  const anchor = target?.closest?.('a');
  if (!anchor) return undefined;
  event.preventDefault();
  const href = anchor.getAttribute('href') ?? '';
  return /^https?:\/\//i.test(href) ? href : undefined;
}

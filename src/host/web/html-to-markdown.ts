// HTML to Markdown for the model: linkedom parses (no browser, no jsdom), Readability keeps the article and
// drops navigation, ads and footers, Turndown writes Markdown. When Readability finds no article (a short
// page, an index), the whole body is converted instead, minus scripts, styles and other non-content.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

export interface ConvertedHtml {
  title: string;
  markdown: string;
}

const NON_CONTENT = 'script, style, noscript, template, iframe, object, embed, svg, canvas, form, button, input, select, textarea, link, meta';

export function htmlToMarkdown(html: string, url: string): ConvertedHtml {
  const document = parseDocument(html);
  const pageTitle = (document.querySelector('title')?.textContent ?? '').trim();
  absolutizeLinks(document, url);
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    // Readability changes the document it reads: give it its own copy.
    article = new Readability(parseHTML(document.toString()).document as unknown as Document, { charThreshold: 200, keepClasses: true }).parse();
  } catch {
    article = null;
  }
  let body: string;
  if (article?.content && article.content.trim()) {
    body = article.content;
  } else {
    for (const node of [...document.querySelectorAll(NON_CONTENT)]) node.remove();
    body = document.body?.innerHTML ?? html;
  }
  const markdown = tidy(turndown().turndown(body));
  const title = (article?.title ?? '').trim() || pageTitle;
  return { title, markdown };
}

/** linkedom needs a whole document: a fragment or plain text is wrapped in one. */
function parseDocument(html: string) {
  const parsed = parseHTML(html).document;
  if (parsed.documentElement && parsed.body) return parsed;
  return parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`).document;
}

function turndown(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
  service.remove(['script', 'style', 'noscript', 'template', 'iframe']);
  // Code blocks keep their language when the page marks it (`class="language-python"`).
  service.addRule('fencedCodeWithLanguage', {
    filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName === 'CODE',
    replacement: (_content, node) => {
      const code = node.firstChild as HTMLElement;
      const language = /(?:^|\s)(?:language|lang)-(\S+)/.exec(code.getAttribute('class') ?? '')?.[1] ?? '';
      const text = (code.textContent ?? '').replace(/\n$/, '');
      const fence = text.includes('```') ? '````' : '```';
      return `\n\n${fence}${language}\n${text}\n${fence}\n\n`;
    },
  });
  // Tables as GFM tables (cell text only; nested markup inside cells is flattened).
  service.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => tableToMarkdown(node as HTMLElement),
  });
  // Images carry no information for the model beyond their alt text.
  service.addRule('imageAlt', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = ((node as HTMLElement).getAttribute('alt') ?? '').trim();
      return alt ? `[image: ${alt}]` : '';
    },
  });
  return service;
}

function tableToMarkdown(table: HTMLElement): string {
  const rows = Array.from(table.querySelectorAll('tr')).map((row) =>
    Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')),
  );
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (width === 0) return '';
  const line = (cells: string[]) => `| ${[...cells, ...new Array<string>(width - cells.length).fill('')].join(' | ')} |`;
  const [head, ...body] = rows;
  return `\n\n${[line(head!), line(new Array<string>(width).fill('---')), ...body.map(line)].join('\n')}\n\n`;
}

function absolutizeLinks(document: { querySelectorAll(selector: string): Iterable<Element> }, base: string): void {
  for (const element of document.querySelectorAll('a[href]')) {
    const href = element.getAttribute('href')!;
    try {
      element.setAttribute('href', new URL(href, base).toString());
    } catch {
      element.removeAttribute('href');
    }
  }
}

/** Collapses the blank runs conversion leaves behind. */
function tidy(markdown: string): string {
  return markdown.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

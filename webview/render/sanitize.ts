// Model output is untrusted: markdown becomes HTML through marked, and that HTML passes through DOMPurify with
// an allowlist before it reaches the DOM. No script, no event handler, no style, no form, no SVG or MathML
// (their parsing quirks are where mutation XSS lives), links only to http(s), images only as inline data.
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

const ALLOWED_TAGS = [
  'a', 'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'del', 's', 'code', 'pre',
  'blockquote', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'details', 'summary', 'kbd',
  'sub', 'sup', 'span', 'div',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'class', 'align', 'colspan', 'rowspan', 'start', 'open'];

const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Anything else (javascript:, vbscript:, file:, command:, relative paths) loses its href.
  ALLOWED_URI_REGEXP: /^https?:\/\//i,
  RETURN_DOM_FRAGMENT: true,
};

const SAFE_IMAGE = /^data:image\/(?:png|gif|jpeg|webp);base64,[a-z0-9+/=\s]+$/i;
const CODE_LANGUAGE_CLASS = /^language-[\w+#.-]{1,32}$/;

const purifiers = new WeakMap<object, DOMPurify>();

/** One DOMPurify per window: the webview has one; every jsdom test has its own. */
function purifierFor(win: Window): DOMPurify {
  let purifier = purifiers.get(win);
  if (purifier) return purifier;
  purifier = createDOMPurify(win as unknown as Window & typeof globalThis);
  purifier.addHook('uponSanitizeAttribute', (node, event) => {
    // Class names would let model output wear our own styles; only marked's code-language class survives.
    if (event.attrName === 'class') event.keepAttr = node.nodeName === 'CODE' && CODE_LANGUAGE_CLASS.test(event.attrValue);
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      if (href) node.setAttribute('title', href);
      node.removeAttribute('target');
    } else if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      // Remote images would be blocked by the CSP anyway; drop them so nothing even tries to fetch.
      if (SAFE_IMAGE.test(src)) return;
      const alt = node.getAttribute('alt')?.trim();
      if (alt) node.replaceWith(node.ownerDocument.createTextNode(`[image: ${alt}]`));
      else node.remove();
    }
  });
  purifiers.set(win, purifier);
  return purifier;
}

/** Sanitises an HTML string into a fragment owned by `doc` (never through innerHTML). */
export function sanitizeHtml(doc: Document, html: string): DocumentFragment {
  const win = doc.defaultView;
  if (!win) throw new Error('sanitizeHtml needs a document with a window');
  const fragment = doc.adoptNode(purifierFor(win).sanitize(html, CONFIG));
  // A link whose address was removed (javascript:, file:, a relative path) goes nowhere: it is shown as its text,
  // not in a link's colour with a pointer that promises a click.
  for (const dead of Array.from(fragment.querySelectorAll('a:not([href])'))) {
    const text = doc.createElement('span');
    text.append(...Array.from(dead.childNodes));
    dead.replaceWith(text);
  }
  return fragment;
}

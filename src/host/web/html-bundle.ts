// Entry of dist/web.js: the HTML to Markdown converter and its libraries (linkedom, Readability, Turndown),
// required on the first fetch of an HTML page so neither activation nor the runtime bundle carries them.
export { htmlToMarkdown } from './html-to-markdown';

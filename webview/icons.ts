// Small stroke icons drawn with DOM APIs (no icon font to ship, nothing inline for the CSP to refuse). They take
// the text colour (currentColor), so themes, including high contrast, colour them through CSS classes.

const SVG_NS = 'http://www.w3.org/2000/svg';

type Shape = ['path', string] | ['circle', number, number, number];

const ICONS = {
  waiting: [['circle', 8, 8, 5.5], ['path', 'M8 5v3.2l2 1.3']],
  approval: [['path', 'M8 1.8l5.2 2v3.7c0 3.1-2.2 5.6-5.2 6.7-3-1.1-5.2-3.6-5.2-6.7V3.8z'], ['path', 'M8 5.2v3.3M8 10.6v.4']],
  running: [['path', 'M8 2.5a5.5 5.5 0 1 1-5.5 5.5']],
  success: [['circle', 8, 8, 6], ['path', 'M5.2 8.2l2 2 3.8-4.2']],
  error: [['circle', 8, 8, 6], ['path', 'M5.9 5.9l4.2 4.2M10.1 5.9l-4.2 4.2']],
  cancelled: [['circle', 8, 8, 6], ['path', 'M3.8 12.2l8.4-8.4']],
  chevron: [['path', 'M6 4l4 4-4 4']],
  chevronDown: [['path', 'M4 6l4 4 4-4']],
  copy: [['path', 'M5.5 5.5h7v8h-7z'], ['path', 'M3.5 10.5v-8h7']],
  history: [['path', 'M2.5 8a5.5 5.5 0 1 0 1.6-3.9'], ['path', 'M2.5 2.5v2.6h2.6'], ['path', 'M8 5v3.2l2 1.3']],
  add: [['path', 'M8 3v10M3 8h10']],
  send: [['path', 'M2.5 8h9M8 4l4 4-4 4']],
  stop: [['path', 'M4.5 4.5h7v7h-7z']],
  info: [['circle', 8, 8, 6], ['path', 'M8 7.2v4M8 4.8v.4']],
  warning: [['path', 'M8 2l6.2 11H1.8z'], ['path', 'M8 6.3v3.4M8 11.3v.3']],
  back: [['path', 'M10 4L6 8l4 4']],
  restore: [['path', 'M3.5 6.5h6a3.5 3.5 0 0 1 0 7H6'], ['path', 'M6 3.5l-3 3 3 3']],
  restoreAll: [['path', 'M3.5 6.5h6a3.5 3.5 0 0 1 0 7H6'], ['path', 'M6 3.5l-3 3 3 3'], ['path', 'M12.5 1.5v3']],
  review: [['path', 'M3 2.5h7l3 3v8H3z'], ['path', 'M5.5 8h5M8 5.5v5M5.5 11.5h5']],
  todoPending: [['circle', 8, 8, 5]],
  todoActive: [['circle', 8, 8, 5], ['path', 'M8 3a5 5 0 0 1 0 10z']],
  todoDone: [['circle', 8, 8, 5], ['path', 'M5.6 8.1l1.7 1.7 3.1-3.4']],
  file: [['path', 'M4 1.8h5l3 3v9.4H4z'], ['path', 'M9 1.8v3h3']],
  folder: [['path', 'M1.8 4h4.4l1.4 1.5h6.6v7.7H1.8z']],
  image: [['path', 'M2 3h12v10H2z'], ['path', 'M2.5 11.5l3.5-3.5 2.5 2.5 2-2 3 3'], ['circle', 10.5, 6, 1]],
  terminal: [['path', 'M2 3h12v10H2z'], ['path', 'M4.5 6.5l2 1.5-2 1.5M8 10h3']],
  changes: [['circle', 4.5, 4, 1.5], ['circle', 4.5, 12, 1.5], ['circle', 11.5, 6, 1.5], ['path', 'M4.5 5.5v5M11.5 7.5c0 2-3 2-6.2 3.6']],
  link: [['path', 'M7 9a2.5 2.5 0 0 0 3.5 0l2.2-2.2a2.5 2.5 0 0 0-3.5-3.5l-.8.8'], ['path', 'M9 7a2.5 2.5 0 0 0-3.5 0L3.3 9.2a2.5 2.5 0 0 0 3.5 3.5l.8-.8']],
  selection: [['path', 'M3 3.5h10M3 6.5h7M3 9.5h10M3 12.5h5']],
  close: [['path', 'M4.5 4.5l7 7M11.5 4.5l-7 7']],
  linkExternal: [['path', 'M9.5 2.5h4v4M13.5 2.5L7.5 8.5'], ['path', 'M11.5 9.5v4h-9v-9h4']],
} satisfies Record<string, Shape[]>;

export type IconName = keyof typeof ICONS;

export function icon(doc: Document, name: IconName, className = ''): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', `relay-icon icon-${name} ${className}`.trim());
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const shape of ICONS[name] as Shape[]) {
    const node = doc.createElementNS(SVG_NS, shape[0]);
    if (shape[0] === 'path') node.setAttribute('d', shape[1]);
    else {
      node.setAttribute('cx', String(shape[1]));
      node.setAttribute('cy', String(shape[2]));
      node.setAttribute('r', String(shape[3]));
    }
    svg.append(node);
  }
  return svg;
}

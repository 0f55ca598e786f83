// Local URLs and ports in server banners: "Local: http://localhost:5173/", "ready - started server on
// 0.0.0.0:3000, url: http://localhost:3000", "Listening on port 8080", "Uvicorn running on http://127.0.0.1:8000".
// Only addresses on this machine count; a wildcard bind (0.0.0.0, [::]) becomes localhost, which is what opens.

const LOCAL_HOST = String.raw`(?:localhost|127(?:\.\d{1,3}){3}|\[::1?\]|0\.0\.0\.0|\[::ffff:127\.0\.0\.1\])`;
/** The host name ends there: not `localhost.example.com`, not `127.0.0.1.nip.io`. */
const HOST_END = String.raw`(?![\w-]|\.[\w-])`;
const URL_RE = new RegExp(String.raw`\bhttps?://${LOCAL_HOST}${HOST_END}(?::(\d{1,5}))?(?:/[^\s'"<>)\]]*)?`, 'gi');
/** "port 3000", "port(s): 8080", "on :8080", "0.0.0.0:3000", "localhost:4200" without a scheme, Puma's "tcp://0.0.0.0:3000". */
const PORT_RES: readonly RegExp[] = [
  /\b(?:listening|running|serving|started|available|bound)\b[^\n]*?\bport(?:s|\(s\))?\s*[:=]?\s*(\d{2,5})\b/gi,
  /\bport\s+(\d{2,5})\b[^\n]*\b(?:listening|ready|open|started)\b/gi,
  new RegExp(String.raw`(?<![/\w.])${LOCAL_HOST}${HOST_END}:(\d{2,5})\b`, 'gi'),
  new RegExp(String.raw`\btcp://${LOCAL_HOST}:(\d{2,5})\b`, 'gi'),
  /\b(?:listening|serving|running)\s+(?:on|at)\s+:(\d{2,5})\b/gi,
];
/** A line about a port someone else holds ("already running on port 3000", EADDRINUSE) names no port of ours. */
const BUSY_LINE = /^.*\b(?:already (?:running|in use)|is in use|EADDRINUSE)\b.*$/gim;

/** Local URLs in `text`, normalised (wildcard hosts → localhost, trailing punctuation dropped), without duplicates. */
export function findLocalUrls(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(URL_RE)) {
    const url = normaliseUrl(match[0]);
    if (url && !out.includes(url)) out.push(url);
  }
  return out;
}

/** Ports named in `text` (from URLs and "port N" phrases), in order of appearance. */
export function findPorts(text: string): number[] {
  const found: { at: number; port: number }[] = [];
  for (const match of text.matchAll(URL_RE)) {
    const url = normaliseUrl(match[0]);
    if (url) found.push({ at: match.index, port: portOf(url) });
  }
  const ours = text.replace(BUSY_LINE, (line) => ' '.repeat(line.length)); // offsets stay as they were
  for (const re of PORT_RES) {
    for (const match of ours.matchAll(re)) found.push({ at: match.index, port: Number(match[1]) });
  }
  const ports: number[] = [];
  for (const { port } of found.sort((a, b) => a.at - b.at)) {
    if (port > 0 && port < 65536 && !ports.includes(port)) ports.push(port);
  }
  return ports;
}

function normaliseUrl(raw: string): string | undefined {
  const text = raw.replace(/[.,;:!?]+$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]' || url.hostname === '[::ffff:127.0.0.1]') url.hostname = 'localhost';
  return url.toString();
}

function portOf(url: string): number {
  const parsed = new URL(url);
  return parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
}

// URIs where a path was expected. A local `file:` URI is decoded once (percent-escapes included, so `%2e%2e` is
// `..` and `%00` a NUL byte) into the path it names, which is then validated like any path; other hosts and other
// schemes are refused, since the tools read local files only.
import { l10n, type Said, sentences } from '../l10n';
import { type PathRefusal, quotePath, refuse } from './path-refusal';
import type { PathPlatform } from './path-platform';

type UriResult = { kind: 'not-uri' } | { kind: 'file'; path: string } | { kind: 'refused'; result: { ok: false; refusal: PathRefusal } };

/** Schemes refused even without `//` (`untitled:x`, `data:…`); any `scheme://` is refused too. */
const KNOWN_SCHEMES = new Set([
  'http', 'https', 'ftp', 'ftps', 'sftp', 'ssh', 'git', 'data', 'mailto', 'javascript', 'blob', 'about', 'ws', 'wss',
  'smb', 'nfs', 's3', 'gs', 'jar', 'zip', 'untitled', 'output', 'vscode', 'vscode-remote', 'vscode-userdata',
  'vscode-vfs', 'vscode-file', 'vscode-resource', 'vscode-webview', 'vscode-notebook-cell', 'vscode-local',
]);

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]+):/;

export function fromUri(input: string, platform: PathPlatform): UriResult {
  const scheme = SCHEME.exec(input)?.[1];
  if (scheme === undefined) return { kind: 'not-uri' };
  const lower = scheme.toLowerCase();
  if (lower === 'file') return fileUriPath(input, input.slice(scheme.length + 1), platform);
  if (!input.slice(scheme.length + 1).startsWith('//') && !KNOWN_SCHEMES.has(lower) && !lower.startsWith('vscode-')) {
    return { kind: 'not-uri' }; // `notes:2024.txt` is a file name on Linux; on Windows the ":" check refuses it
  }
  return {
    kind: 'refused',
    result: refuse(
      'uri-scheme',
      sentences(
        l10n.both("{0} is a {1}: URI, not a file path. Relay's file tools read and write local files only.", quotePath(input), scheme),
        l10n.both('Send a file path: relative to the workspace (src/file.ts) or absolute.'),
      ),
    ),
  };
}

function fileUriPath(input: string, rest: string, platform: PathPlatform): UriResult {
  const bad = (why: Said): UriResult => ({
    kind: 'refused',
    result: refuse('file-uri', l10n.both('{0} is a file URI that {1}. Send the plain file path instead (relative to the workspace, or absolute).', quotePath(input), why)),
  });
  let encoded: string;
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const host = rest.slice(2, slash < 0 ? rest.length : slash);
    if (host !== '' && host.toLowerCase() !== 'localhost') return bad(l10n.both('names another machine ("{0}"); only local files can be used', host));
    encoded = slash < 0 ? '' : rest.slice(slash);
  } else encoded = rest;
  if (!encoded.startsWith('/')) return bad(l10n.both('has no absolute path'));
  if (/[?#]/.test(encoded)) return bad(l10n.both('has a query or fragment (? or #)'));
  let path: string;
  try {
    path = decodeURIComponent(encoded);
  } catch {
    return bad(l10n.both('has a malformed percent-escape'));
  }
  // `file:///C:/x` names `C:/x` on Windows.
  if (platform.style === 'windows' && /^\/[A-Za-z]:([\\/]|$)/.test(path)) path = path.slice(1);
  return { kind: 'file', path };
}

// URIs where a path was expected. A local `file:` URI is decoded once (percent-escapes included, so `%2e%2e` is
// `..` and `%00` a NUL byte) into the path it names, which is then validated like any path; other hosts and other
// schemes are refused, since the tools read local files only.
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
      `${quotePath(input)} is a ${scheme}: URI, not a file path. Relay's file tools read and write local files only. ` +
        'Send a file path: relative to the workspace (src/file.ts) or absolute.',
    ),
  };
}

function fileUriPath(input: string, rest: string, platform: PathPlatform): UriResult {
  const bad = (why: string): UriResult => ({
    kind: 'refused',
    result: refuse('file-uri', `${quotePath(input)} is a file URI that ${why}. Send the plain file path instead (relative to the workspace, or absolute).`),
  });
  let encoded: string;
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const host = rest.slice(2, slash < 0 ? rest.length : slash);
    if (host !== '' && host.toLowerCase() !== 'localhost') return bad(`names another machine ("${host}"); only local files can be used`);
    encoded = slash < 0 ? '' : rest.slice(slash);
  } else encoded = rest;
  if (!encoded.startsWith('/')) return bad('has no absolute path');
  if (/[?#]/.test(encoded)) return bad('has a query or fragment (? or #)');
  let path: string;
  try {
    path = decodeURIComponent(encoded);
  } catch {
    return bad('has a malformed percent-escape');
  }
  // `file:///C:/x` names `C:/x` on Windows.
  if (platform.style === 'windows' && /^\/[A-Za-z]:([\\/]|$)/.test(path)) path = path.slice(1);
  return { kind: 'file', path };
}

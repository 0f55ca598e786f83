// The user's git configuration in the sandbox (issue 36 §4): a sandboxed command needs `~/.gitconfig` (user.name,
// aliases, insteadOf rewrites, excludesFile), but the file can hold tokens: a URL with a token in it (`[url
// "https://bot:ghp_…@github.com/"] insteadOf = …`, `http.proxy = http://user:pass@proxy`), an `http.extraHeader`
// with an Authorization header, a credential helper written inline with its token, a `github.token`-style key. The
// sandbox gets a copy of each file in which only those spans are replaced; a file whose secrets cannot be found as
// they are written stays unreadable instead. Git itself reads the file (`git config --file F --list -z`, no
// includes): what this module gets is git's own reading of keys and values.
import { isCredentialVariable } from './credential-variables';

/** One `key`/`value` pair as `git config --list -z` gives it (section and name lower-case, subsection as written). */
export interface GitConfigEntry {
  key: string;
  value: string;
}

/** A span to mask: the userinfo of a URL (masked only between `//` and `@`), or a value masked wherever it appears. */
export interface GitConfigSecret {
  text: string;
  inUrl: boolean;
}

export interface GitConfigSecrets {
  secrets: GitConfigSecret[];
  /** Files a credential helper named in the configuration keeps its credentials in (`store --file …`): unreadable. */
  unreadable: string[];
  /** Files the configuration includes (`include.path`, `includeIf.<condition>.path`), as written. */
  includes: string[];
}

/** Headers whose value is a credential. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'private-token', 'job-token', 'deploy-token']);

/** Schemes whose user name alone is a credential (`https://ghp_…@github.com/`); `ssh://git@…` is not one. */
const TOKEN_USER_SCHEMES = new Set(['http:', 'https:', 'ftp:', 'ftps:']);

/** The shortest value masked wherever it appears: a shorter one could match ordinary text, so its file is withheld. */
export const MIN_MASKED_LENGTH = 8;

/** What of one configuration file is a credential, from git's reading of it. */
export function gitConfigSecrets(entries: readonly GitConfigEntry[]): GitConfigSecrets {
  const secrets: GitConfigSecret[] = [];
  const unreadable: string[] = [];
  const includes: string[] = [];
  const add = (text: string, inUrl: boolean) => {
    if (text !== '' && !secrets.some((s) => s.text === text && s.inUrl === inUrl)) secrets.push({ text, inUrl });
  };
  for (const { key, value } of entries) {
    const { section, sub, name } = splitKey(key);
    if ((section === 'include' || section === 'includeif') && name === 'path' && value !== '') includes.push(value);
    // A URL anywhere: in the subsection (`url.<base>.insteadOf`, `http.<url>.*`, `credential.<url>.*`) or the value.
    for (const userinfo of [...urlCredentials(sub ?? ''), ...urlCredentials(value)]) add(userinfo, true);
    if (name === 'extraheader') {
      const header = headerCredential(value);
      if (header) add(header, false);
    } else if (name === 'helper' && section === 'credential') {
      const helper = helperCredential(value);
      if (helper.secret) add(helper.secret, false);
      unreadable.push(...helper.files);
    } else if (isCredentialVariable(name.replace(/-/g, '_')) && value.trim() !== '' && urlCredentials(value).length === 0) {
      add(value, false);
    }
  }
  return { secrets, unreadable, includes };
}

/**
 * The pattern the sandbox runtime masks with (group 1 of each match): each secret literally, a URL's userinfo only
 * between `//` and `@`. Undefined when a secret is not in the file as written (quoted with escapes, say) or too
 * short to mask safely: then the file is withheld, never given half masked.
 */
export function maskPattern(raw: string, secrets: readonly GitConfigSecret[]): string | undefined {
  if (secrets.length === 0) return undefined;
  const parts: string[] = [];
  for (const s of secrets) {
    const part = s.inUrl ? `(?<=//)${written(s.text)}(?=@)` : written(s.text);
    if (!s.inUrl && s.text.length < MIN_MASKED_LENGTH) return undefined;
    if (!new RegExp(part).test(raw)) return undefined;
    parts.push(part);
  }
  // Longest first, so a secret that contains another is masked whole.
  parts.sort((a, b) => b.length - a.length);
  return `(${parts.join('|')})`;
}

/** `include.path` as git resolves it: `~/` from the home folder, a relative path from the including file's folder. */
export function resolveInclude(path: string, includingFile: string, homeDir: string): string {
  if (path === '~' || path.startsWith('~/')) return `${homeDir.replace(/\/+$/, '')}${path.slice(1)}`;
  if (path.startsWith('/')) return path;
  const dir = includingFile.slice(0, includingFile.lastIndexOf('/')) || '/';
  return `${dir}/${path}`;
}

function splitKey(key: string): { section: string; sub: string | undefined; name: string } {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0) return { section: key.toLowerCase(), sub: undefined, name: '' };
  return { section: key.slice(0, first).toLowerCase(), sub: first === last ? undefined : key.slice(first + 1, last), name: key.slice(last + 1).toLowerCase() };
}

/** The userinfo (as written) of every URL in a text that carries a credential: a password, or a user name over http(s). */
function urlCredentials(text: string): string[] {
  if (!text.includes('://') || !text.includes('@')) return [];
  const found: string[] = [];
  for (const word of text.split(/[\s"'`<>()]+/)) {
    const start = word.indexOf('://');
    if (start < 0) continue;
    let from = start;
    while (from > 0 && /[A-Za-z0-9+.-]/.test(word[from - 1]!)) from--;
    const candidate = word.slice(from);
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      continue;
    }
    if (url.password === '' && !(url.username !== '' && TOKEN_USER_SCHEMES.has(url.protocol))) continue;
    // The userinfo as written: between `//` and the last `@` of the authority.
    const rest = candidate.slice(start - from + 3);
    const authority = rest.split(/[/?#]/, 1)[0]!;
    const at = authority.lastIndexOf('@');
    if (at > 0) found.push(authority.slice(0, at));
  }
  return found;
}

/** An `http.extraHeader`'s credential: the value of an Authorization-like header, after its scheme (`Bearer`, `Basic`). */
function headerCredential(header: string): string | undefined {
  const colon = header.indexOf(':');
  if (colon <= 0) return undefined;
  const name = header.slice(0, colon).trim().toLowerCase();
  const value = header.slice(colon + 1).trim();
  if (value === '') return undefined;
  if (!CREDENTIAL_HEADERS.has(name) && !isCredentialVariable(name.replace(/-/g, '_'))) return undefined;
  const scheme = /^(basic|bearer|token|digest|negotiate|ntlm)\s+(\S.*)$/i.exec(value);
  return scheme ? scheme[2]!.trim() : value;
}

/**
 * A credential helper: written inline (`!f() { echo password=…; }; f`) or with arguments other than a store's file
 * and timeout, its command line may hold the credential and is masked whole; `store --file <path>` names a file
 * that holds credentials.
 */
function helperCredential(helper: string): { secret?: string; files: string[] } {
  const value = helper.trim();
  if (value === '') return { files: [] };
  if (value.startsWith('!')) return { secret: value, files: [] };
  const words = value.split(/\s+/);
  const files: string[] = [];
  let other = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--file' && words[i + 1] !== undefined) files.push(words[++i]!);
    else if (w.startsWith('--file=')) files.push(w.slice('--file='.length));
    else if (w === '--timeout' || w === '--socket') i++;
    else if (!w.startsWith('--timeout=') && !w.startsWith('--socket=')) other = true;
  }
  return { ...(other ? { secret: value } : {}), files };
}

/**
 * A value as git writes it in a file, as a pattern: `"` and `\` escaped with a backslash, a tab or a newline as
 * `\t` / `\n` or as itself; everything else literally.
 */
function written(text: string): string {
  let out = '';
  for (const c of text) {
    if (c === '"') out += '\\\\"';
    else if (c === '\\') out += '\\\\\\\\';
    else if (c === '\t') out += '(?:\\t|\\\\t)';
    else if (c === '\n') out += '\\\\n';
    else out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return out;
}

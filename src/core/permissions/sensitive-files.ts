// Files that always ask, in every mode (behaviour 32): secrets, Git's own data, editor configuration that
// can run code, and the files holding Relay's own rules. A deny rule still denies them.
import { l10n, type Said } from '../l10n';
import picomatch from 'picomatch';
import { samePath } from './paths';
import { ENV_EXAMPLES, SECRET_FILE_SAMPLES, secretFileKind } from '../sandbox/secret-files';

export type SensitiveKind = 'env-file' | 'secret-file' | 'git-data' | 'editor-config' | 'permission-settings';

export interface Sensitivity {
  kind: SensitiveKind;
  /** Continues a sentence that starts with the file's name. */
  reason: Said;
}

/** Built when asked, not at load: the host sets the display language after this module loads. */
const REASONS: Record<SensitiveKind, () => Said> = {
  'env-file': () => l10n.both('may hold secrets'),
  'secret-file': () => l10n.both('may hold credentials (a key, a token or a secrets file)'),
  'git-data': () => l10n.both("is Git's own data; changing it can corrupt the repository"),
  'editor-config': () => l10n.both('is editor configuration that can run tasks and change settings'),
  'permission-settings': () => l10n.both('holds Relay settings or approval rules'),
};

function sensitivity(kind: SensitiveKind): Sensitivity {
  return { kind, reason: REASONS[kind]() };
}

/**
 * @param path a workspace-relative path when inside a folder, otherwise absolute; always with `/`.
 */
export function sensitivityOfPath(path: string, caseInsensitive: boolean): Sensitivity | undefined {
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  const fold = (s: string): string => (caseInsensitive ? s.toLowerCase() : s);
  if (segments.some((s) => fold(s) === '.git')) return sensitivity('git-data');
  const name = fold(segments[segments.length - 1] ?? '');
  if (name.startsWith('.env') && !ENV_EXAMPLES.has(name)) return sensitivity('env-file');
  // Keys, framework secret files, token-bearing configuration (secret-files.ts).
  if (secretFileKind(segments.map(fold))) return sensitivity('secret-file');
  const parent = fold(segments[segments.length - 2] ?? '');
  if (parent === '.vscode' && (name.endsWith('.json') || name.endsWith('.jsonc'))) return sensitivity('editor-config');
  if (name.endsWith('.code-workspace')) return sensitivity('editor-config');
  return undefined;
}

export function isProtectedFile(realPath: string, protectedFiles: readonly string[], caseInsensitive: boolean): boolean {
  return protectedFiles.some((file) => samePath(file, realPath, caseInsensitive));
}

export function protectedFileSensitivity(): Sensitivity {
  return sensitivity('permission-settings');
}

const GLOB_CHARS = /[*?[{]/;

/**
 * For an unexpanded shell glob (`cat .e*`, `ls .g?t/`): whether it could expand to a sensitive file.
 * Shell globs do not match a leading dot unless written, which `dot: false` mirrors.
 */
export function globMaySelectSensitive(glob: string, caseInsensitive: boolean): Sensitivity | undefined {
  if (!GLOB_CHARS.test(glob)) return undefined;
  const segments = glob.split('/').filter((s) => s !== '');
  const test = (segment: string, sample: string): boolean =>
    GLOB_CHARS.test(segment) && picomatch.isMatch(sample, segment, { dot: false, nocase: caseInsensitive, windows: false });
  if (segments.some((s) => test(s, '.git'))) return sensitivity('git-data');
  const last = segments[segments.length - 1] ?? '';
  if (['.env', '.env.local', '.env.production'].some((sample) => test(last, sample))) return sensitivity('env-file');
  // A glob with nothing literal but a dot (`*`, `*.*`) would select a key anywhere: only one that names something
  // (`*.pem`, `.env*`, `config/*.key`) is taken to aim at one.
  const named = last.replace(/[*?]|\[[^\]]*\]|\{[^}]*\}/g, '').replace(/\./g, '') !== '';
  if (named && SECRET_FILE_SAMPLES.some((sample) => test(last, sample))) return sensitivity('secret-file');
  return undefined;
}

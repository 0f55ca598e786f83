// The one validation every path from the model passes before it is resolved, checked against the policy or shown
// in a prompt: the built-in tools run it when they resolve a path (src/tools/paths.ts), and the policy runs it
// again on every path a tool names (path-checks.ts), so a tool that forgets cannot slip a path past it.
// It refuses the forms the OS would read differently from how the checks read them, each with a message that
// tells the model what was wrong and what to send instead; a local file: URI is decoded into its path.
import { l10n, sentences } from '../l10n';
import { homeShorthand, variableReference, windowsForm, windowsFormOnPosix } from './path-forms';
import { CONTROL, INVISIBLE, type PathRefusal, type PathValidation, positionOf, quotePath, refuse } from './path-refusal';
import type { PathPlatform } from './path-platform';
import { fromUri } from './path-uri';

export type { PathRefusal, PathRefusalForm, PathValidation } from './path-refusal';

export function validateModelPath(input: string, platform: PathPlatform): PathValidation {
  if (input.trim() === '') return refuse('empty', l10n.both('The path is empty. Send the path of a file or folder, relative to the workspace or absolute.'));
  const characters = checkCharacters(input);
  if (characters) return characters;
  const uri = fromUri(input, platform);
  if (uri.kind === 'refused') return uri.result;
  if (uri.kind === 'file') {
    const decoded =
      platform.style === 'posix' && /^\/[A-Za-z]:([\\/]|$)/.test(uri.path) ? windowsFormOnPosix(uri.path.slice(1))! : validateDecoded(uri.path, platform);
    if (decoded.ok) return decoded;
    const message = sentences(l10n.both('{0} is a file URI for {1}.', quotePath(input), quotePath(uri.path)), decoded.refusal.message);
    return { ok: false, refusal: { form: decoded.refusal.form, message } };
  }
  return validateDecoded(input, platform);
}

function validateDecoded(path: string, platform: PathPlatform): PathValidation {
  const refused =
    checkCharacters(path) ??
    homeShorthand(path) ??
    variableReference(path) ??
    (platform.style === 'windows' ? windowsForm(path) : windowsFormOnPosix(path)) ??
    checkLength(path, platform);
  if (refused) return refused;
  return { ok: true, path: platform.unicodeInsensitive ? path.normalize('NFC') : path };
}

function checkCharacters(path: string): PathValidation | undefined {
  if (path.includes('\0')) {
    return refuse(
      'nul-byte',
      l10n.both(
        'The path {0} contains a NUL byte at character {1}: the operating system stops reading a path there, so it would open a different file than the one named. Send the path without it.',
        quotePath(path),
        positionOf(path, /\0/),
      ),
    );
  }
  if (CONTROL.test(path)) {
    return refuse(
      'control-character',
      l10n.both(
        'The path {0} contains a control character at character {1} (a newline, tab, escape or similar). Send the path on one line with printable characters only.',
        quotePath(path),
        positionOf(path, CONTROL),
      ),
    );
  }
  if (INVISIBLE.test(path)) {
    return refuse(
      'invisible-character',
      l10n.both(
        'The path {0} contains an invisible or text-direction character at character {1}, so it does not read as the file it names. Send the path with visible characters only.',
        quotePath(path),
        positionOf(path, INVISIBLE),
      ),
    );
  }
  return undefined;
}

/** What the OS itself reads differently in a file a shell command names. */
const COMMAND_FORMS = new Set(['nul-byte', 'control-character', 'invisible-character', 'device-namespace', 'alternate-data-stream', 'trailing-dot-or-space']);

/**
 * For a file named in a shell command: the shell expands `~` and variables and a URL is no file there, so only
 * the forms the OS reads differently from the checks count (`cat .env.` reads `.env` on Windows).
 */
export function commandPathProblem(word: string, platform: PathPlatform): PathRefusal | undefined {
  const refused = checkCharacters(word) ?? (platform.style === 'windows' ? windowsForm(word) : undefined);
  return refused && !refused.ok && COMMAND_FORMS.has(refused.refusal.form) ? refused.refusal : undefined;
}

/** Code units the OS counts: UTF-16 on Windows, UTF-8 bytes elsewhere. */
export function pathUnits(text: string, platform: PathPlatform): number {
  return platform.style === 'windows' ? text.length : new TextEncoder().encode(text).length;
}

/**
 * NAME_MAX for every component and PATH_MAX for the whole; run on the path as given and again on the absolute
 * path it resolves to, which is what the OS receives.
 */
export function checkLength(path: string, platform: PathPlatform): PathValidation | undefined {
  const unit = platform.style === 'windows' ? l10n.both('UTF-16 code units') : l10n.both('bytes (UTF-8)');
  const separators = platform.style === 'windows' ? /[\\/]/ : /\//;
  const long = path.split(separators).find((c) => pathUnits(c, platform) > platform.maxName);
  if (long !== undefined) {
    return refuse(
      'name-too-long',
      l10n.both(
        'The path {0} has a name of {1} {2}; file and folder names are limited to {3} on this system. Send a shorter name.',
        quotePath(path),
        pathUnits(long, platform),
        unit,
        platform.maxName,
      ),
    );
  }
  const units = pathUnits(path, platform);
  if (units >= platform.maxPath) {
    return refuse(
      'path-too-long',
      l10n.both(
        'The path {0} is {1} {2} long; paths on this system must be shorter than {3}. Send a shorter path, or work in a folder nearer the workspace root.',
        quotePath(path),
        units,
        unit,
        platform.maxPath,
      ),
    );
  }
  return undefined;
}

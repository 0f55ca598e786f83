// Path forms the OS would read differently from how Relay's checks read them: shell shorthand no tool expands,
// Windows forms on Linux and macOS, and the Windows names that reach another file or a device than they say.
import { type PathRefusal, quotePath, refuse } from './path-refusal';

type Refused = { ok: false; refusal: PathRefusal };

const NO_EXPANSION =
  'Relay tools take paths literally and never expand ~, $VARIABLES or %VARIABLES%, so this would name a file or folder ' +
  'with that literal name in the workspace, not the folder you mean.';

/** `~`, `~/x`, `~user/x`, and a `~` component anywhere (`src/~/x`). */
export function homeShorthand(path: string): Refused | undefined {
  const first = /^~([^/\\]*)/.exec(path);
  const component = first ?? /(?:^|[/\\])~(?=[/\\]|$)/.exec(path);
  if (!component) return undefined;
  const who = first?.[1] ? `the home folder of user "${first[1]}"` : 'the home folder';
  return refuse(
    'home-shorthand',
    `The path ${quotePath(path)} uses ~ for ${who}. ${NO_EXPANSION} ` +
      'Send the absolute path instead (for example /home/name/file or C:\\Users\\name\\file), or a path relative to the workspace.',
  );
}

const VARIABLE_FORMS: [RegExp, string][] = [
  [/\$\{[^}]*\}?/, '${…}'],
  [/\$\(/, '$(…) command substitution'],
  [/^\$env:[A-Za-z_]/i, 'a PowerShell $env: variable'],
  [/(?:^|[/\\])\$[A-Za-z_][A-Za-z0-9_]*(?=[/\\]|$)/, 'a $VARIABLE'],
  [/(?:^|[/\\])%[A-Za-z_][A-Za-z0-9_()]*%/, 'a %VARIABLE%'],
];

/** `$HOME/x`, `${workspaceFolder}/x`, `$(pwd)/x`, `$env:USERPROFILE\x`, `%APPDATA%\x`. */
export function variableReference(path: string): Refused | undefined {
  for (const [pattern, what] of VARIABLE_FORMS) {
    const match = pattern.exec(path);
    if (!match) continue;
    const name = match[0].replace(/^[/\\]/, '');
    return refuse(
      'variable',
      `The path ${quotePath(path)} contains ${what} (${name}). ${NO_EXPANSION} Send the path with the value written out: absolute, or relative to the workspace.`,
    );
  }
  return undefined;
}

/** On Linux and macOS: drive letters, UNC and device paths, and `\`, which is a file-name character there. */
export function windowsFormOnPosix(path: string): Refused | undefined {
  const instead = 'Send a POSIX path with / separators: absolute (/home/name/project/file) or relative to the workspace (src/file).';
  if (/^[\\/]{2}[?.][\\/]/.test(path) || /^\\\\/.test(path) || /^\\\?\?\\/.test(path)) {
    return refuse(
      'unc-on-posix',
      `The path ${quotePath(path)} is a Windows UNC or device path (\\\\server\\share, \\\\?\\, \\\\.\\), but this system is not Windows: it would name a local file with backslashes in its name. ${instead}`,
    );
  }
  if (/^[A-Za-z]:/.test(path)) {
    return refuse(
      'windows-drive-on-posix',
      `The path ${quotePath(path)} starts with a Windows drive letter, but this system is not Windows: it would name a file called "${path.slice(0, 2)}…" in the workspace. ${instead}`,
    );
  }
  if (path.includes('\\')) {
    return refuse(
      'backslash-on-posix',
      `The path ${quotePath(path)} contains \\, which is an ordinary file-name character on this system, not a separator: it would name one file with backslashes in its name, and ..\\ would not climb. ${instead}`,
    );
  }
  return undefined;
}

const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$|clock\$)$/i;

/**
 * On Windows: the device namespaces (which skip normalisation), drive- and root-relative paths (resolved against a
 * per-drive current directory the checks cannot know), alternate data streams (`.env::$DATA` is `.env`), device
 * names (`NUL`, `aux.txt`), trailing dots and spaces (`.env.` is `.env`) and characters Windows forbids.
 */
export function windowsForm(path: string): Refused | undefined {
  const shown = quotePath(path);
  if (/^[\\/]{2}[?.][\\/]/.test(path) || /^[\\/]\?\?[\\/]/.test(path)) {
    return refuse(
      'device-namespace',
      `The path ${shown} uses a Windows device namespace (\\\\?\\, \\\\.\\ or \\??\\), which skips Windows' own path normalisation or opens a device. Send an ordinary path such as C:\\project\\file.txt or src\\file.txt.`,
    );
  }
  if (/^[A-Za-z]:(?![\\/])/.test(path)) {
    return refuse(
      'drive-relative',
      `The path ${shown} is relative to the current folder of drive ${path.slice(0, 2)}, which Relay cannot know. Send ${path.slice(0, 2)}\\ followed by the full path, or a path relative to the workspace.`,
    );
  }
  if (/^[\\/](?![\\/])/.test(path)) {
    return refuse(
      'drive-relative',
      `The path ${shown} starts at the root of whichever drive is current, which Relay cannot know. Send it with its drive letter (C:\\…) or relative to the workspace.`,
    );
  }
  const rest = path.replace(/^[A-Za-z]:/, '');
  if (rest.includes(':')) {
    return refuse(
      'alternate-data-stream',
      `The path ${shown} contains ":" after the drive, which on Windows names an alternate data stream of a file (file.txt:stream reads file.txt), so the file checked would not be the file named. Send the path without ":".`,
    );
  }
  const components = path.replace(/^[A-Za-z]:/, '').split(/[\\/]/).filter((c) => c !== '');
  const invalid = components.find((c) => /[<>"|?*]/.test(c));
  if (invalid !== undefined) {
    return refuse('invalid-character', `The path ${shown} contains one of < > " | ? *, which Windows does not allow in file names (* and ? are wildcards). Send the exact path of one file or folder.`);
  }
  const reserved = components.find((c) => RESERVED.test(c.split('.')[0]!.replace(/ +$/, '')) || RESERVED.test(c));
  if (reserved !== undefined) {
    return refuse(
      'reserved-name',
      `The path ${shown} contains "${reserved}", a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension): Windows opens the device, not a file. Choose another file name.`,
    );
  }
  const trailing = components.find((c) => c !== '.' && c !== '..' && /[. ]$/.test(c));
  if (trailing !== undefined) {
    const trimmed = trailing.replace(/[. ]+$/, '');
    return refuse(
      'trailing-dot-or-space',
      `The path ${shown} has a name ending in a dot or space ("${trailing}"); Windows drops those, so it would open "${trimmed}" instead. Send the name as Windows stores it${trimmed ? `, "${trimmed}"` : ''}.`,
    );
  }
  return undefined;
}

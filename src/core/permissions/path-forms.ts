// Path forms the OS would read differently from how Relay's checks read them: shell shorthand no tool expands,
// Windows forms on Linux and macOS, and the Windows names that reach another file or a device than they say.
import { l10n, type Marked, type Said, sentences } from '../l10n';
import { type PathRefusal, quotePath, refuse } from './path-refusal';

type Refused = { ok: false; refusal: PathRefusal };

const noExpansion = (): Said =>
  l10n.both(
    'Relay tools take paths literally and never expand ~, $VARIABLES or %VARIABLES%, so this would name a file or folder with that literal name in the workspace, not the folder you mean.',
  );

/** `~`, `~/x`, `~user/x`, and a `~` component anywhere (`src/~/x`). */
export function homeShorthand(path: string): Refused | undefined {
  const first = /^~([^/\\]*)/.exec(path);
  const component = first ?? /(?:^|[/\\])~(?=[/\\]|$)/.exec(path);
  if (!component) return undefined;
  const who = first?.[1] ? l10n.both('the home folder of user "{0}"', first[1]) : l10n.both('the home folder');
  return refuse(
    'home-shorthand',
    sentences(
      l10n.both('The path {0} uses ~ for {1}.', quotePath(path), who),
      noExpansion(),
      l10n.both('Send the absolute path instead (for example /home/name/file or C:\\Users\\name\\file), or a path relative to the workspace.'),
    ),
  );
}

const VARIABLE_FORMS: [RegExp, Marked][] = [
  [/\$\{[^}]*\}?/, l10n.mark('${…}')],
  [/\$\(/, l10n.mark('$(…) command substitution')],
  [/^\$env:[A-Za-z_]/i, l10n.mark('a PowerShell $env: variable')],
  [/(?:^|[/\\])\$[A-Za-z_][A-Za-z0-9_]*(?=[/\\]|$)/, l10n.mark('a $VARIABLE')],
  [/(?:^|[/\\])%[A-Za-z_][A-Za-z0-9_()]*%/, l10n.mark('a %VARIABLE%')],
];

/** `$HOME/x`, `${workspaceFolder}/x`, `$(pwd)/x`, `$env:USERPROFILE\x`, `%APPDATA%\x`. */
export function variableReference(path: string): Refused | undefined {
  for (const [pattern, what] of VARIABLE_FORMS) {
    const match = pattern.exec(path);
    if (!match) continue;
    const name = match[0].replace(/^[/\\]/, '');
    return refuse(
      'variable',
      sentences(
        l10n.both('The path {0} contains {1} ({2}).', quotePath(path), l10n.marked(what), name),
        noExpansion(),
        l10n.both('Send the path with the value written out: absolute, or relative to the workspace.'),
      ),
    );
  }
  return undefined;
}

/** On Linux and macOS: drive letters, UNC and device paths, and `\`, which is a file-name character there. */
export function windowsFormOnPosix(path: string): Refused | undefined {
  const instead = (): Said => l10n.both('Send a POSIX path with / separators: absolute (/home/name/project/file) or relative to the workspace (src/file).');
  if (/^[\\/]{2}[?.][\\/]/.test(path) || /^\\\\/.test(path) || /^\\\?\?\\/.test(path)) {
    return refuse(
      'unc-on-posix',
      sentences(
        l10n.both(
          'The path {0} is a Windows UNC or device path (\\\\server\\share, \\\\?\\, \\\\.\\), but this system is not Windows: it would name a local file with backslashes in its name.',
          quotePath(path),
        ),
        instead(),
      ),
    );
  }
  if (/^[A-Za-z]:/.test(path)) {
    return refuse(
      'windows-drive-on-posix',
      sentences(
        l10n.both('The path {0} starts with a Windows drive letter, but this system is not Windows: it would name a file called "{1}…" in the workspace.', quotePath(path), path.slice(0, 2)),
        instead(),
      ),
    );
  }
  if (path.includes('\\')) {
    return refuse(
      'backslash-on-posix',
      sentences(
        l10n.both(
          'The path {0} contains \\, which is an ordinary file-name character on this system, not a separator: it would name one file with backslashes in its name, and ..\\ would not climb.',
          quotePath(path),
        ),
        instead(),
      ),
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
      l10n.both(
        "The path {0} uses a Windows device namespace (\\\\?\\, \\\\.\\ or \\??\\), which skips Windows' own path normalisation or opens a device. Send an ordinary path such as C:\\project\\file.txt or src\\file.txt.",
        shown,
      ),
    );
  }
  if (/^[A-Za-z]:(?![\\/])/.test(path)) {
    return refuse(
      'drive-relative',
      l10n.both(
        'The path {0} is relative to the current folder of drive {1}, which Relay cannot know. Send {1}\\ followed by the full path, or a path relative to the workspace.',
        shown,
        path.slice(0, 2),
      ),
    );
  }
  if (/^[\\/](?![\\/])/.test(path)) {
    return refuse(
      'drive-relative',
      l10n.both('The path {0} starts at the root of whichever drive is current, which Relay cannot know. Send it with its drive letter (C:\\…) or relative to the workspace.', shown),
    );
  }
  const rest = path.replace(/^[A-Za-z]:/, '');
  if (rest.includes(':')) {
    return refuse(
      'alternate-data-stream',
      l10n.both(
        'The path {0} contains ":" after the drive, which on Windows names an alternate data stream of a file (file.txt:stream reads file.txt), so the file checked would not be the file named. Send the path without ":".',
        shown,
      ),
    );
  }
  const components = path.replace(/^[A-Za-z]:/, '').split(/[\\/]/).filter((c) => c !== '');
  const invalid = components.find((c) => /[<>"|?*]/.test(c));
  if (invalid !== undefined) {
    return refuse(
      'invalid-character',
      l10n.both('The path {0} contains one of < > " | ? *, which Windows does not allow in file names (* and ? are wildcards). Send the exact path of one file or folder.', shown),
    );
  }
  const reserved = components.find((c) => RESERVED.test(c.split('.')[0]!.replace(/ +$/, '')) || RESERVED.test(c));
  if (reserved !== undefined) {
    return refuse(
      'reserved-name',
      l10n.both(
        'The path {0} contains "{1}", a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension): Windows opens the device, not a file. Choose another file name.',
        shown,
        reserved,
      ),
    );
  }
  const trailing = components.find((c) => c !== '.' && c !== '..' && /[. ]$/.test(c));
  if (trailing !== undefined) {
    const trimmed = trailing.replace(/[. ]+$/, '');
    return refuse(
      'trailing-dot-or-space',
      trimmed
        ? l10n.both('The path {0} has a name ending in a dot or space ("{1}"); Windows drops those, so it would open "{2}" instead. Send the name as Windows stores it, "{2}".', shown, trailing, trimmed)
        : l10n.both('The path {0} has a name ending in a dot or space ("{1}"); Windows drops those, so it would open "{2}" instead. Send the name as Windows stores it.', shown, trailing, trimmed),
    );
  }
  return undefined;
}

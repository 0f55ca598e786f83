// The `caseInsensitive` fact for the permission checks: each workspace folder's volume probed once (a stat of the
// folder under a case-swapped name), the platform default when the probe cannot tell. One folder that ignores case
// makes the checks fold case everywhere: `.ENV` then counts as `.env`, which errs toward asking.
import { statSync } from 'node:fs';
import { probeCaseInsensitive } from '../../core/permissions/case-probe';
import { defaultCaseInsensitive, type PathOs } from '../../core/permissions/path-platform';

/** Device and inode of what is at `path`, or undefined when nothing is. */
export function entryIdentity(path: string): string | undefined {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return undefined;
  }
}

export class CaseSensitivity {
  private readonly probed = new Map<string, boolean>();

  constructor(
    private readonly os: PathOs,
    private readonly identity: (path: string) => string | undefined = entryIdentity,
  ) {}

  /** Whether paths in these folders are compared ignoring case. */
  caseInsensitive(folders: readonly string[]): boolean {
    if (folders.length === 0) return defaultCaseInsensitive(this.os);
    return folders.some((folder) => this.folderIgnoresCase(folder));
  }

  private folderIgnoresCase(folder: string): boolean {
    const known = this.probed.get(folder);
    if (known !== undefined) return known;
    const probed = probeCaseInsensitive(folder, this.identity, this.os === 'win32' ? 'windows' : 'posix');
    if (probed === undefined) return defaultCaseInsensitive(this.os); // not there yet: ask again next time
    this.probed.set(folder, probed);
    return probed;
  }
}

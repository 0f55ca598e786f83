// What the operating system does with a path, as plain data, so that path validation is tested for Linux, macOS
// and Windows on any host: separators, length limits and whether the volume ignores case or Unicode form.
import type { PathStyle } from './paths';

export type PathOs = 'linux' | 'darwin' | 'win32';

export interface PathPlatform {
  os: PathOs;
  style: PathStyle;
  /**
   * PATH_MAX: the size of the buffer the OS copies a path into, terminating NUL included, so the longest path is
   * one less. UTF-8 bytes on Linux and macOS, UTF-16 code units on Windows.
   */
  maxPath: number;
  /** NAME_MAX: the longest single component, in the same units (255 on ext4, APFS and NTFS). */
  maxName: number;
  /** `.ENV` and `.env` are one file. */
  caseInsensitive: boolean;
  /** `é` composed (NFC) and decomposed (NFD) are one file (APFS, HFS+). */
  unicodeInsensitive: boolean;
}

const LIMITS: Record<PathOs, { maxPath: number; maxName: number }> = {
  linux: { maxPath: 4096, maxName: 255 },
  darwin: { maxPath: 1024, maxName: 255 },
  // Relay's files go through Node, which prefixes `\\?\` on Windows; legacy Win32 programs stop at MAX_PATH.
  win32: { maxPath: 32767, maxName: 255 },
};

/** Windows' MAX_PATH for programs that are not long-path aware (pass as `maxPath` when that matters). */
export const WINDOWS_LEGACY_MAX_PATH = 260;

/** The defaults of a fresh volume: APFS and NTFS ignore case, ext4 does not. A host may probe the real volume. */
export function defaultCaseInsensitive(os: PathOs): boolean {
  return os === 'darwin' || os === 'win32';
}

export function pathPlatform(os: PathOs, overrides: Partial<Omit<PathPlatform, 'os' | 'style'>> = {}): PathPlatform {
  return {
    os,
    style: os === 'win32' ? 'windows' : 'posix',
    ...LIMITS[os],
    caseInsensitive: defaultCaseInsensitive(os),
    unicodeInsensitive: os === 'darwin',
    ...overrides,
  };
}

/** Node's `process.platform` as a path OS: everything that is not Windows or macOS behaves like Linux. */
export function pathOsOf(nodePlatform: string): PathOs {
  return nodePlatform === 'win32' ? 'win32' : nodePlatform === 'darwin' ? 'darwin' : 'linux';
}

/** The platform the permission facts describe: their OS (or one implied by the path style) and case rule. */
export function platformOfFacts(facts: { os?: PathOs; pathStyle?: PathStyle; caseInsensitive: boolean }): PathPlatform {
  const os = facts.os ?? (facts.pathStyle === 'windows' ? 'win32' : 'linux');
  return pathPlatform(os, { caseInsensitive: facts.caseInsensitive });
}

// Every kind of customisation file (rules, agents, hooks, slash commands) registers one `CustomizationKind`: where
// its files are, how to read them, and what it reports for *Show Customizations*. The host finds and watches the
// files; a kind is loaded on first use and again after one of its files changed, never at activation.
import type { FrontmatterProblem } from './frontmatter';

/** Reads a workspace file for a kind's loader; undefined when absent, unreadable or too large. */
export interface CustomizationReader {
  read(path: string): Promise<string | undefined>;
  /** The real path (symlinks resolved), so the same text reached twice is read once. */
  realPath(path: string): Promise<string>;
  /** Whether a path lies inside a workspace folder (imports never leave it without asking). */
  inWorkspace(path: string): boolean;
  /**
   * Whether the file a path reaches, symlinks followed, lies inside a workspace folder (itself resolved): a
   * workspace file that links to ~/.ssh/id_rsa is not, and is read no more than a path outside would be.
   */
  reachesInsideWorkspace(path: string): Promise<boolean>;
}

export interface CustomizationFileReport {
  /** Absolute path. */
  path: string;
  /** The format it was read as, e.g. "Cursor rule", "Claude Code sub-agent". */
  source: string;
  /** What was taken from it, one line, e.g. "auto-attached: src/**\/*.ts". */
  summary?: string;
  problems: FrontmatterProblem[];
}

export interface LoadedKind<T> {
  entries: T[];
  files: CustomizationFileReport[];
}

export interface CustomizationKind<T> {
  /** Stable id: "rules", "agents", "hooks", "commands". */
  id: string;
  /** Heading in Show Customizations (localised by the caller). */
  title: string;
  /** Globs relative to each workspace folder (picomatch syntax, `**` allowed), found and watched by the host. */
  patterns: readonly string[];
  /** Absolute user-level folders' globs, e.g. `~/.claude/commands/**\/*.md` expanded by the host. */
  userPatterns?: readonly string[];
  load(files: readonly FoundFile[], reader: CustomizationReader): Promise<LoadedKind<T>>;
}

export interface FoundFile {
  /** Absolute path. */
  path: string;
  /** The workspace folder it was found in; undefined for user-level files. */
  root: string | undefined;
  /** Path relative to `root` with `/` separators (the user folder for user-level files). */
  relative: string;
}

/** What applied in the last turn, one section per kind that has something to say. */
export interface TurnReportSection {
  kind: string;
  title: string;
  lines: string[];
}

export class TurnReport {
  private readonly sections = new Map<string, TurnReportSection>();

  set(section: TurnReportSection): void {
    this.sections.set(section.kind, section);
  }

  list(): TurnReportSection[] {
    return [...this.sections.values()];
  }
}

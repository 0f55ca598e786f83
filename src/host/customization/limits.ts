// Bounds shared by every way of finding customisation files.

/** Larger files are not read at all: an instructions file is a page, not a data dump. */
export const MAX_CUSTOMIZATION_BYTES = 256 * 1024;

/** Folders never searched for customisation files (dependencies and build output, not the team's own files). */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git', 'dist', 'out', 'build', '.vscode-test', 'target', '.venv', 'venv', '__pycache__']);

/** Files listed by a search over the whole workspace (`**\/AGENTS.md`) before it stops. */
export const MAX_SCANNED_FILES = 20_000;

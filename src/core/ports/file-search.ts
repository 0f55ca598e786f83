// Finding files and text. Implementations honour .gitignore and .relayignore unless told otherwise.

export interface FindFilesRequest {
  /** Absolute directory to search under. */
  cwd: string;
  /** Glob relative to cwd, e.g. "src/**\/*.ts"; "**\/*" for everything. */
  glob: string;
  limit: number;
  includeIgnored?: boolean;
}

export interface FindFilesResult {
  /** Paths relative to cwd, sorted. */
  files: string[];
  truncated: boolean;
}

export interface SearchTextRequest {
  cwd: string;
  pattern: string;
  /** Treat pattern as a regular expression (ripgrep/Rust syntax, close to JavaScript's for common cases). */
  regex: boolean;
  caseSensitive: boolean;
  /** Globs of files to include, relative to cwd. */
  include?: string[];
  contextLines: number;
  maxMatches: number;
}

export interface TextMatch {
  /** Relative to cwd. */
  path: string;
  /** 1-based. */
  line: number;
  text: string;
  before: string[];
  after: string[];
}

export interface SearchTextResult {
  matches: TextMatch[];
  truncated: boolean;
  engine: 'ripgrep' | 'javascript';
}

export interface FileSearch {
  findFiles(request: FindFilesRequest, signal: AbortSignal): Promise<FindFilesResult>;
  searchText(request: SearchTextRequest, signal: AbortSignal): Promise<SearchTextResult>;
}

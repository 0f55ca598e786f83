// Shared test fixtures: the real tree-sitter WASM files, a virtual file system where every path exists as
// written, and a Node one backed by the real disk (for symlink tests).
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  createShellAnalyzer,
  PermissionPolicy,
  type ApprovalMode,
  type FileSystemFacts,
  type PermissionRule,
  type ShellAnalyzer,
} from '../../../src/core/permissions';

export const WASM_PATHS = {
  treeSitterWasmPath: resolve('node_modules/web-tree-sitter/web-tree-sitter.wasm'),
  bashWasmPath: resolve('node_modules/tree-sitter-bash/tree-sitter-bash.wasm'),
};

let analyzer: ShellAnalyzer | undefined;

/** One analyzer per test file: tree-sitter loads once, on the first command analysed. */
export function sharedAnalyzer(): ShellAnalyzer {
  analyzer ??= createShellAnalyzer(WASM_PATHS);
  return analyzer;
}

export const WORKSPACE = '/work/ws';
export const HOME = '/home/dev';

/**
 * Every path "exists" and is its own real path: command tests need no disk. As files, only `files` exist
 * (absolute paths), for the workspace files that make a query run code (launch-files.ts).
 */
export function virtualFileSystem(overrides: Partial<FileSystemFacts> = {}, files: readonly string[] = []): FileSystemFacts {
  return {
    workspaceFolders: [WORKSPACE],
    homeDir: HOME,
    caseInsensitive: false,
    protectedFiles: [`${HOME}/.config/Code/User/settings.json`],
    realpath: async (path) => path,
    fileExists: async (path) => files.includes(path),
    ...overrides,
  };
}

/** The Node implementation of the host's file-system facts. */
export function nodeFileSystem(facts: Omit<FileSystemFacts, 'realpath'>): FileSystemFacts {
  return {
    ...facts,
    async realpath(path) {
      try {
        return await realpath(path);
      } catch {
        return undefined;
      }
    },
  };
}

export function policyFor(
  mode: ApprovalMode,
  options: { rules?: PermissionRule[]; fileSystem?: FileSystemFacts; includeDefaultRules?: boolean } = {},
): PermissionPolicy {
  return new PermissionPolicy({
    mode,
    rules: options.rules,
    includeDefaultRules: options.includeDefaultRules,
    fileSystem: options.fileSystem ?? virtualFileSystem(),
    shell: sharedAnalyzer(),
  });
}

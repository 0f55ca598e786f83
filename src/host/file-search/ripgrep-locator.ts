// Finds the ripgrep binary VS Code ships, under `vscode.env.appRoot` (passed in, so this module stays free of
// `vscode`). Desktop builds keep it in node_modules.asar.unpacked, the server in node_modules; newer builds
// ship @vscode/ripgrep-universal with one binary per platform instead of @vscode/ripgrep.
import * as path from 'node:path';
import { firstExecutable } from '../platform/executables';

export function ripgrepCandidates(appRoot: string, platform: string = process.platform, arch: string = process.arch): string[] {
  const binary = platform === 'win32' ? 'rg.exe' : 'rg';
  const candidates: string[] = [];
  for (const modules of ['node_modules', 'node_modules.asar.unpacked']) {
    candidates.push(path.join(appRoot, modules, '@vscode', 'ripgrep', 'bin', binary));
    candidates.push(path.join(appRoot, modules, '@vscode', 'ripgrep-universal', 'bin', `${platform}-${arch}`, binary));
  }
  return candidates;
}

/** The first executable candidate, or undefined when this VS Code ships none we can run. */
export function findRipgrep(appRoot: string, platform?: string, arch?: string): string | undefined {
  return firstExecutable(ripgrepCandidates(appRoot, platform, arch));
}


// Gathers what the welcome's example tasks are drawn from: the root package.json scripts and lockfile, build
// files, README, and the languages of up to MAX_FILES source files (VS Code's file search, honouring
// files.exclude and skipping dependency folders). Read once per window and folder set; a failure gives no facts.
import * as vscode from 'vscode';
import { countLanguages, mainLanguage, sampleFileOf, type WorkspaceFacts } from '../../core/onboarding/example-tasks';

const MAX_FILES = 2_000;
const BUILD_FILES = ['Cargo.toml', 'go.mod', 'pyproject.toml', 'setup.py', 'pytest.ini', 'Makefile', 'pom.xml', 'build.gradle'];
const LOCKFILES: readonly [string, NonNullable<WorkspaceFacts['packageManager']>][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
];
const EXCLUDE = '**/{node_modules,.git,dist,out,build,target,vendor,.venv,venv,__pycache__}/**';

export async function gatherWorkspaceFacts(): Promise<WorkspaceFacts> {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!root) return { buildFiles: [], languages: {} };
  const names = new Set(await rootNames(root));
  const facts: WorkspaceFacts = { buildFiles: BUILD_FILES.filter((f) => names.has(f)), languages: {} };
  if (names.has('package.json')) {
    const scripts = await readScripts(vscode.Uri.joinPath(root, 'package.json'));
    if (scripts) facts.scripts = scripts;
    facts.packageManager = LOCKFILES.find(([file]) => names.has(file))?.[1] ?? 'npm';
  }
  const readme = [...names].find((n) => /^readme(\.(md|markdown|rst|txt))?$/i.test(n));
  if (readme) facts.readme = readme;
  const files = await vscode.workspace.findFiles(new vscode.RelativePattern(root, '**/*'), EXCLUDE, MAX_FILES);
  const paths = files.map((uri) => vscode.workspace.asRelativePath(uri, false));
  facts.languages = countLanguages(paths);
  const sample = sampleFileOf(paths, mainLanguage(facts.languages));
  if (sample) facts.sampleFile = sample;
  return facts;
}

async function rootNames(root: vscode.Uri): Promise<string[]> {
  try {
    return (await vscode.workspace.fs.readDirectory(root)).map(([name]) => name);
  } catch {
    return [];
  }
}

async function readScripts(uri: vscode.Uri): Promise<Record<string, string> | undefined> {
  try {
    const json = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))) as { scripts?: unknown };
    if (typeof json.scripts !== 'object' || json.scripts === null) return undefined;
    return Object.fromEntries(Object.entries(json.scripts).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return undefined;
  }
}

// Three tasks a new user could start with, drawn from the workspace itself (its package.json scripts, build
// files, README and main language), so the welcome shows work this project has rather than generic prompts.
// Pure: the host gathers the facts (workspace-facts.ts), this picks the tasks. The sentences are in TASKS.
import { l10n } from '../l10n';

export interface WorkspaceFacts {
  /** package.json `scripts`, when there is one at the root. */
  scripts?: Record<string, string>;
  /** The npm client the lockfile names. */
  packageManager?: 'npm' | 'pnpm' | 'yarn' | 'bun';
  /** Root files that say which toolchain builds the project (Cargo.toml, go.mod, pyproject.toml, Makefile...). */
  buildFiles: readonly string[];
  /** The README's file name, when there is one at the root. */
  readme?: string;
  /** Source files by language, e.g. { TypeScript: 12, Python: 3 }. */
  languages: Readonly<Record<string, number>>;
  /** One source file of the main language, relative to the root (e.g. "src/greet.ts"). */
  sampleFile?: string;
}

/** Every sentence the tasks use: the one place to localise. */
export const TASKS = {
  runScript: (command: string, what: string) => l10n.t('Run `{0}` and fix {1}', command, what),
  get failingTests() {
    return l10n.t('any failing tests');
  },
  get lintProblems() {
    return l10n.t('the problems it reports');
  },
  get buildErrors() {
    return l10n.t('any build errors');
  },
  get typeErrors() {
    return l10n.t('any type errors');
  },
  get cargoTest() {
    return l10n.t('Run `cargo test` and fix any failing tests');
  },
  get goTest() {
    return l10n.t('Run `go test ./...` and fix any failing tests');
  },
  get pytest() {
    return l10n.t('Run the Python tests with `pytest` and fix any failures');
  },
  get make() {
    return l10n.t('Run `make` and explain any errors');
  },
  readme: (file: string) => l10n.t('Read {0} and check that its setup steps still match the code', file),
  explainFile: (file: string) => l10n.t('Explain what {0} does and suggest one improvement', file),
  addTests: (language: string) => l10n.t('Find {0} code without tests and add tests for it', language),
  get overview() {
    return l10n.t('Give me an overview of this workspace: its structure, entry points and how to run it');
  },
  get todos() {
    return l10n.t('List the TODO and FIXME comments in this workspace, grouped by file');
  },
  get newProject() {
    return l10n.t('Create a small README.md describing this workspace');
  },
};

/** Scripts worth running first, in order, with what the task fixes. */
const SCRIPT_TASKS: readonly { names: readonly string[]; readonly what: string }[] = [
  { names: ['test', 'test:unit'], get what() { return TASKS.failingTests; } },
  { names: ['lint'], get what() { return TASKS.lintProblems; } },
  { names: ['typecheck', 'type-check', 'check-types', 'tsc'], get what() { return TASKS.typeErrors; } },
  { names: ['build', 'compile'], get what() { return TASKS.buildErrors; } },
];

export function exampleTasks(facts: WorkspaceFacts, count = 3): string[] {
  const out: string[] = [];
  const add = (task: string | undefined) => {
    if (task && out.length < count && !out.includes(task)) out.push(task);
  };
  const scripts = facts.scripts ?? {};
  for (const { names, what } of SCRIPT_TASKS) {
    const name = names.find((n) => typeof scripts[n] === 'string' && !/no test specified/.test(scripts[n]!));
    if (name) add(TASKS.runScript(scriptCommand(facts.packageManager ?? 'npm', name), what));
    if (out.length >= 2) break;
  }
  const build = new Set(facts.buildFiles.map((f) => f.toLowerCase()));
  if (build.has('cargo.toml')) add(TASKS.cargoTest);
  if (build.has('go.mod')) add(TASKS.goTest);
  if (build.has('pyproject.toml') || build.has('setup.py') || build.has('pytest.ini')) add(TASKS.pytest);
  if (out.length === 0 && build.has('makefile')) add(TASKS.make);
  if (facts.sampleFile) add(TASKS.explainFile(facts.sampleFile));
  const language = mainLanguage(facts.languages);
  if (language && !hasTestScript(scripts)) add(TASKS.addTests(language));
  if (facts.readme) add(TASKS.readme(facts.readme));
  add(language || facts.readme ? TASKS.overview : TASKS.newProject);
  add(TASKS.todos);
  add(TASKS.overview);
  return out;
}

export function mainLanguage(languages: Readonly<Record<string, number>>): string | undefined {
  let best: [string, number] | undefined;
  for (const [language, n] of Object.entries(languages)) if (n > 0 && (!best || n > best[1])) best = [language, n];
  return best?.[0];
}

function scriptCommand(manager: NonNullable<WorkspaceFacts['packageManager']>, name: string): string {
  if (name === 'test') return manager === 'npm' ? 'npm test' : `${manager} test`;
  return manager === 'npm' ? `npm run ${name}` : `${manager} ${name}`;
}

function hasTestScript(scripts: Record<string, string>): boolean {
  return Object.keys(scripts).some((n) => n.startsWith('test') && !/no test specified/.test(scripts[n]!));
}

/** Source languages by file extension; anything else is not counted. */
export const LANGUAGES: Readonly<Record<string, string>> = {
  ts: 'TypeScript',
  tsx: 'TypeScript',
  mts: 'TypeScript',
  cts: 'TypeScript',
  js: 'JavaScript',
  jsx: 'JavaScript',
  mjs: 'JavaScript',
  cjs: 'JavaScript',
  py: 'Python',
  rs: 'Rust',
  go: 'Go',
  java: 'Java',
  kt: 'Kotlin',
  cs: 'C#',
  cpp: 'C++',
  cc: 'C++',
  c: 'C',
  h: 'C',
  rb: 'Ruby',
  php: 'PHP',
  swift: 'Swift',
  scala: 'Scala',
  dart: 'Dart',
  vue: 'Vue',
  svelte: 'Svelte',
};

/** Counts source files by language from paths (relative to the root). */
export function countLanguages(paths: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const path of paths) {
    const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
    const language = ext ? LANGUAGES[ext] : undefined;
    if (language) counts[language] = (counts[language] ?? 0) + 1;
  }
  return counts;
}

/** A file of the main language to explain: the shallowest, then the shortest path, skipping tests and declarations. */
export function sampleFileOf(paths: readonly string[], language: string | undefined): string | undefined {
  if (!language) return undefined;
  const candidates = paths.filter((p) => {
    const ext = /\.([a-z0-9]+)$/i.exec(p)?.[1]?.toLowerCase();
    return ext !== undefined && LANGUAGES[ext] === language && !/(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.|\.d\.ts$/.test(p);
  });
  // Source folders first (a root vite.config.ts says less about the project than src/main.ts), then the shallowest.
  const rank = (p: string) => (/^(src|lib|app|pkg|cmd)\//.test(p) ? 0 : 100) + p.split('/').length;
  return candidates.sort((a, b) => rank(a) - rank(b) || a.length - b.length || a.localeCompare(b))[0];
}

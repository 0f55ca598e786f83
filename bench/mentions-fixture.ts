// The workspace and the typing of the "@" benchmark: a deterministic monorepo-shaped file list and the queries a
// person produces one key at a time (typing, Backspace, extending and non-extending queries, no match).
import { mulberry32 } from '../test/support/seeded-random';

/** What a person types after "@", one key at a time; "⌫" is Backspace (the query no longer extends the last). */
export const TYPING = ['button', '⌫', 'n.tsx', '⌫'.repeat(10), 'srccompind', '⌫'.repeat(10), 'usrserv', '⌫'.repeat(7), 'readme', '⌫'.repeat(6), 'zqxj'];

const WORDS = ['button', 'user', 'service', 'index', 'model', 'table', 'form', 'input', 'layout', 'router', 'store', 'theme', 'auth', 'session',
  'cache', 'client', 'server', 'config', 'logger', 'parser', 'render', 'schema', 'query', 'widget', 'dialog', 'menu', 'panel', 'chart', 'grid', 'list'];
const DIRS = ['components', 'utils', 'hooks', 'services', 'models', 'api', 'views', 'styles', 'tests', 'lib'];
const EXTS = ['.ts', '.tsx', '.js', '.json', '.md', '.css', '.test.ts'];

/** A monorepo-shaped list: packages/NAME/src/DIR/[SUB/]FileName.ext, plus docs and READMEs. */
export function workspaceFiles(count: number): string[] {
  const random = mulberry32(15);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  const files = new Set<string>();
  while (files.size < count) {
    const pkg = `${pick(WORDS)}-${pick(WORDS)}`;
    const top = pick(['packages', 'packages', 'packages', 'apps', 'libs', 'tools']);
    const r = random();
    if (r < 0.02) files.add(`${top}/${pkg}/README.md`);
    else if (r < 0.04) files.add(`docs/${pick(WORDS)}/${pick(WORDS)}-${pick(WORDS)}.md`);
    else {
      const sub = random() < 0.5 ? `${pick(WORDS)}/` : '';
      files.add(`${top}/${pkg}/src/${pick(DIRS)}/${sub}${pick(WORDS)}${cap(pick(WORDS))}${cap(pick(WORDS))}${pick(EXTS)}`);
    }
  }
  return [...files];
}

/** The queries the host receives while TYPING is typed: one per key. */
export function keystrokeQueries(): string[] {
  const out: string[] = [];
  let query = '';
  for (const chunk of TYPING) {
    for (const key of chunk) {
      query = key === '⌫' ? query.slice(0, -1) : query + key;
      out.push(query);
    }
  }
  return out;
}

// An exact match that starts or ends inside a number or a word of the file is not the text the model meant:
// `LIMIT = 10` found inside `LIMIT = 100`, `id = 1` inside `user_id = 1`. The rule (documented in edit_file's
// description): such a match is refused, unless the oldText is a piece of one word (no space, no line break) and the
// cut is not inside a number, the partial-line edit of renaming a prefix or a suffix. Where the file also holds the
// text on word boundaries, that occurrence is the one meant and the cut ones do not count.

import { lf, type EditCase } from './case';

interface CutFixture {
  lang: string;
  /** The file's line, the oldText found inside it cutting a word or number, and the model's newText. */
  line: string;
  oldText: string;
  newText: string;
  /** The same text on word boundaries, as a line the file may also hold. */
  whole: string;
  wholeNew: string;
}

const FIXTURES: CutFixture[] = [
  { lang: 'Python', line: 'LIMIT = 100', oldText: 'LIMIT = 10', newText: 'LIMIT = 20', whole: 'LIMIT = 10', wholeNew: 'LIMIT = 20' },
  { lang: 'Go', line: '\tuser_id := 1', oldText: 'id := 1', newText: 'id := 2', whole: '\tid := 1', wholeNew: '\tid := 2' },
  { lang: 'Rust', line: 'const MAX_FRAME: usize = 16384;', oldText: 'usize = 1638', newText: 'usize = 8192', whole: 'const MIN_FRAME: usize = 1638;', wholeNew: 'const MIN_FRAME: usize = 8192;' },
  { lang: 'Java', line: '    private static final int TIMEOUT_MS = 5000;', oldText: 'TIMEOUT_MS = 500', newText: 'TIMEOUT_MS = 250', whole: '    int TIMEOUT_MS = 500;', wholeNew: '    int TIMEOUT_MS = 250;' },
  { lang: 'YAML', line: '  replicas: 12', oldText: 'replicas: 1', newText: 'replicas: 3', whole: '  replicas: 1', wholeNew: '  replicas: 3' },
  { lang: 'JSON', line: '  "port": 80800,', oldText: '"port": 8080', newText: '"port": 9090', whole: '  "port": 8080,', wholeNew: '  "port": 9090,' },
  { lang: 'SQL', line: 'SELECT * FROM orders WHERE total > 1000 LIMIT 500;', oldText: 'LIMIT 50', newText: 'LIMIT 25', whole: 'SELECT id FROM users LIMIT 50;', wholeNew: 'SELECT id FROM users LIMIT 25;' },
  { lang: 'shell', line: 'export MAX_RETRIES=30', oldText: 'RETRIES=3', newText: 'RETRIES=5', whole: 'RETRIES=3', wholeNew: 'RETRIES=5' },
  { lang: 'CSS', line: '  z-index: 100;', oldText: 'z-index: 10', newText: 'z-index: 20', whole: '  z-index: 10;', wholeNew: '  z-index: 20;' },
  { lang: 'TSX', line: '  const pageSize = 250;', oldText: 'pageSize = 25', newText: 'pageSize = 50', whole: '  const pageSize = 25;', wholeNew: '  const pageSize = 50;' },
  { lang: 'Markdown', line: 'Supports Node 200 and later.', oldText: 'Node 20', newText: 'Node 22', whole: 'Tested on Node 20 only.', wholeNew: 'Tested on Node 22 only.' },
  { lang: 'Python (identifier)', line: 'max_retry_count = 3', oldText: 'retry_count = 3', newText: 'retry_count = 5', whole: 'retry_count = 3', wholeNew: 'retry_count = 5' },
];

/** Pieces of one word: renaming a prefix or a suffix of an identifier is a partial-line edit the model means. */
const PARTIAL_WORD: Array<{ lang: string; line: string; oldText: string; newText: string; after: string }> = [
  { lang: 'TypeScript', line: 'const user = await getUserById(id);', oldText: 'getUser', newText: 'fetchUser', after: 'const user = await fetchUserById(id);' },
  { lang: 'Python', line: 'def parse_config_file(path):', oldText: 'parse_config', newText: 'load_config', after: 'def load_config_file(path):' },
  { lang: 'Go', line: '\tresp, err := client.DoRequestWithRetry(req)', oldText: 'WithRetry', newText: 'WithBackoff', after: '\tresp, err := client.DoRequestWithBackoff(req)' },
  { lang: 'CSS', line: '.sidebar-collapsed { width: 48px; }', oldText: 'collapsed', newText: 'folded', after: '.sidebar-folded { width: 48px; }' },
  { lang: 'YAML', line: '  serviceAccountName: api-runner', oldText: 'serviceAccount', newText: 'serviceAccountRef', after: '  serviceAccountRefName: api-runner' },
];

export const tokenCutCases: EditCase[] = [
  ...FIXTURES.flatMap((f): EditCase[] => [
    {
      name: `token cut (${f.lang}): oldText found only inside a longer number or word`,
      why: `${JSON.stringify(f.oldText)} inside ${JSON.stringify(f.line.trim())} is not the text the model meant`,
      file: lf('# config', f.line, '# end'),
      edits: [{ oldText: f.oldText, newText: f.newText }],
      expect: { failure: 'no_occurrence', messageIncludes: 'inside a longer' },
    },
    {
      name: `token cut (${f.lang}): the occurrence on word boundaries is the one meant`,
      why: 'the cut occurrence does not count, so the whole one is unique',
      file: lf('# config', f.line, f.whole, '# end'),
      edits: [{ oldText: f.oldText, newText: f.newText }],
      expect: { strategies: ['exact'], content: lf('# config', f.line, f.wholeNew, '# end') },
    },
  ]),
  ...PARTIAL_WORD.map(
    (p): EditCase => ({
      name: `token cut (${p.lang}): a piece of one word is a partial-line edit and applies`,
      why: 'an oldText without spaces that renames a prefix or a suffix means to cut the word',
      file: lf('// start', p.line, '// end'),
      edits: [{ oldText: p.oldText, newText: p.newText }],
      expect: { strategies: ['exact'], content: lf('// start', p.after, '// end') },
    }),
  ),
  {
    name: 'token cut: a piece of one word still may not cut a number',
    why: '"v2" inside "v20" is another version',
    file: lf('api: /v20/users'),
    edits: [{ oldText: '/v2', newText: '/v3' }],
    expect: { failure: 'no_occurrence', messageIncludes: 'inside a longer number' },
  },
];

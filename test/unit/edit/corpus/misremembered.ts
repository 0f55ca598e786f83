// A tolerant match may correct what the model misremembered only on lines the edit leaves as they are.
//
// Each fixture is a block of a real file (11 languages) with one line the model misremembers (a value: a limit, a
// port, a size) and another line it may change. From each fixture:
// - refused: the edit rewrites the misremembered line; its change rests on a wrong belief about the file;
// - applied: the edit changes the other line and keeps the misremembered one; the file's line stays;
// - applied: the edit writes the file's real line back where it misremembered it and changes the other line.

import { lf, text, type EditCase } from './case';

export interface Fixture {
  lang: string;
  lines: string[];
  /** The line the model misremembers, what it believes the line reads, and what it would change it to. */
  at: number;
  believed: string;
  rewritten: string;
  /** Another line, and its change. */
  other: number;
  otherNew: string;
}

export const FIXTURES: Fixture[] = [
  {
    lang: 'Python',
    lines: [
      'def fetch(url, retries=3):',
      '    session = make_session()',
      '    for attempt in range(retries):',
      '        resp = session.get(url, timeout=30)',
      '        if resp.ok:',
      '            return resp.json()',
      '    raise FetchError(url)',
    ],
    at: 3,
    believed: '        resp = session.get(url, timeout=60)',
    rewritten: '        resp = session.get(url, timeout=45)',
    other: 6,
    otherNew: '    raise FetchError(url, retries)',
  },
  {
    lang: 'Go',
    lines: ['func NewServer(addr string) *Server {', '\ts := &Server{addr: addr}', '\ts.maxConns = 100', '\ts.readTimeout = 5 * time.Second', '\ts.routes = map[string]Handler{}', '\treturn s', '}'],
    at: 2,
    believed: '\ts.maxConns = 200',
    rewritten: '\ts.maxConns = 300',
    other: 4,
    otherNew: '\ts.routes = make(map[string]Handler)',
  },
  {
    lang: 'Rust',
    lines: ['pub fn default_config() -> Config {', '    Config {', '        workers: 4,', '        queue_size: 1024,', '        name: String::from("relay"),', '        verbose: false,', '    }', '}'],
    at: 3,
    believed: '        queue_size: 2048,',
    rewritten: '        queue_size: 4096,',
    other: 4,
    otherNew: '        name: "relay".to_string(),',
  },
  {
    lang: 'Java',
    lines: ['public class RetryPolicy {', '    private int maxAttempts = 3;', '    private long backoffMs = 250;', '    private boolean jitter = true;', '    private String label = "default";', '}'],
    at: 1,
    believed: '    private int maxAttempts = 5;',
    rewritten: '    private int maxAttempts = 7;',
    other: 4,
    otherNew: '    private String label = "retry";',
  },
  {
    lang: 'YAML',
    lines: ['service:', '  name: api', '  replicas: 2', '  retries: 3', '  timeout: 30s', '  image: api:1.4.2'],
    at: 3,
    believed: '  retries: 5',
    rewritten: '  retries: 6',
    other: 5,
    otherNew: '  image: api:1.5.0',
  },
  {
    lang: 'JSON',
    lines: ['"server": {', '  "host": "0.0.0.0",', '  "port": 8080,', '  "debug": false,', '  "workers": 4', '},'],
    at: 2,
    believed: '  "port": 8000,',
    rewritten: '  "port": 9090,',
    other: 4,
    otherNew: '  "workers": 8',
  },
  {
    lang: 'SQL',
    lines: [
      'CREATE TABLE sessions (',
      '  id BIGINT PRIMARY KEY,',
      '  user_id BIGINT NOT NULL,',
      '  token VARCHAR(64) NOT NULL,',
      '  expires_at TIMESTAMP NOT NULL,',
      '  created_at TIMESTAMP DEFAULT now()',
      ');',
    ],
    at: 3,
    believed: '  token VARCHAR(128) NOT NULL,',
    rewritten: '  token VARCHAR(255) NOT NULL,',
    other: 5,
    otherNew: '  created_at TIMESTAMPTZ DEFAULT now()',
  },
  {
    lang: 'shell',
    lines: ['#!/usr/bin/env bash', 'set -euo pipefail', 'RETRIES=3', 'TIMEOUT=60', 'for i in $(seq 1 "$RETRIES"); do', '  curl --max-time "$TIMEOUT" "$URL" && break', 'done'],
    at: 3,
    believed: 'TIMEOUT=90',
    rewritten: 'TIMEOUT=120',
    other: 5,
    otherNew: '  curl --fail --max-time "$TIMEOUT" "$URL" && break',
  },
  {
    lang: 'CSS',
    lines: ['.card {', '  display: flex;', '  padding: 16px;', '  border-radius: 8px;', '  color: #333;', '  gap: 12px;', '}'],
    at: 2,
    believed: '  padding: 12px;',
    rewritten: '  padding: 20px;',
    other: 4,
    otherNew: '  color: var(--fg);',
  },
  {
    lang: 'TSX',
    lines: [
      'export function Banner({ title }: Props) {',
      '  const [open, setOpen] = useState(false);',
      '  const limit = 60;',
      '  return (',
      '    <div className="banner" data-limit={limit}>',
      '      <h2>{title}</h2>',
      '    </div>',
      '  );',
      '}',
    ],
    at: 2,
    believed: '  const limit = 90;',
    rewritten: '  const limit = 120;',
    other: 5,
    otherNew: '      <h2 className="banner-title">{title}</h2>',
  },
  {
    lang: 'Markdown',
    lines: ['## Install', '', 'Requires Node 20 or later.', 'Run `npm ci` first.', 'The server listens on port 3000.', 'See docs/setup.md for details.', 'Stop it with Ctrl+C.'],
    at: 4,
    believed: 'The server listens on port 8080.',
    rewritten: 'The server listens on port 4000.',
    other: 5,
    otherNew: 'See docs/install.md for details.',
  },
];

const around = (f: Fixture) => ['# before', ...f.lines, '# after'];

function replaced(lines: readonly string[], changes: Record<number, string>): string[] {
  return lines.map((l, i) => changes[i] ?? l);
}

export const misrememberedCases: EditCase[] = FIXTURES.flatMap((f): EditCase[] => [
  {
    name: `misremembered (${f.lang}): the edit rewrites the line the model misremembered`,
    why: 'the model believes the line reads otherwise and changes it: its change rests on a wrong belief',
    file: lf(...around(f)),
    edits: [{ oldText: text(...replaced(f.lines, { [f.at]: f.believed })), newText: text(...replaced(f.lines, { [f.at]: f.rewritten })) }],
    expect: { failure: 'no_occurrence', messageIncludes: `line ${f.at + 2} of the file reads ${JSON.stringify(f.lines[f.at]!.trim())}` },
  },
  {
    name: `misremembered (${f.lang}): the edit keeps the misremembered line and changes another`,
    why: 'the slip is on a line the edit leaves as it is: the file keeps its own line',
    file: lf(...around(f)),
    edits: [
      {
        oldText: text(...replaced(f.lines, { [f.at]: f.believed })),
        newText: text(...replaced(f.lines, { [f.at]: f.believed, [f.other]: f.otherNew })),
      },
    ],
    expect: { strategies: ['similarity'], content: lf(...around({ ...f, lines: replaced(f.lines, { [f.other]: f.otherNew }) })) },
  },
  {
    name: `misremembered (${f.lang}): newText writes the file's real line back`,
    why: 'the model corrected its own reading in newText: nothing rests on the wrong value',
    file: lf(...around(f)),
    edits: [
      {
        oldText: text(...replaced(f.lines, { [f.at]: f.believed })),
        newText: text(...replaced(f.lines, { [f.other]: f.otherNew })),
      },
    ],
    expect: { strategies: ['block-anchor'], content: lf(...around({ ...f, lines: replaced(f.lines, { [f.other]: f.otherNew }) })) },
  },
]);

/**
 * Cases written before the rule, whose tolerant match corrected a line the edit changes, removes or drops: they are
 * refusals now, each with the sentence that tells the model which line of the file reads otherwise.
 */
export const NOW_REFUSED: Record<string, string> = {
  'block-anchor: one middle line misremembered': 'line 2 of the file reads "let lastError;"',
  'block-anchor: a comment between the anchors was reworded': 'line 2 of the file reads "// Strip the BOM before parsing."',
  'block-anchor: the model added a line that is not there': 'your oldText has the line "tax = subtotal * 0.2", which is not in the file',
  'block-anchor: a small typo and an indentation drift together': 'line 3 of the file reads "while (this.items.length) {"',
  'block-anchor: three lines, middle argument misremembered': 'only 2 of 3 lines (66%) agree with the file in between',
  'block-anchor: an expression altered in a config block': 'line 2 of the file reads "build: { target: \\"es2022\\", sourcemap: true },"',
  'block-anchor: a misremembered line and a dropped blank line together': 'line 4 of the file reads "const remote = await api.list();"',
  'off by one: the quote skips a line in the middle of a long block': 'line 4 of the file, "out.push(body(cfg));", is not in your oldText, and your edit would drop it',
  'unicode: emoji inside a block-anchor match': 'line 3 of the file reads "warn: \\"⚠️ check\\","',
  'similarity: the last line has a misspelt identifier': 'line 11 of the file reads "return Math.max(total, 0);"',
  "similarity: a typo in the block's last line": 'line 6 of the file reads "total += item.price * item.quantity;"',
  'similarity: a short block: two lines, one misspelt': 'line 2 of the file reads "const height = node.offsetHeigth;"',
  'edge slip: the model rewrites the slipped line too': 'line 3 of the file reads "export function parseConfig(text, options) {"',
};

export function withRule(cases: readonly EditCase[]): EditCase[] {
  return cases.map((c) =>
    NOW_REFUSED[c.name] === undefined
      ? c
      : { ...c, why: `${c.why}; refused since the rule that a tolerant match corrects only lines the edit keeps`, expect: { failure: 'no_occurrence', messageIncludes: NOW_REFUSED[c.name]! } },
  );
}

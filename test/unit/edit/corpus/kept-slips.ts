// Over-refusals: a line the model misremembered but leaves unchanged (a default value in a signature, an interpreter
// line written differently, a version in a heading) must not stop an otherwise unique, otherwise exact block; the
// file's line stays. The same line changed is still refused, and so is a block that is not unique once the kept
// line is left open.

import { lf, text, type EditCase } from './case';

interface KeptFixture {
  lang: string;
  lines: string[];
  /** The misremembered line (often the first: no anchor for block-anchor) and how the model wrote it. */
  at: number;
  believed: string;
  /** A line the edit changes. */
  change: number;
  changeNew: string;
}

const FIXTURES: KeptFixture[] = [
  {
    lang: 'Python signature default',
    lines: ['def connect(host, port=5432, timeout=10):', '    sock = socket.create_connection((host, port), timeout)', '    sock.setblocking(False)', '    return Connection(sock)'],
    at: 0,
    believed: 'def connect(host, port=5433, timeout=30):',
    change: 2,
    changeNew: '    sock.setblocking(True)',
  },
  {
    lang: 'Python shebang',
    lines: ['#!/usr/bin/env python3', 'import sys', 'from app import main', 'sys.exit(main(sys.argv[1:]))'],
    at: 0,
    believed: '#!/usr/bin/python3',
    change: 3,
    changeNew: 'raise SystemExit(main(sys.argv[1:]))',
  },
  {
    lang: 'shell shebang',
    lines: ['#!/usr/bin/env bash', 'set -euo pipefail', 'cd "$(dirname "$0")"', 'npm ci', 'npm test'],
    at: 0,
    believed: '#!/bin/bash',
    change: 4,
    changeNew: 'npm test -- --reporter dot',
  },
  {
    lang: 'Go constant',
    lines: ['const maxRetries = 3', '', 'func retry(op func() error) error {', '\tvar err error', '\tfor i := 0; i < maxRetries; i++ {', '\t\tif err = op(); err == nil {'],
    at: 0,
    believed: 'const maxRetries = 5',
    change: 3,
    changeNew: '\terr := errors.New("not run")',
  },
  {
    lang: 'Rust constant',
    lines: ['const MAX_FRAME: usize = 16 * 1024;', '', 'fn read_frame(buf: &mut Vec<u8>) -> io::Result<usize> {', '    buf.reserve(MAX_FRAME);', '    Ok(buf.len())'],
    at: 0,
    believed: 'const MAX_FRAME: usize = 8 * 1024;',
    change: 3,
    changeNew: '    buf.reserve_exact(MAX_FRAME);',
  },
  {
    lang: 'Java annotation',
    lines: ['    @Timeout(30)', '    @Test', '    void importsLargeFile() {', '        var result = importer.run(LARGE);', '        assertEquals(100, result.count());'],
    at: 0,
    believed: '    @Timeout(60)',
    change: 4,
    changeNew: '        assertEquals(1000, result.count());',
  },
  {
    lang: 'YAML version',
    lines: ['version: "3.8"', 'services:', '  web:', '    image: nginx:1.25', '    ports:', '      - "80:80"'],
    at: 0,
    believed: 'version: "3"',
    change: 3,
    changeNew: '    image: nginx:1.27',
  },
  {
    lang: 'JSON version',
    lines: ['  "version": "2.4.1",', '  "private": true,', '  "type": "module",', '  "main": "dist/index.js",'],
    at: 0,
    believed: '  "version": "2.4.0",',
    change: 3,
    changeNew: '  "main": "dist/main.js",',
  },
  {
    lang: 'SQL setting',
    lines: ['SET statement_timeout = 5000;', 'BEGIN;', 'UPDATE accounts SET balance = balance - 10 WHERE id = 1;', 'UPDATE accounts SET balance = balance + 10 WHERE id = 2;', 'COMMIT;'],
    at: 0,
    believed: 'SET statement_timeout = 3000;',
    change: 4,
    changeNew: 'ROLLBACK;',
  },
  {
    lang: 'CSS media query',
    lines: ['@media (max-width: 768px) {', '  .nav {', '    display: none;', '  }', '}'],
    at: 0,
    believed: '@media (max-width: 720px) {',
    change: 2,
    changeNew: '    display: block;',
  },
  {
    lang: 'TSX default prop',
    lines: ['export function List({ items, pageSize = 20 }: Props) {', '  const [page, setPage] = useState(0);', '  const shown = items.slice(page * pageSize, (page + 1) * pageSize);', '  return <ul>{shown.map(renderItem)}</ul>;'],
    at: 0,
    believed: 'export function List({ items, pageSize = 25 }: Props) {',
    change: 3,
    changeNew: '  return <ol>{shown.map(renderItem)}</ol>;',
  },
  {
    lang: 'Markdown heading',
    lines: ['# Relay 1.4', '', 'Relay is an AI coding agent.', 'It runs inside VS Code.', 'It asks before it acts.'],
    at: 0,
    believed: '# Relay 1.3',
    change: 3,
    changeNew: 'It runs inside VS Code and VS Code Server.',
  },
  {
    lang: 'Python last line',
    lines: ['def area(r):', '    if r < 0:', '        raise ValueError("negative radius")', '    return math.pi * r ** 2', 'PRECISION = 6'],
    at: 4,
    believed: 'PRECISION = 4',
    change: 2,
    changeNew: '        raise ValueError(f"negative radius: {r}")',
  },
];

/** The same line with another value in it: a second block the misremembered line fits as well. */
const otherValue = (line: string) => (/\d/.test(line) ? line.replace(/\d(?!.*\d)/, (d) => String((Number(d) + 7) % 10)) : `${line} -x`);

const set = (lines: readonly string[], i: number, line: string) => lines.map((l, k) => (k === i ? line : l));

export const keptSlipCases: EditCase[] = FIXTURES.flatMap((f): EditCase[] => {
  const file = lf('// head', ...f.lines, '// tail');
  const oldLines = set(f.lines, f.at, f.believed);
  return [
    {
      name: `kept slip (${f.lang}): misremembered line left unchanged, the rest exact and unique`,
      why: 'nothing the edit changes rests on the misremembered line: apply, keep the file\'s line',
      file,
      edits: [{ oldText: text(...oldLines), newText: text(...set(oldLines, f.change, f.changeNew)) }],
      expect: { strategies: ['similarity'], content: lf('// head', ...set(f.lines, f.change, f.changeNew), '// tail') },
    },
    {
      name: `kept slip (${f.lang}): the misremembered line is the one changed`,
      why: 'the change rests on the wrong value: refused',
      file,
      edits: [{ oldText: text(...oldLines), newText: text(...set(set(oldLines, f.change, f.changeNew), f.at, `${f.believed} `.trimEnd() + ' // changed')) }],
      expect: { failure: 'no_occurrence' },
    },
    {
      name: `kept slip (${f.lang}): the block occurs twice once the kept line is left open`,
      why: 'unique only by the misremembered line: not placed',
      file: lf('// head', ...f.lines, '// middle', ...set(f.lines, f.at, otherValue(f.lines[f.at]!)), '// tail'),
      edits: [{ oldText: text(...oldLines), newText: text(...set(oldLines, f.change, f.changeNew)) }],
      expect: { failure: 'no_occurrence' },
    },
  ];
});

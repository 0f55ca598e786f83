// Calls with several edits, and replaceAll. Every edit is located in the ORIGINAL file; overlaps are refused.

import { crlf, lf, text, type EditCase } from './case';

const server = lf(
  'import express from "express";',
  'const app = express();',
  'const port = 3000;',
  '',
  'app.get("/", (req, res) => {',
  '  res.send("ok");',
  '});',
  '',
  'app.listen(port);',
);

export const multiEditCases: EditCase[] = [
  {
    name: 'multi-edit: two exact edits in different places',
    why: 'the usual multi-edit call',
    file: server,
    edits: [
      { oldText: 'const port = 3000;', newText: 'const port = Number(process.env.PORT ?? 3000);' },
      { oldText: '  res.send("ok");', newText: '  res.json({ status: "ok" });' },
    ],
    expect: {
      strategies: ['exact', 'exact'],
      content: lf(
        'import express from "express";',
        'const app = express();',
        'const port = Number(process.env.PORT ?? 3000);',
        '',
        'app.get("/", (req, res) => {',
        '  res.json({ status: "ok" });',
        '});',
        '',
        'app.listen(port);',
      ),
      messageIncludes: '2 edits applied:\n- edit 1: matched exactly at line 3\n- edit 2: matched exactly at line 6',
    },
  },
  {
    name: 'multi-edit: edits given bottom-up',
    why: 'order in the call does not matter: each is found in the original',
    file: server,
    edits: [
      { oldText: 'app.listen(port);', newText: 'app.listen(port, () => console.log(port));' },
      { oldText: 'const app = express();', newText: 'const app = express();\napp.use(express.json());' },
    ],
    expect: {
      strategies: ['exact', 'exact'],
      content: lf(
        'import express from "express";',
        'const app = express();',
        'app.use(express.json());',
        'const port = 3000;',
        '',
        'app.get("/", (req, res) => {',
        '  res.send("ok");',
        '});',
        '',
        'app.listen(port, () => console.log(port));',
      ),
    },
  },
  {
    name: 'multi-edit: each edit matches with its own strategy',
    why: 'one edit quoted verbatim, the other with its indentation stripped',
    file: lf('function a() {', '    return 1;', '}', 'function b() {', '    if (x) {', '        return 2;', '    }', '}'),
    edits: [
      { oldText: 'function a() {', newText: 'function a(): number {' },
      { oldText: text('if (x) {', '    return 2;', '}'), newText: text('if (x) {', '    return 3;', '}') },
    ],
    expect: {
      strategies: ['exact', 'indentation-flexible'],
      content: lf('function a(): number {', '    return 1;', '}', 'function b() {', '    if (x) {', '        return 3;', '    }', '}'),
    },
  },
  {
    name: 'multi-edit: adjacent edits on consecutive lines',
    why: 'touching is not overlapping',
    file: lf('a = 1', 'b = 2', 'c = 3'),
    edits: [
      { oldText: 'a = 1\n', newText: 'a = 10\n' },
      { oldText: 'b = 2', newText: 'b = 20' },
    ],
    expect: { strategies: ['exact', 'exact'], content: lf('a = 10', 'b = 20', 'c = 3') },
  },
  {
    name: 'multi-edit: two edits on the same line, different parts',
    why: 'non-overlapping spans inside one line are fine',
    file: lf('const point = { x: 1, y: 2 };'),
    edits: [
      { oldText: 'x: 1', newText: 'x: 10' },
      { oldText: 'y: 2', newText: 'y: 20' },
    ],
    expect: { strategies: ['exact', 'exact'], content: lf('const point = { x: 10, y: 20 };') },
  },
  {
    name: 'multi-edit: CRLF file, edits with LF and CRLF mixed',
    why: 'each edit is normalised on its own',
    file: crlf('[core]', 'editor = vim', '[user]', 'name = A'),
    edits: [
      { oldText: 'editor = vim', newText: 'editor = code --wait' },
      { oldText: '[user]\r\nname = A', newText: '[user]\r\nname = B\r\nemail = b@example.com' },
    ],
    expect: { strategies: ['exact', 'exact'], content: crlf('[core]', 'editor = code --wait', '[user]', 'name = B', 'email = b@example.com') },
  },
  {
    name: 'replaceAll: rename an identifier everywhere',
    why: 'the reason replaceAll exists',
    file: lf('let count = 0;', 'function inc() { count++; }', 'export { count };'),
    edits: [{ oldText: 'count', newText: 'total', replaceAll: true }],
    expect: {
      strategies: ['exact'],
      content: lf('let total = 0;', 'function inc() { total++; }', 'export { total };'),
      messageIncludes: 'matched exactly at 3 places: lines 1, 2, 3',
    },
  },
  {
    name: 'replaceAll: a block repeated at different indentation',
    why: 'replaceAll works with a loose strategy too, re-indenting each occurrence on its own',
    file: lf('if (a) {', '  log("x");', '  flush();', '}', 'if (b) {', '    log("x");', '    flush();', '}'),
    edits: [{ oldText: text('log("x");', 'flush();'), newText: text('log("x");', 'flush(true);'), replaceAll: true }],
    expect: { strategies: ['indentation-flexible'], content: lf('if (a) {', '  log("x");', '  flush(true);', '}', 'if (b) {', '    log("x");', '    flush(true);', '}') },
  },
  {
    name: 'replaceAll: overlapping occurrences are replaced left to right',
    why: '"aa" in "aaaa" is two replacements, not three',
    file: lf('aaaa'),
    edits: [{ oldText: 'aa', newText: 'b', replaceAll: true }],
    expect: { strategies: ['exact'], content: lf('bb') },
  },
  {
    name: 'replaceAll: a single occurrence is fine',
    why: 'replaceAll does not demand several',
    file: lf('DEBUG = False'),
    edits: [{ oldText: 'DEBUG = False', newText: 'DEBUG = True', replaceAll: true }],
    expect: { strategies: ['exact'], content: lf('DEBUG = True') },
  },
  {
    name: 'multi-edit: overlapping edits are refused',
    why: 'two edits that touch the same text cannot both be applied as meant',
    file: lf('one', 'two', 'three', 'four'),
    edits: [
      { oldText: text('one', 'two'), newText: text('1', '2') },
      { oldText: text('two', 'three'), newText: text('2', '3') },
    ],
    expect: { failure: 'overlapping_edits', messageIncludes: 'Edits 1 and 2 overlap (lines 1-2 and lines 2-3)' },
  },
  {
    name: 'multi-edit: the same oldText twice in one call',
    why: 'a model repeating an edit must not have it applied twice',
    file: lf('x = 1', 'y = 2'),
    edits: [
      { oldText: 'x = 1', newText: 'x = 2' },
      { oldText: 'x = 1', newText: 'x = 3' },
    ],
    expect: { failure: 'overlapping_edits' },
  },
  {
    name: 'multi-edit: a later edit quoting text an earlier edit produces',
    why: 'edits are located in the original file, not in each other’s output',
    file: lf('status = "draft"'),
    edits: [
      { oldText: 'status = "draft"', newText: 'status = "review"' },
      { oldText: 'status = "review"', newText: 'status = "published"' },
    ],
    expect: { failure: 'no_occurrence', messageIncludes: 'Edit 2 of 2: oldText was not found' },
  },
  {
    name: 'multi-edit: one ambiguous edit fails the whole call',
    why: 'all or nothing: the first edit must not be applied alone',
    file: lf('a();', 'b();', 'a();'),
    edits: [
      { oldText: 'b();', newText: 'c();' },
      { oldText: 'a();', newText: 'd();' },
    ],
    expect: { failure: 'multiple_occurrences', strategy: 'exact', candidateLines: [1, 3], messageIncludes: 'None of the 2 edits were applied.' },
  },
];

// Drifts on top of the file conventions that make them harder: CRLF files, files without a final newline, Unicode,
// and context lines the model misplaced by one.

import { crlf, lf, text, type EditCase } from './case';

export const combinedCases: EditCase[] = [
  {
    name: 'CRLF: missing indentation in a Windows file',
    why: 'the re-indented replacement must come out with CRLF endings like every other line',
    file: crlf('namespace App {', '    class Program {', '        static void Main() {', '            Run();', '        }', '    }', '}'),
    edits: [{ oldText: text('static void Main() {', '    Run();', '}'), newText: text('static void Main() {', '    Init();', '    Run();', '}') }],
    expect: {
      strategies: ['indentation-flexible'],
      content: crlf('namespace App {', '    class Program {', '        static void Main() {', '            Init();', '            Run();', '        }', '    }', '}'),
      messageIncludes: 'matched after normalising indentation at lines 3-5; replacement re-indented from no indent to 8 spaces',
    },
  },
  {
    name: 'CRLF: block-anchor in a Windows file',
    why: 'the loosest match must still write CRLF and keep the file’s final CRLF',
    file: crlf('Sub Report()', '    total = Sum(items)', '    Print "Total: " & total', 'End Sub'),
    edits: [
      {
        oldText: text('Sub Report()', '    total = Sum(item)', '    Print "Total: " & total', 'End Sub'),
        newText: text('Sub Report()', '    total = Sum(items)', '    Print "Sum: " & total', 'End Sub'),
      },
    ],
    expect: { strategies: ['block-anchor'], content: crlf('Sub Report()', '    total = Sum(items)', '    Print "Sum: " & total', 'End Sub') },
  },
  {
    name: 'CRLF: escaped quotes in a Windows file',
    why: 'unescaping and CRLF output together',
    file: crlf('<add key="Mode" value="Debug" />', '<add key="Level" value="2" />'),
    edits: [{ oldText: '<add key=\\"Mode\\" value=\\"Debug\\" />', newText: '<add key=\\"Mode\\" value=\\"Release\\" />' }],
    expect: { strategies: ['escape-normalised'], content: crlf('<add key="Mode" value="Release" />', '<add key="Level" value="2" />') },
  },
  {
    name: 'CRLF: trailing spaces, no final newline',
    why: 'the last line of an unterminated CRLF file, matched loosely, stays unterminated',
    file: 'first\r\nsecond  \r\nthird',
    edits: [{ oldText: text('second', 'third'), newText: text('second', 'third', 'fourth') }],
    expect: { strategies: ['line-trimmed'], content: 'first\r\nsecond  \r\nthird\r\nfourth' },
  },
  {
    name: 'CRLF: replaceAll with indentation drift',
    why: 'each occurrence re-indented and written with CRLF',
    file: crlf('if (a) {', '  retry();', '}', 'if (b) {', '    retry();', '}'),
    edits: [{ oldText: 'retry();', newText: text('retry();', 'report();'), replaceAll: true }],
    expect: { strategies: ['exact'], content: crlf('if (a) {', '  retry();', 'report();', '}', 'if (b) {', '    retry();', 'report();', '}') },
  },
  {
    name: 'off by one: the first context line is the line above the real one',
    why: 'the model started its quote one line too early, with a line that is not there: refused, pointing at the block',
    file: lf('// totals', 'const sum = a + b;', 'const avg = sum / 2;', 'print(avg);'),
    edits: [{ oldText: text('// average', 'const sum = a + b;', 'const avg = sum / 2;'), newText: text('// average', 'const sum = a + b;', 'const avg = sum / 3;') }],
    expect: {
      failure: 'no_occurrence',
      messageIncludes: 'The most similar region is lines 1-3 (',
    },
  },
  {
    name: 'off by one: a trailing context line from below the block that is not the next line',
    why: 'the last line is where block-anchor must agree; a wrong one is refused with the first difference shown',
    file: lf('x = 1', 'y = 2', 'z = 3', 'w = 4'),
    edits: [{ oldText: text('x = 1', 'y = 2', 'z = 3', 'v = 5'), newText: text('x = 1', 'y = 20', 'z = 3', 'v = 5') }],
    expect: {
      failure: 'no_occurrence',
      messageIncludes: 'First difference, line 4:\n  file:    "w = 4"\n  oldText: "v = 5"',
    },
  },
  {
    name: 'off by one: the quote skips a line in the middle of a long block',
    why: 'the model’s context jumped a line; first and last lines agree and the rest is close',
    file: lf('function build(cfg) {', '  const out = [];', '  out.push(header(cfg));', '  out.push(body(cfg));', '  out.push(footer(cfg));', '  return out.join("\\n");', '}'),
    edits: [
      {
        oldText: text('function build(cfg) {', '  const out = [];', '  out.push(header(cfg));', '  out.push(footer(cfg));', '  return out.join("\\n");', '}'),
        newText: text('function build(cfg) {', '  return [header(cfg), body(cfg), footer(cfg)].join("\\n");', '}'),
      },
    ],
    expect: { strategies: ['block-anchor'], content: lf('function build(cfg) {', '  return [header(cfg), body(cfg), footer(cfg)].join("\\n");', '}') },
  },
  {
    name: 'unicode: CJK comments with indentation drift',
    why: 'wide characters do not count as indentation; the block is re-indented',
    file: lf('class 购物车:', '    def 合计(self):', '        # 计算总价', '        return sum(self.价格)'),
    edits: [{ oldText: text('def 合计(self):', '    # 计算总价', '    return sum(self.价格)'), newText: text('def 合计(self):', '    # 计算总价（含税）', '    return sum(self.价格) * 1.1') }],
    expect: { strategies: ['indentation-flexible'], content: lf('class 购物车:', '    def 合计(self):', '        # 计算总价（含税）', '        return sum(self.价格) * 1.1') },
  },
  {
    name: 'unicode: right-to-left text matched exactly',
    why: 'Arabic and Hebrew strings are plain code units to the matcher',
    file: lf('const ar = "مرحبا بالعالم";', 'const he = "שלום עולם";'),
    edits: [{ oldText: 'const he = "שלום עולם";', newText: 'const he = "שלום";' }],
    expect: { strategies: ['exact'], content: lf('const ar = "مرحبا بالعالم";', 'const he = "שלום";') },
  },
  {
    name: 'unicode: emoji inside a block-anchor match',
    why: 'similarity is measured on UTF-16 code units; astral characters must not break it',
    file: lf('const status = {', '  ok: "✅ done",', '  warn: "⚠️ check",', '  fail: "❌ failed",', '};'),
    edits: [
      {
        oldText: text('const status = {', '  ok: "✅ done",', '  warn: "⚠️ check it",', '  fail: "❌ failed",', '};'),
        newText: text('const status = {', '  ok: "✅ done",', '  fail: "🔥 failed",', '};'),
      },
    ],
    expect: { strategies: ['block-anchor'], content: lf('const status = {', '  ok: "✅ done",', '  fail: "🔥 failed",', '};') },
  },
  {
    name: 'unicode: a line with an ideographic space where the model typed an ASCII space',
    why: 'U+3000 is whitespace to the normaliser, like a no-break space',
    file: lf('title\u3000=\u3000"設定"', 'lang = "ja"'),
    edits: [{ oldText: text('title = "設定"', 'lang = "ja"'), newText: text('title = "環境設定"', 'lang = "ja"') }],
    expect: { strategies: ['whitespace-normalised'], content: lf('title = "環境設定"', 'lang = "ja"') },
  },
  {
    name: 'refused: the same block twice once whitespace is collapsed',
    why: 'ambiguity under whitespace-normalised is reported at that stage',
    file: lf('a  =  1;', 'b = 2;', 'a = 1;', 'b  =  2;'),
    edits: [{ oldText: text('a = 1; ', 'b = 2;'), newText: text('a = 1;', 'b = 3;') }],
    expect: { failure: 'multiple_occurrences', strategy: 'whitespace-normalised', candidateLines: [1, 3] },
  },
  {
    name: 'replaceAll: trailing spaces differ between occurrences',
    why: 'replaceAll with a loose strategy; each occurrence keeps its own lines the edit does not change',
    file: lf('begin();  ', 'step();', 'begin(); ', 'step();'),
    edits: [{ oldText: text('begin();', 'step();'), newText: text('begin();', 'step(1);'), replaceAll: true }],
    expect: { strategies: ['line-trimmed'], content: lf('begin();  ', 'step(1);', 'begin(); ', 'step(1);'), messageIncludes: 'at 2 places: lines 1, 3' },
  },
  {
    name: 'refused: a replacement identical to the file in a CRLF file',
    why: 'the model re-sent the file’s own lines (with CRLF); once written back as CRLF nothing changed',
    file: crlf('keep  ', 'this'),
    edits: [{ oldText: text('keep', 'this'), newText: 'keep  \r\nthis' }],
    expect: { failure: 'no_change' },
  },
];

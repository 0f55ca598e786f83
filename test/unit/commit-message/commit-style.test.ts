import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cleanCommitMessage, commitMessageRequest, MAX_DIFF_CHARS } from '../../../src/core/commit-message/commit-prompt';
import { commitStyle, DEFAULT_STYLE } from '../../../src/core/commit-message/commit-style';

const CONVENTIONAL = ['feat(parser): read nested arrays', 'fix(cli): exit 2 on a bad flag', 'feat: add the --json flag', 'docs: explain the cache', 'fix(parser): keep trailing commas', 'chore(deps): bump zod', 'Merge branch "main" into dev'];

const userText = (request: ReturnType<typeof commitMessageRequest>) => {
  const part = request.messages[0]!.content[0]!;
  return part.type === 'text' ? part.text : '';
};
const changes = { staged: true, stat: ' src/a.ts | 2 +-\n 1 file changed', diff: 'diff --git a/src/a.ts b/src/a.ts\n-old\n+new', untracked: [] };

describe('commit style', () => {
  test('Conventional Commits: the prefix, its types and scopes by frequency; merges are not read', () => {
    const style = commitStyle(CONVENTIONAL);
    assert.equal(style.count, 6);
    assert.equal(style.conventional, true);
    assert.deepEqual(style.types, ['feat', 'fix', 'chore', 'docs']);
    assert.deepEqual(style.scopes, ['parser', 'cli', 'deps']);
    assert.equal(style.capitalized, false, 'descriptions after the prefix start lower-case');
    assert.equal(style.language, 'latin');
  });

  test('plain subjects: no prefix, capitalised, full stops, and their lengths', () => {
    const subjects = ['Read nested arrays in the parser.', 'Exit with 2 on a bad flag.', 'Add a --json flag for scripts.', 'Explain the cache in the README.'];
    const style = commitStyle(subjects);
    assert.equal(style.conventional, false);
    assert.deepEqual(style.types, []);
    assert.equal(style.capitalized, true);
    assert.equal(style.fullStop, true);
    assert.equal(style.medianLength, 32); // 26, 30, 32, 33 characters
    assert.equal(style.longLength, 33);
  });

  test('a minority of prefixed subjects is not a convention', () => {
    assert.equal(commitStyle(['fix: one', 'Add two', 'Add three']).conventional, false);
  });

  test('the language is the script most subjects use: Chinese, Japanese (kana), Korean, Cyrillic', () => {
    assert.equal(commitStyle(['修复解析器的尾随逗号', 'feat: 添加 JSON 输出', 'Update README']).language, 'chinese');
    assert.equal(commitStyle(['パーサーを修正する', 'キャッシュを説明する']).language, 'japanese');
    assert.equal(commitStyle(['파서 수정', '캐시 설명']).language, 'korean');
    assert.equal(commitStyle(['Исправить парсер', 'Описать кэш']).language, 'cyrillic');
  });

  test('no history: the default style', () => {
    assert.deepEqual(commitStyle([]), DEFAULT_STYLE);
    assert.deepEqual(commitStyle(['Merge pull request #1', '  ']), DEFAULT_STYLE);
  });
});

describe('commit message request', () => {
  test('a conventional repository is asked for its prefix, types, scopes, case and length, with its subjects as examples', () => {
    const request = commitMessageRequest(commitStyle(CONVENTIONAL), CONVENTIONAL, changes);
    const text = userText(request);
    assert.ok(text.includes('Conventional Commits prefix'), text);
    assert.ok(text.includes('types in use: feat, fix, chore, docs; scopes in use: parser, cli, deps'), text);
    assert.ok(text.includes('Start the description with a lower-case letter.'), text);
    assert.ok(text.includes('- feat(parser): read nested arrays'), text);
    assert.ok(text.includes('Write the commit message for these staged changes.'), text);
    assert.ok(text.includes('+new'), text);
    assert.deepEqual(request.tools, []);
  });

  test('nothing staged: all changes and the untracked files; a plain repository gets no prefix; Chinese subjects ask for Chinese', () => {
    const subjects = ['修复解析器的尾随逗号', '添加 JSON 输出'];
    const text = userText(commitMessageRequest(commitStyle(subjects), subjects, { ...changes, staged: false, untracked: ['src/new.ts'] }));
    assert.ok(text.includes('Nothing is staged: write the commit message for all the changes'), text);
    assert.ok(text.includes('- src/new.ts'), text);
    assert.ok(text.includes('Do not add a `type:` prefix'), text);
    assert.ok(text.includes('Write the message in Chinese'), text);
  });

  test('a huge patch is cut and the model is told so; backticks in it cannot close its fence', () => {
    const diff = '+```\n' + 'x'.repeat(MAX_DIFF_CHARS * 2);
    const text = userText(commitMessageRequest(DEFAULT_STYLE, [], { ...changes, diff }));
    assert.ok(text.length < MAX_DIFF_CHARS + 5_000, String(text.length));
    assert.ok(text.includes(`The patch was cut at ${MAX_DIFF_CHARS} characters`));
    assert.ok(text.includes('````\n+```'), 'a longer fence');
  });
});

describe('cleaning the streamed message', () => {
  test('drops a code fence, quotes and blank lines around the message; keeps its body', () => {
    assert.equal(cleanCommitMessage('```\nfix(cli): exit 2 on a bad flag\n\nThe flag parser threw.\n```\n'), 'fix(cli): exit 2 on a bad flag\n\nThe flag parser threw.');
    assert.equal(cleanCommitMessage('```text\nfix: a'), 'fix: a', 'a fence still streaming');
    assert.equal(cleanCommitMessage('"Add the cache"'), 'Add the cache');
    assert.equal(cleanCommitMessage('\n\nAdd "quoted" words\n'), 'Add "quoted" words');
  });
});

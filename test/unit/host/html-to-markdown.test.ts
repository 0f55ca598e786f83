import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { htmlToMarkdown } from '../../../src/host/web/html-to-markdown';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/web', name), 'utf8');

describe('HTML to Markdown', () => {
  it('keeps the article, drops navigation, footer, scripts and styles', () => {
    const { title, markdown } = htmlToMarkdown(fixture('article.html'), 'https://docs.python.org/3/library/json.html');
    assert.match(title, /^json — JSON encoder and decoder/);
    assert.match(markdown, /JSON \(JavaScript Object Notation\), specified by RFC 7159/);
    assert.match(markdown, /^## Basic usage$/m);
    assert.doesNotMatch(markdown, /tracker|color: red|Found a bug|Navigation/);
  });

  it('writes code blocks fenced with their language, lists, emphasis and absolute links', () => {
    const { markdown } = htmlToMarkdown(fixture('article.html'), 'https://docs.python.org/3/library/json.html');
    assert.match(markdown, /```python\nimport json\nprint\(json\.dumps\(\{"a": 1, "b": \[1, 2\]\}, indent=2\)\)\n```/);
    assert.match(markdown, /-\s+\*\*skipkeys\*\*: skip keys/);
    assert.match(markdown, /_ensure\\_ascii_/);
    assert.match(markdown, /\| Python \| JSON \|\n\| --- \| --- \|\n\| dict \| object \|/);
    assert.match(markdown, /`json\.dumps`/);
    assert.match(markdown, /\[JSON how-to\]\(https:\/\/docs\.python\.org\/3\/howto\/json\.html\)/);
    assert.match(markdown, /\[image: Encoding flow\]/);
  });

  it('converts the whole body of a page without an article, minus scripts and noscript', () => {
    const { title, markdown } = htmlToMarkdown(fixture('index-page.html'), 'https://pypi.example/simple/');
    assert.equal(title, 'Tiny index');
    assert.match(markdown, /Packages/);
    assert.match(markdown, /\[a\]\(https:\/\/pypi\.example\/simple\/pkg\/a\/\)/);
    assert.doesNotMatch(markdown, /alert|enable js/);
  });

  it('survives markup that is not HTML at all', () => {
    const { markdown } = htmlToMarkdown('just <<< text & no tags', 'https://x.example/');
    assert.match(markdown, /just/);
  });
});

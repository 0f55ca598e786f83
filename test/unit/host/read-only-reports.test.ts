// A report Relay opens (Show Customizations, a checkpoint's file, an MCP server's tools) is a read-only document of
// its own scheme: an untitled document given content is dirty, so closing it asked to save a file nobody wrote
// (issue 38). No file of src opens one.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import * as ts from 'typescript';

const ROOT = resolve(__dirname, '../../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });

/** `openTextDocument({ …content… })` calls in a file. */
function untitledWithContent(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'openTextDocument') {
      const content = node.arguments.some((a) => ts.isObjectLiteralExpression(a) && a.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'content'));
      if (content) found.push(`${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('reports open read-only', () => {
  it('no file of src opens an untitled document with content (it would ask to save on close)', () => {
    assert.deepEqual(sourceFiles(join(ROOT, 'src')).flatMap(untitledWithContent), []);
  });

  it('the check finds such a call', () => {
    const text = "import * as vscode from 'vscode';\nvoid vscode.workspace.openTextDocument({ language: 'markdown', content: 'x' });\n";
    const file = join(tmpdir(), `relay-untitled-probe-${process.pid}.ts`);
    writeFileSync(file, text);
    try {
      assert.equal(untitledWithContent(file).length, 1);
    } finally {
      rmSync(file, { force: true });
    }
  });
});

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { describeToolsMarkdown, ToolErrorType, ToolManager, ToolRegistry, zodToJsonSchema } from '../../../src/core/tools';
import { BUILTIN_TOOL_NAMES, createBuiltinToolFactories, registerBuiltinTools } from '../../../src/tools';
import { IgnoreRules } from '../../../src/tools/ignore-rules';
import { displayPath, isInWorkspace, resolveToolPath } from '../../../src/tools/paths';
import { Throttle } from '../../../src/tools/throttle';
import { REPO_ROOT } from '../../support/vscode/server';
import { createInMemoryHost } from '../../support/in-memory-host';

describe('createBuiltinToolFactories', () => {
  const services = createInMemoryHost().services;

  it('offers every built-in tool with its kind, and each factory call makes a new instance', () => {
    const entries = createBuiltinToolFactories(services);
    assert.deepEqual(
      entries.map((e) => [e.name, e.kind]),
      [
        ['read_file', 'readonly'],
        ['list_files', 'readonly'],
        ['find_files', 'readonly'],
        ['search_text', 'readonly'],
        ['get_diagnostics', 'readonly'],
        ['find_symbol', 'readonly'],
        ['document_outline', 'readonly'],
        ['go_to_definition', 'readonly'],
        ['find_references', 'readonly'],
        ['hover_info', 'readonly'],
        ['call_hierarchy', 'readonly'],
        ['edit_file', 'write'],
        ['write_file', 'write'],
        ['apply_patch', 'write'],
        ['rename_symbol', 'write'],
        ['run_command', 'execute'],
        ['read_output', 'readonly'],
        ['send_input', 'execute'],
        ['stop_process', 'readonly'],
        ['list_processes', 'readonly'],
        ['ask_followup_question', 'readonly'],
        ['todo_write', 'readonly'],
        ['web_fetch', 'readonly'],
        ['check_page', 'readonly'],
      ],
    );
    for (const entry of entries) {
      const a = entry.factory({ taskId: 't', callId: '1' });
      const b = entry.factory({ taskId: 't', callId: '2' });
      assert.notEqual(a, b, `${entry.name}: one instance per call`);
      assert.equal(a.name, entry.name);
      assert.equal(a.kind, entry.kind);
      assert.ok(a.displayName && a.displayName !== a.name, `${entry.name} has a display name for people`);
      assert.equal(entry.source, 'builtin');
    }
    assert.deepEqual(BUILTIN_TOOL_NAMES, entries.map((e) => e.name));
  });

  it('registers into the ToolRegistry and describes itself to models (JSON Schema and Markdown)', async () => {
    const registry = new ToolRegistry();
    registerBuiltinTools(registry, services);
    const manager = new ToolManager({ registry, taskId: 't' });
    const tools = manager.listTools().filter((t) => BUILTIN_TOOL_NAMES.includes(t.name));
    assert.equal(tools.length, BUILTIN_TOOL_NAMES.length);
    for (const tool of tools) {
      const description = await tool.getDescription();
      assert.ok(description.short.length > 20, `${tool.name} says what it does`);
      assert.ok((description.examples?.length ?? 0) > 0, `${tool.name} has examples`);
      assert.ok((description.usageNotes?.length ?? 0) > 0, `${tool.name} has usage notes`);
      const schema = zodToJsonSchema(await tool.getParameters());
      const properties = schema.properties as Record<string, { description?: string }>;
      for (const [name, property] of Object.entries(properties)) assert.ok(property.description, `${tool.name}.${name} is described`);
      assert.ok(tool.prepare, `${tool.name} reports its targets through prepare`);
    }
    const markdown = await describeToolsMarkdown(tools, { callInstructions: false });
    assert.match(markdown, /^## read_file\nDisplay Name: Read File\nDescription: Reads a text file/m);
    assert.match(markdown, /- path: string \(required\) - The file to read: relative to the workspace root, or absolute\./);
    assert.match(markdown, /- severity: string \(optional\) - "error" for errors only; "warning" for errors and warnings\. \(default: "warning"\)\n {4}Allowed values: error, warning/);
  });

  it('every example in a description is valid input for its tool', async () => {
    for (const entry of createBuiltinToolFactories(services)) {
      const tool = entry.factory({ taskId: 't' });
      for (const example of (await tool.getDescription()).examples ?? []) {
        const result = await tool.validate(example.params);
        assert.ok(result.ok, `${tool.name} example ${JSON.stringify(example.params)}: ${result.ok ? '' : result.message}`);
      }
    }
  });

  it('src/tools never imports vscode or the host: every tool runs in plain Node', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk(join(REPO_ROOT, 'src', 'tools'));
    assert.ok(files.length > 10);
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      assert.doesNotMatch(source, /from ['"]vscode['"]|require\(['"]vscode['"]\)/, file);
      assert.doesNotMatch(source, /from ['"][./]*\/host\//, file);
    }
  });
});

describe('tool paths', () => {
  const roots = ['/ws/main', '/ws/other'];

  it('resolves relative paths against the first folder and normalises absolute ones', () => {
    assert.equal(resolveToolPath('src/a.ts', roots), '/ws/main/src/a.ts');
    assert.equal(resolveToolPath(' ./src/../lib/b.ts ', roots), '/ws/main/lib/b.ts');
    assert.equal(resolveToolPath('/ws/other/x/./y.ts', roots), '/ws/other/x/y.ts');
    assert.equal(resolveToolPath('../outside.txt', roots), '/ws/outside.txt', 'the permission layer judges outside paths');
  });

  it('refuses an empty path, and a relative one without a workspace', () => {
    assert.throws(() => resolveToolPath('  ', roots), { type: ToolErrorType.INVALID_PARAMS });
    assert.throws(() => resolveToolPath('a.ts', []), { type: ToolErrorType.PATH_NOT_IN_WORKSPACE });
    assert.equal(resolveToolPath('/abs/a.ts', []), '/abs/a.ts');
  });

  it('shows workspace paths relative to the first folder, others absolute', () => {
    assert.equal(displayPath('/ws/main/src/a.ts', roots), 'src/a.ts');
    assert.equal(displayPath('/ws/main', roots), '.');
    assert.equal(displayPath('/ws/other/b.ts', roots), '/ws/other/b.ts');
    assert.equal(displayPath('/ws/mainly/c.ts', roots), '/ws/mainly/c.ts', 'a name prefix is not a parent');
    assert.equal(isInWorkspace('/ws/other/b.ts', roots), true);
    assert.equal(isInWorkspace('/ws/mainly/c.ts', roots), false);
  });
});

describe('ignore rules', () => {
  const files: Record<string, string> = {
    '/r/.gitignore': 'dist/\n*.log\n!keep.log\n',
    '/r/.relayignore': 'private/\n',
    '/r/sub/.gitignore': '!debug.log\n',
  };
  const read = async (p: string) => files[p];

  it('layers .gitignore files outermost first, so an inner negation wins', async () => {
    const top = await IgnoreRules.forDirectory('/r', read);
    assert.equal(top.ignores('/r/a.log', false), true);
    assert.equal(top.ignores('/r/keep.log', false), false);
    assert.equal(top.ignores('/r/dist', true), true);
    assert.equal(top.ignores('/r/.git', true), true);
    const sub = await IgnoreRules.forDirectory('/r/sub', read);
    assert.equal(sub.ignores('/r/sub/debug.log', false), false);
    assert.equal(sub.ignores('/r/sub/other.log', false), true);
  });

  it('keeps .relayignore when git-ignored files are included, and inside a directory asked for by name', async () => {
    const top = await IgnoreRules.forDirectory('/r', read);
    assert.equal(top.ignores('/r/a.log', false, { gitignore: false }), false);
    assert.equal(top.ignores('/r/private/key', false, { gitignore: false }), true);
    const inside = await IgnoreRules.forDirectory('/r/private', read);
    assert.equal(inside.ignores('/r/private/key', false), true);
    const dist = await IgnoreRules.forDirectory('/r/dist', read);
    assert.equal(dist.ignores('/r/dist/app.js', false), false, 'dist/ itself was asked for');
    assert.equal(dist.ignores('/r/dist/app.log', false), true, 'the other rules still apply inside it');
  });
});

describe('Throttle', () => {
  it('lets one update through per interval and runs the latest scheduled one at the end of it', () => {
    let now = 0;
    const throttle = new Throttle(100, () => now);
    assert.equal(throttle.tryNow(), true);
    assert.equal(throttle.tryNow(), false);
    now = 100;
    assert.equal(throttle.tryNow(), true);

    const ran: string[] = [];
    const scheduled = new Throttle(100, () => now);
    scheduled.schedule(() => ran.push('a')); // due at once
    scheduled.schedule(() => ran.push('b'));
    scheduled.schedule(() => ran.push('c')); // replaces b
    assert.deepEqual(ran, ['a']);
    scheduled.flush();
    assert.deepEqual(ran, ['a', 'c']);
    scheduled.schedule(() => ran.push('d'));
    scheduled.cancel();
    scheduled.flush();
    assert.deepEqual(ran, ['a', 'c'], 'cancel drops what was waiting');
  });
});

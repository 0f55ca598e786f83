// The host's structure holds: src/host/relay.ts is the one composition root (built on first use by the runtime
// bundle, runtime/; its parts, one per entry point or responsibility, in composition/, which only it imports), every
// folder of src/host is one concern, and imports run downward only. No two folders import each other, even through
// others, and no file is part of an import circle: a folder that needs something from a
// higher one receives it (a function, a narrow interface) from the root instead. The imports are read with
// TypeScript's own pre-processor (import, import type, export … from, require and import()).
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import * as ts from 'typescript';

const ROOT = resolve(__dirname, '../../..');
const HOST = join(ROOT, 'src/host');

interface Import {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** A relative specifier resolved as esbuild and tsc do: `x.ts`, `x/index.ts`; `./runtime.js` is the built runtime.ts. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')].find((p) => existsSync(p) && statSync(p).isFile());
}

/** Every import between two files of `dir`, as paths relative to it. */
function importsIn(dir: string): Import[] {
  const imports: Import[] = [];
  for (const file of sourceFiles(dir)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const ref of info.importedFiles) {
      const target = resolveSpecifier(file, ref.fileName);
      if (target && target.startsWith(dir + sep)) imports.push({ from: relative(dir, file), to: relative(dir, target) });
    }
  }
  return imports;
}

/** A folder of src/host (`tasks/`), or the file itself for one at its top (`relay.ts`). */
function folderOf(path: string): string {
  const [first, ...rest] = path.split(sep);
  return rest.length === 0 ? first! : `${first}/`;
}

/** The circles of a directed graph (its strongly connected components of more than one node), each sorted. */
function circles(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) {
    next.set(a, [...(next.get(a) ?? []), b]);
    if (!next.has(b)) next.set(b, []);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The imports that tie a circle of folders, for the failure message. */
function describeCircle(circle: string[], imports: readonly Import[]): string {
  const members = new Set(circle);
  const ties = imports.filter((i) => folderOf(i.from) !== folderOf(i.to) && members.has(folderOf(i.from)) && members.has(folderOf(i.to)));
  return `${circle.join(' ')}\n${ties.map((i) => `    ${i.from} -> ${i.to}`).join('\n')}`;
}

describe('the structure of src/host', () => {
  const imports = importsIn(HOST);

  it('reads the imports (the scan finds the root and its folders)', () => {
    assert.ok(imports.length > 300, `only ${imports.length} imports found: the scan is broken`);
    assert.ok(imports.some((i) => i.from === 'relay.ts' && i.to.startsWith(`session${sep}`)));
  });

  it('no two folders import each other, even through others', () => {
    const between = imports.map((i) => [folderOf(i.from), folderOf(i.to)] as const).filter(([a, b]) => a !== b);
    const found = circles(between);
    assert.deepEqual(found.map((c) => describeCircle(c, imports)), [], 'folders of src/host in an import circle (and the imports that tie each)');
  });

  it('no file is part of an import circle', () => {
    assert.deepEqual(circles(imports.map((i) => [i.from, i.to] as const)), []);
  });

  it('the composition modules are the root\'s alone: nothing but relay.ts and composition/ itself imports them', () => {
    assert.ok(imports.some((i) => i.from === 'relay.ts' && folderOf(i.to) === 'composition/'), 'the root builds the host from composition/');
    const upward = imports.filter((i) => folderOf(i.to) === 'composition/' && i.from !== 'relay.ts' && folderOf(i.from) !== 'composition/');
    assert.deepEqual(upward.map((i) => `${i.from} -> ${i.to}`), []);
  });

  it('only the runtime bundle builds the composition root, and nothing below imports the runtime bundle', () => {
    const upward = imports.filter((i) => (i.to === 'relay.ts' && folderOf(i.from) !== 'runtime/') || (folderOf(i.to) === 'runtime/' && folderOf(i.from) !== 'runtime/'));
    assert.deepEqual(upward.map((i) => `${i.from} -> ${i.to}`), []);
  });
});

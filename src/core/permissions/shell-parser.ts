// Parses shell command lines with tree-sitter-bash (web-tree-sitter), loaded lazily on first use: the WASM
// costs startup time that activation must not pay. Trees are copied into plain objects and freed at once,
// so analysis never holds WASM memory.
import type * as TreeSitter from 'web-tree-sitter';

export interface ShellParserPaths {
  /** Absolute path of `web-tree-sitter.wasm` (the runtime). */
  treeSitterWasmPath: string;
  /** Absolute path of `tree-sitter-bash.wasm` (the grammar). */
  bashWasmPath: string;
}

/** A syntax node as plain data. */
export interface SyntaxNode {
  type: string;
  text: string;
  named: boolean;
  /** The grammar field this node fills in its parent (`name`, `argument`, `redirect`, `body`, ...). */
  field: string | null;
  missing: boolean;
  children: SyntaxNode[];
}

export interface ParsedShell {
  root: SyntaxNode;
  hasError: boolean;
}

export type ShellParse = (source: string) => ParsedShell;

/** Structural view of the web-tree-sitter node API we use, so the module is only imported when needed. */
interface TreeSitterNode {
  type: string;
  text: string;
  isNamed: boolean;
  isMissing: boolean;
  childCount: number;
  child(index: number): TreeSitterNode | null;
  fieldNameForChild(index: number): string | null;
}

// The runtime is one Emscripten module per process: initialise it once, whoever asks first.
let runtimeReady: Promise<typeof TreeSitter> | undefined;

async function loadRuntime(wasmPath: string): Promise<typeof TreeSitter> {
  runtimeReady ??= (async () => {
    const treeSitter = await import('web-tree-sitter');
    await treeSitter.Parser.init({ locateFile: () => wasmPath });
    return treeSitter;
  })();
  try {
    return await runtimeReady;
  } catch (error) {
    runtimeReady = undefined; // let a later call retry, e.g. after the host fixes the path
    throw error;
  }
}

/** Returns a loader that builds the parser on its first call and hands the same one to every later call. */
export function createLazyShellParser(paths: ShellParserPaths): () => Promise<ShellParse> {
  let parser: Promise<ShellParse> | undefined;
  return () => {
    parser ??= buildParser(paths).catch((error: unknown) => {
      parser = undefined;
      throw error;
    });
    return parser;
  };
}

async function buildParser(paths: ShellParserPaths): Promise<ShellParse> {
  const treeSitter = await loadRuntime(paths.treeSitterWasmPath);
  const language = await treeSitter.Language.load(paths.bashWasmPath);
  const parser = new treeSitter.Parser();
  parser.setLanguage(language);
  return (source) => {
    const tree = parser.parse(source);
    if (!tree) throw new Error('tree-sitter returned no tree');
    try {
      const root = tree.rootNode as unknown as TreeSitterNode;
      return { root: copyNode(root, null), hasError: tree.rootNode.hasError };
    } finally {
      tree.delete();
    }
  };
}

function copyNode(node: TreeSitterNode, field: string | null): SyntaxNode {
  const children: SyntaxNode[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child) children.push(copyNode(child, node.fieldNameForChild(i)));
  }
  return { type: node.type, text: node.text, named: node.isNamed, field, missing: node.isMissing, children };
}

// The slice of the `vscode` API a code action provider touches (CodeAction, CodeActionKind, Range, Diagnostic), for
// bench/code-actions.bench.ts: the provider's real code is bundled against this module instead of the extension host's,
// so its per-request cost is measured in plain Node. Each class keeps VS Code's semantics for what the provider reads
// (a kind's `intersects`, a range's `isEmpty`); nothing else of the API exists here.
export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(startLine: number, startCharacter: number, endLine: number, endCharacter: number) {
    this.start = new Position(startLine, startCharacter);
    this.end = new Position(endLine, endCharacter);
  }
  get isEmpty(): boolean {
    return this.start.line === this.end.line && this.start.character === this.end.character;
  }
}

export class CodeActionKind {
  static readonly Empty = new CodeActionKind('');
  static readonly QuickFix = new CodeActionKind('quickfix');
  static readonly RefactorRewrite = new CodeActionKind('refactor.rewrite');
  constructor(readonly value: string) {}
  contains(other: CodeActionKind): boolean {
    return this.value === other.value || this.value === '' || other.value.startsWith(`${this.value}.`);
  }
  intersects(other: CodeActionKind): boolean {
    return this.contains(other) || other.contains(this);
  }
}

export enum DiagnosticSeverity {
  Error = 0,
  Warning = 1,
  Information = 2,
  Hint = 3,
}

export class Diagnostic {
  source?: string;
  code?: string | number;
  constructor(
    readonly range: Range,
    readonly message: string,
    readonly severity: DiagnosticSeverity = DiagnosticSeverity.Error,
  ) {}
}

export class CodeAction {
  diagnostics?: Diagnostic[];
  command?: { command: string; title: string; arguments?: unknown[] };
  constructor(
    readonly title: string,
    readonly kind?: CodeActionKind,
  ) {}
}

export const languages = {
  registerCodeActionsProvider: () => ({ dispose: () => undefined }),
};

// The tool registry (behaviour 9): it stores factories, never instances, so every call can get its own
// instance (behaviour 7). Names are checked when registered, not when first called.
import type { AnyTool, ToolFactory, ToolFactoryContext, ToolSource } from './types';

export interface RegisteredTool {
  name: string;
  factory: ToolFactory;
  source: ToolSource;
}

export interface RegisterOptions {
  source?: ToolSource;
}

export class ToolRegistry {
  private readonly entries = new Map<string, RegisteredTool>();

  registerFactory(name: string, factory: ToolFactory, options: RegisterOptions = {}): void {
    if (typeof name !== 'string' || name.trim() === '') throw new Error('A tool needs a non-empty name.');
    if (this.entries.has(name)) throw new Error(`A tool named "${name}" is already registered.`);
    this.entries.set(name, { name, factory, source: options.source ?? 'builtin' });
  }

  /** A tool class registers as a factory: each call constructs a new instance. */
  registerClass(name: string, toolClass: new (ctx: ToolFactoryContext) => AnyTool, options?: RegisterOptions): void {
    this.registerFactory(name, (ctx) => new toolClass(ctx), options);
  }

  /** For stateless tools (e.g. from createSimpleTool), where sharing one instance across calls is harmless. */
  registerStateless(tool: AnyTool, options?: RegisterOptions): void {
    this.registerFactory(tool.name, () => tool, options);
  }

  unregister(name: string): boolean {
    return this.entries.delete(name);
  }

  get(name: string): RegisteredTool | undefined {
    return this.entries.get(name);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  list(): RegisteredTool[] {
    return [...this.entries.values()];
  }
}

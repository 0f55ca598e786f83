// Keeps the registries of live tasks in step with the servers' tools (a server came up late, its tool list
// changed, it was restarted). Registries are held weakly: a finished task's registry is simply collected.
import type { McpToolEntry } from '../../core/mcp/catalog';
import type { ToolRegistry } from '../../core/tools';

interface Attached {
  registry: WeakRef<ToolRegistry>;
  taken: ReadonlySet<string>;
  filter: (entry: McpToolEntry) => boolean;
  entries: (taken: ReadonlySet<string>) => McpToolEntry[];
  names: Set<string>;
}

export class RegistrySync {
  private attached: Attached[] = [];

  attach(registry: ToolRegistry, taken: ReadonlySet<string>, filter: Attached['filter'], entries: Attached['entries']): void {
    const item: Attached = { registry: new WeakRef(registry), taken, filter, entries, names: new Set() };
    this.attached.push(item);
    this.apply(item, registry);
  }

  refresh(): void {
    this.attached = this.attached.filter((item) => {
      const registry = item.registry.deref();
      if (registry) this.apply(item, registry);
      return registry !== undefined;
    });
  }

  private apply(item: Attached, registry: ToolRegistry): void {
    for (const name of item.names) registry.unregister(name);
    item.names.clear();
    for (const entry of item.entries(item.taken)) {
      if (!item.filter(entry) || registry.has(entry.name)) continue;
      registry.registerFactory(entry.name, entry.factory, { source: 'mcp' });
      item.names.add(entry.name);
    }
  }
}

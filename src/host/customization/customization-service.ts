// Loads each registered customisation kind on first use and again after one of its files changed (a watcher marks
// it stale, so a change applies from the next turn). Nothing is found, read or watched before the first task.
// No `vscode` here: finding and watching come from the caller (vscode-files.ts in the extension, node-files.ts in tests).
import type { CustomizationKind, CustomizationReader, FoundFile, LoadedKind } from '../../core/customization/registry';
import { TurnReport } from '../../core/customization/registry';

export interface Disposable {
  dispose(): void;
}

export interface CustomizationFiles extends CustomizationReader {
  /** The files matching `patterns` in every workspace folder, and `userPatterns` (absolute) outside them. */
  find(patterns: readonly string[], userPatterns: readonly string[]): Promise<FoundFile[]>;
  /** Calls `changed` when a file matching the patterns is created, changed or deleted. */
  watch(patterns: readonly string[], userPatterns: readonly string[], changed: () => void): Disposable;
}

interface KindState {
  kind: CustomizationKind<unknown>;
  loaded?: Promise<LoadedKind<unknown>>;
  /** The last load's result, kept after a change until the next load (for a picker that must not read files). */
  last?: LoadedKind<unknown>;
  watcher?: Disposable;
}

export interface LoadedSection {
  id: string;
  title: string;
  loaded: LoadedKind<unknown>;
}

export class CustomizationService implements Disposable {
  private readonly kinds = new Map<string, KindState>();
  /** What applied in the last turn, filled by each kind's user (rules, agents, hooks). */
  readonly lastTurn = new TurnReport();

  constructor(private readonly files: CustomizationFiles) {}

  register<T>(kind: CustomizationKind<T>): Disposable {
    if (this.kinds.has(kind.id)) throw new Error(`Customisation kind "${kind.id}" is already registered.`);
    this.kinds.set(kind.id, { kind: kind as CustomizationKind<unknown> });
    return { dispose: () => this.unregister(kind.id) };
  }

  /** The kind's entries, loaded now if they never were or a file changed since. */
  async get<T>(id: string): Promise<LoadedKind<T>> {
    const state = this.kinds.get(id);
    if (!state) return { entries: [], files: [] };
    if (!state.loaded) {
      const { kind } = state;
      state.watcher ??= this.files.watch(kind.patterns, kind.userPatterns ?? [], () => (state.loaded = undefined));
      state.loaded = this.files.find(kind.patterns, kind.userPatterns ?? []).then(async (found) => (state.last = await kind.load(found, this.files)));
      state.loaded.catch(() => (state.loaded = undefined)); // a failed load is tried again next time
    }
    return (await state.loaded) as LoadedKind<T>;
  }

  /** What the kind held when last loaded, without reading anything; undefined before its first load. */
  peek<T>(id: string): LoadedKind<T> | undefined {
    return this.kinds.get(id)?.last as LoadedKind<T> | undefined;
  }

  /** Every kind, loaded, in registration order: what Show Customizations lists. */
  async sections(): Promise<LoadedSection[]> {
    const sections: LoadedSection[] = [];
    for (const [id, state] of this.kinds) sections.push({ id, title: state.kind.title, loaded: await this.get(id) });
    return sections;
  }

  /** Marks every kind stale and drops its watchers (workspace folders changed, trust granted). */
  reset(): void {
    for (const state of this.kinds.values()) {
      state.watcher?.dispose();
      state.watcher = undefined;
      state.loaded = undefined;
    }
  }

  private unregister(id: string): void {
    this.kinds.get(id)?.watcher?.dispose();
    this.kinds.delete(id);
  }

  dispose(): void {
    for (const id of [...this.kinds.keys()]) this.unregister(id);
  }
}

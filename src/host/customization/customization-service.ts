// Loads each registered customisation kind on first use and again after one of its files changed, so a change
// applies from the next turn. Two signals say a kind is stale: a watcher's event, and a stamp of the kind's fixed
// folders (each entry's path, time and size) that differs from the one taken before the last load. Watchers miss
// events (a flood of changes, inotify limits, remote and network file systems); the stamp is a few `stat`s of
// small folders, taken at most every `restampMs` (a turn's many lookups share one), and catches what they miss. Nothing is found, read or watched before the first task.
// No `vscode` here: finding and watching come from the caller (vscode-files.ts in the extension, node-files.ts in tests).
import type { CustomizationKind, CustomizationReader, FoundFile, LoadedKind } from '../../core/customization/registry';
import { TurnReport } from '../../core/customization/registry';

export interface Disposable {
  dispose(): void;
}

export interface CustomizationFiles extends CustomizationReader {
  /** The files matching `patterns` in every workspace folder, and `userPatterns` (absolute) outside them. */
  find(patterns: readonly string[], userPatterns: readonly string[]): Promise<FoundFile[]>;
  /**
   * A cheap summary of the patterns' fixed folders and files (`.relay/agents`, `.clinerules`): it changes when one
   * of their entries is added, removed or written. Patterns that can match anywhere (`**\/AGENTS.md`) are left to
   * the watcher.
   */
  stamp(patterns: readonly string[], userPatterns: readonly string[]): Promise<string>;
  /** Calls `changed` when a file matching the patterns is created, changed or deleted. */
  watch(patterns: readonly string[], userPatterns: readonly string[], changed: () => void): Disposable;
}

interface KindState {
  kind: CustomizationKind<unknown>;
  loaded?: Promise<LoadedKind<unknown>>;
  /** The last load's result, kept after a change until the next load (for a picker that must not read files). */
  last?: LoadedKind<unknown>;
  watcher?: Disposable;
  /** The stamp taken before the load `loaded` holds, once that load has finished. */
  stamp?: string;
  /** When the stamp was last compared (ms since the epoch). */
  stampedAt?: number;
}

export interface LoadedSection {
  id: string;
  title: string;
  loaded: LoadedKind<unknown>;
  /** What the kind's user says of it now (hooks: the ones held back, problems in the user's setting). */
  status: string[];
}

export class CustomizationService implements Disposable {
  private readonly kinds = new Map<string, KindState>();
  /** What applied in the last turn, filled by each kind's user (rules, agents, hooks). */
  readonly lastTurn = new TurnReport();
  private readonly statuses = new Map<string, () => Promise<string[]>>();

  /** `restampMs`: how long a stamp is trusted before the folders are looked at again. */
  constructor(
    private readonly files: CustomizationFiles,
    private readonly restampMs = 2000,
  ) {}

  register<T>(kind: CustomizationKind<T>): Disposable {
    if (this.kinds.has(kind.id)) throw new Error(`Customisation kind "${kind.id}" is already registered.`);
    this.kinds.set(kind.id, { kind: kind as CustomizationKind<unknown> });
    return { dispose: () => this.unregister(kind.id) };
  }

  /** The kind's entries, loaded now if they never were or a file changed since. */
  async get<T>(id: string): Promise<LoadedKind<T>> {
    const state = this.kinds.get(id);
    if (!state) return { entries: [], files: [] };
    const { kind } = state;
    if (state.loaded && state.stamp !== undefined && Date.now() - (state.stampedAt ?? 0) >= this.restampMs) {
      const loaded = state.loaded;
      state.stampedAt = Date.now();
      const stamp = await this.files.stamp(kind.patterns, kind.userPatterns ?? []);
      if (state.loaded === loaded && stamp !== state.stamp) this.markStale(state);
    }
    if (!state.loaded) {
      state.watcher ??= this.files.watch(kind.patterns, kind.userPatterns ?? [], () => this.markStale(state));
      const load: Promise<LoadedKind<unknown>> = this.files.stamp(kind.patterns, kind.userPatterns ?? []).then(async (stamp) => {
        const found = await this.files.find(kind.patterns, kind.userPatterns ?? []);
        const loaded = await kind.load(found, this.files);
        state.last = loaded;
        // Taken before finding: a file written while this load ran makes the next stamp differ, and loads again.
        if (state.loaded === load) [state.stamp, state.stampedAt] = [stamp, Date.now()];
        return loaded;
      });
      state.loaded = load;
      load.catch(() => state.loaded === load && this.markStale(state)); // a failed load is tried again next time
    }
    return (await state.loaded) as LoadedKind<T>;
  }

  private markStale(state: KindState): void {
    state.loaded = undefined;
    state.stamp = undefined;
  }

  /** What the kind held when last loaded, without reading anything; undefined before its first load. */
  peek<T>(id: string): LoadedKind<T> | undefined {
    return this.kinds.get(id)?.last as LoadedKind<T> | undefined;
  }

  /** Lines Show Customizations adds under the kind, read when it opens (never asking anything). */
  setStatus(id: string, status: () => Promise<string[]>): void {
    this.statuses.set(id, status);
  }

  /** Every kind, loaded, in registration order: what Show Customizations lists. */
  async sections(): Promise<LoadedSection[]> {
    const sections: LoadedSection[] = [];
    for (const [id, state] of this.kinds) sections.push({ id, title: state.kind.title, loaded: await this.get(id), status: (await this.statuses.get(id)?.()) ?? [] });
    return sections;
  }

  /** Marks every kind stale and drops its watchers (workspace folders changed, trust granted). */
  reset(): void {
    for (const state of this.kinds.values()) {
      state.watcher?.dispose();
      state.watcher = undefined;
      this.markStale(state);
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

// In-memory implementations of the ports the built-in tools use, for unit tests in plain Node: files, the diff
// reviewer (with a user who can edit the proposal), the applier (atomic, with conflict detection), diagnostics
// (event-driven, with a scripted "language server"), questions and the todo sink. File search is the real
// JavaScript engine over the in-memory files; commands run through the real child-process runner.
import * as path from 'node:path';
import * as os from 'node:os';
import { proposalHunks, resolveReview, waitForQuiet } from '../../src/core/edit';
import type { DiagnosticInfo, DiagnosticsSource, DiagnosticsWaitOptions, DiagnosticsWaitResult, DiagnosticsWatch } from '../../src/core/ports/diagnostics';
import type { ApplyOutcome, EditApplier, EditPreview, EditReviewer, HunkDecision, ProposedFileChange, ReviewEnd } from '../../src/core/ports/edit-review';
import { PageCheckError, type PageChecker } from '../../src/core/ports/page-check';
import type { TaskProcesses } from '../../src/core/ports/processes';
import type { UserQuestions } from '../../src/core/ports/user-questions';
import { WebFetchError, type WebFetcher, type WebPage } from '../../src/core/ports/web-fetch';
import type { DirectoryEntry, FileStat, WorkspaceFiles } from '../../src/core/ports/workspace-files';
import { ChildProcessRunner } from '../../src/host/processes/child-process-runner';
import { ProcessManager } from '../../src/host/processes/process-manager';
import { JsFileSearch } from '../../src/host/file-search/js-file-search';
import type { BuiltinToolOptions, TodoItem, TodoSink, ToolServices, WebAccess } from '../../src/tools/services';
import { FakeLanguageFeatures } from './fake-language-features';

function fsError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

export class InMemoryFiles implements WorkspaceFiles {
  private readonly files = new Map<string, Uint8Array>();
  private readonly directories = new Set<string>();
  /** How many times each path was read as text: lets a test see that a tool read what it claims. */
  readonly textReads = new Map<string, number>();

  constructor(
    readonly roots: readonly string[],
    initial: Record<string, string | Uint8Array> = {},
  ) {
    for (const root of roots) this.mkdir(root);
    for (const [p, content] of Object.entries(initial)) this.write(this.abs(p), content);
  }

  /** A path relative to the first root, made absolute (absolute paths pass through). */
  abs(p: string): string {
    return path.isAbsolute(p) ? path.normalize(p) : path.join(this.roots[0]!, p);
  }

  write(p: string, content: string | Uint8Array): void {
    const file = this.abs(p);
    this.mkdir(path.dirname(file));
    this.files.set(file, typeof content === 'string' ? new TextEncoder().encode(content) : content);
  }

  /** The file's text, or undefined when there is no such file. */
  read(p: string): string | undefined {
    const bytes = this.files.get(this.abs(p));
    return bytes && new TextDecoder().decode(bytes);
  }

  delete(p: string): void {
    this.files.delete(this.abs(p));
  }

  mkdir(p: string): void {
    for (let d = this.abs(p); !this.directories.has(d); d = path.dirname(d)) {
      this.directories.add(d);
      if (path.dirname(d) === d) break;
    }
  }

  async stat(p: string): Promise<FileStat | undefined> {
    const file = this.files.get(p);
    if (file) return { type: 'file', size: file.length, mtimeMs: 0 };
    return this.directories.has(p) ? { type: 'directory', size: 0, mtimeMs: 0 } : undefined;
  }

  async readBytes(p: string, maxBytes = Number.MAX_SAFE_INTEGER): Promise<Uint8Array> {
    const file = this.files.get(p);
    if (!file) throw this.directories.has(p) ? fsError('EISDIR', p) : fsError('ENOENT', p);
    return file.subarray(0, maxBytes);
  }

  async readText(p: string): Promise<string> {
    this.textReads.set(p, (this.textReads.get(p) ?? 0) + 1);
    return new TextDecoder().decode(await this.readBytes(p));
  }

  async list(directory: string): Promise<DirectoryEntry[]> {
    if (!this.directories.has(directory)) throw fsError(this.files.has(directory) ? 'ENOTDIR' : 'ENOENT', directory);
    const entries: DirectoryEntry[] = [];
    for (const d of this.directories) if (d !== directory && path.dirname(d) === directory) entries.push({ name: path.basename(d), type: 'directory' });
    for (const f of this.files.keys()) if (path.dirname(f) === directory) entries.push({ name: path.basename(f), type: 'file' });
    return entries;
  }
}

export interface RecordedPreview {
  id: string;
  /** The first file's change (most tools propose one file). */
  change: ProposedFileChange;
  changes: readonly ProposedFileChange[];
  closed: boolean;
  /** How many times it was shown, and whether the last time took focus. */
  shown: number;
  focused: boolean;
  /** What the proposal side of each file holds, once the user typed or a hunk was reverted. */
  texts: (string | undefined)[];
  decisions: HunkDecision[][];
  reason: string | undefined;
  /** The user rewrites the first file's proposal in the diff editor. */
  userEdits(text: string, file?: number): void;
  /** The user accepts hunks of a file, the way the diff editor's lenses do. */
  accept(file: number, hunks: readonly number[]): void;
  /** The user rejects hunks: reverted in the proposal text, as the live diff editor does. */
  reject(file: number, hunks: readonly number[], reason?: string): void;
  /** The user closes the diff editor without deciding. */
  closeUndecided(): void;
}

/** The diff editor of the tests: the same review logic as the real one, over plain strings. */
export class InMemoryReviewer implements EditReviewer {
  readonly previews: RecordedPreview[] = [];

  async preview(id: string, changes: readonly ProposedFileChange[], options: { focus: boolean }): Promise<EditPreview> {
    let waiters: ((end: ReviewEnd) => void)[] = [];
    const finish = (end: ReviewEnd) => {
      const all = waiters;
      waiters = [];
      for (const w of all) w(end);
    };
    const pending = () => record.decisions.some((ds) => ds.includes('pending'));
    const record: RecordedPreview = {
      id,
      change: changes[0]!,
      changes,
      closed: false,
      shown: 1,
      focused: options.focus,
      texts: changes.map(() => undefined),
      decisions: changes.map((c) => proposalHunks(c.baseText ?? '', c.proposedText ?? '').map((): HunkDecision => 'pending')),
      reason: undefined,
      userEdits(text, file = 0) {
        record.texts[file] = text;
      },
      accept(file, hunks) {
        for (const h of hunks) if (record.decisions[file]![h] === 'pending') record.decisions[file]![h] = 'accepted';
        if (!pending()) finish('decided');
      },
      reject(file, hunks, reason) {
        const c = changes[file]!;
        const decisions = record.decisions[file]!;
        const reverted = decisions.flatMap((d, i) => (d === 'rejected' ? [i] : []));
        const reject = hunks.filter((h) => decisions[h] !== 'rejected');
        record.texts[file] = resolveReview({
          base: c.baseText ?? '',
          proposed: c.proposedText ?? '',
          current: record.texts[file] ?? c.proposedText ?? '',
          reverted,
          reject,
        }).text;
        for (const h of reject) decisions[h] = 'rejected';
        if (reason) record.reason = reason;
        if (!pending()) finish('decided');
      },
      closeUndecided() {
        finish('closed');
      },
    };
    this.previews.push(record);
    return {
      files: () => changes.map((c, i) => ({ text: record.closed ? undefined : (record.texts[i] ?? c.proposedText), decisions: [...record.decisions[i]!] })),
      reason: () => record.reason,
      reveal: async (focus) => {
        record.shown++;
        record.focused = focus;
      },
      settled: (signal) => {
        if (!pending()) return Promise.resolve('decided');
        return new Promise<ReviewEnd>((resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          waiters.push(resolve);
        });
      },
      close: async () => {
        record.closed = true;
        finish('closed');
      },
    };
  }

  get open(): RecordedPreview[] {
    return this.previews.filter((p) => !p.closed);
  }
}

export class InMemoryApplier implements EditApplier {
  readonly calls: ProposedFileChange[][] = [];
  /** Runs inside `apply` before the conflict check: a test's chance to play "someone edits the file meanwhile". */
  beforeApply: ((changes: readonly ProposedFileChange[]) => void) | undefined;
  /** How many diagnostics watches were open when each apply happened. */
  readonly watchesOpenAtApply: number[] = [];

  constructor(
    private readonly files: InMemoryFiles,
    private readonly diagnostics: InMemoryDiagnostics,
    private readonly onApplied: (paths: string[]) => void = () => undefined,
  ) {}

  async apply(changes: ProposedFileChange[]): Promise<ApplyOutcome> {
    this.calls.push(changes);
    this.beforeApply?.(changes);
    this.watchesOpenAtApply.push(this.diagnostics.openWatches);
    // All checks before any write: one call is one undoable step, all or nothing.
    for (const change of changes) {
      const current = this.files.read(change.path);
      if (change.kind === 'create') {
        if (current !== undefined) return { ok: false, reason: 'conflict', path: change.path, currentText: current };
        continue;
      }
      if (current === undefined) return { ok: false, reason: 'failed', path: change.path, message: 'the file does not exist' };
      if (change.baseText !== undefined && current !== change.baseText) return { ok: false, reason: 'conflict', path: change.path, currentText: current };
      if (change.kind === 'move' && change.newPath && this.files.read(change.newPath) !== undefined) {
        return { ok: false, reason: 'failed', path: change.newPath, message: 'the destination exists' };
      }
    }
    const saved: string[] = [];
    for (const change of changes) {
      if (change.kind === 'delete') {
        this.files.delete(change.path);
        continue;
      }
      if (change.kind === 'move' && change.newPath) {
        this.files.delete(change.path);
        this.files.write(change.newPath, change.proposedText ?? '');
        saved.push(change.newPath);
        continue;
      }
      this.files.write(change.path, change.proposedText ?? '');
      saved.push(change.path);
    }
    this.onApplied(saved);
    return { ok: true, saved };
  }
}

type Listener = (paths: readonly string[]) => void;

export class InMemoryDiagnostics implements DiagnosticsSource {
  private readonly byPath = new Map<string, DiagnosticInfo[]>();
  private readonly listeners = new Set<Listener>();
  openWatches = 0;
  readonly watchedPaths: string[][] = [];

  /** Publishes a file's diagnostics, as a language server does; watchers hear about it. */
  set(p: string, diagnostics: DiagnosticInfo[]): void {
    this.byPath.set(p, diagnostics);
    for (const listener of [...this.listeners]) listener([p]);
  }

  get(paths: readonly string[]): Map<string, DiagnosticInfo[]> {
    return new Map(paths.map((p) => [p, this.byPath.get(p) ?? []]));
  }

  all(): Map<string, DiagnosticInfo[]> {
    return new Map([...this.byPath].filter(([, d]) => d.length > 0));
  }

  watch(paths: readonly string[]): DiagnosticsWatch {
    const watched = new Set(paths);
    this.watchedPaths.push([...paths]);
    this.openWatches++;
    const started = Date.now();
    let changes = 0;
    let onFirst: (() => void) | undefined;
    const counting: Listener = (changed) => {
      if (!changed.some((p) => watched.has(p))) return;
      changes++;
      onFirst?.();
    };
    this.listeners.add(counting);
    let disposed = false;
    return {
      settled: async (options: DiagnosticsWaitOptions): Promise<DiagnosticsWaitResult> => {
        const result = (outcome: DiagnosticsWaitResult['outcome']) => ({ outcome, elapsedMs: Date.now() - started, changes });
        if (changes === 0) {
          const arrived = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), options.firstEventMs);
            onFirst = () => {
              clearTimeout(timer);
              resolve(true);
            };
            options.signal?.addEventListener('abort', () => resolve(false), { once: true });
          });
          onFirst = undefined;
          if (options.signal?.aborted) return result('cancelled');
          if (!arrived) return result('no-change');
        }
        const quiet = await waitForQuiet({
          subscribe: (listener) => {
            this.listeners.add(listener);
            return { dispose: () => this.listeners.delete(listener) };
          },
          keys: [...paths],
          quietMs: options.quietMs,
          deadlineMs: Math.max(0, options.deadlineMs - (Date.now() - started)),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        return result(quiet.outcome);
      },
      dispose: () => {
        if (disposed) return;
        disposed = true;
        this.openWatches--;
        this.listeners.delete(counting);
      },
    };
  }
}

export class InMemoryQuestions implements UserQuestions {
  readonly asked: { callId: string; question: string; options: readonly string[] | undefined }[] = [];
  private readonly pending = new Map<string, (answer: string) => void>();

  ask(callId: string, question: string, options: readonly string[] | undefined, signal: AbortSignal): Promise<string> {
    this.asked.push({ callId, question, options });
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(callId);
        reject(Object.assign(new Error('The question was cancelled'), { name: 'AbortError' }));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(callId, (answer) => {
        signal.removeEventListener('abort', onAbort);
        resolve(answer);
      });
    });
  }

  /** The user answers the question asked by `callId`; false when none is waiting. */
  answer(callId: string, text: string): boolean {
    const resolve = this.pending.get(callId);
    this.pending.delete(callId);
    resolve?.(text);
    return resolve !== undefined;
  }
}

export class RecordingTodos implements TodoSink {
  readonly updates: { taskId: string; items: TodoItem[] }[] = [];
  update(taskId: string, items: readonly TodoItem[]): void {
    this.updates.push({ taskId, items: [...items] });
  }
}

export interface InMemoryHostOptions {
  /** The workspace folder; a real directory when commands must run in it. Default /workspace. */
  root?: string;
  /** Initial files, relative to the root or absolute. */
  files?: Record<string, string | Uint8Array>;
  /** A scripted language server: the diagnostics of a file given its text, published `publishDelayMs` after each apply. */
  analyze?: (path: string, text: string) => DiagnosticInfo[];
  publishDelayMs?: number;
  options?: BuiltinToolOptions;
  /** web_fetch's access; the default serves `pages` (by URL) and nothing else. */
  web?: WebAccess;
  pages?: Record<string, Partial<WebPage> & { markdown: string }>;
  /** The task's processes for run_command and the process tools; by default a real manager (no terminals). `false`: none. */
  processes?: ProcessManager | false;
  /** Overrides `services.processes` only (web_fetch's and check_page's view: a fake that owns some loopback ports). */
  taskProcesses?: TaskProcesses;
  /** check_page's browser (services.pages). */
  pageChecker?: PageChecker;
}

/** check_page's browser on a machine without one. */
export class NoBrowser implements PageChecker {
  async check(): Promise<never> {
    throw new PageCheckError('no-browser', 'No Chrome, Edge or Chromium is installed in the usual places.');
  }
  async dispose(): Promise<void> {}
}

/** Serves scripted pages by URL; any other URL is a 404, as a server would answer. */
export class InMemoryWeb implements WebFetcher {
  readonly requests: string[] = [];
  constructor(private readonly pages: Record<string, Partial<WebPage> & { markdown: string }> = {}) {}

  async fetch(url: string): Promise<WebPage> {
    this.requests.push(url);
    const page = this.pages[url];
    if (!page) throw new WebFetchError('http-status', `${url} answered HTTP 404 Not Found.`, 404);
    return { url, finalUrl: url, title: url, contentType: 'text/html', status: 200, bytes: page.markdown.length, truncated: false, ...page };
  }
}

export function createInMemoryHost(options: InMemoryHostOptions = {}) {
  const root = options.root ?? '/workspace';
  const files = new InMemoryFiles([root], options.files ?? {});
  const diagnostics = new InMemoryDiagnostics();
  const analyze = options.analyze;
  const publish = (paths: string[]) => {
    if (!analyze) return;
    setTimeout(() => {
      for (const p of paths) diagnostics.set(p, analyze(p, files.read(p) ?? ''));
    }, options.publishDelayMs ?? 20);
  };
  const applier = new InMemoryApplier(files, diagnostics, publish);
  const reviewer = new InMemoryReviewer();
  const questions = new InMemoryQuestions();
  const todos = new RecordingTodos();
  const search = new JsFileSearch(files);
  const commands = new ChildProcessRunner('/bin/sh');
  const processes =
    options.processes === false ? undefined : (options.processes ?? new ProcessManager({ logDir: path.join(os.tmpdir(), 'relay-test-process-logs'), promptQuietMs: { explicit: 100, question: 300 } }));
  const web = new InMemoryWeb(options.pages);
  const language = new FakeLanguageFeatures();
  const services: ToolServices = {
    files,
    search,
    commands,
    ...(processes ? { processes } : {}),
    reviewer,
    applier,
    diagnostics,
    questions,
    todos,
    web: options.web ?? { fetcher: web, allowsPrivateAddress: () => false },
    ...(options.taskProcesses ? { processes: options.taskProcesses } : {}),
    pages: options.pageChecker ?? new NoBrowser(),
    language,
    workspaceRoots: () => files.roots,
    // Short waits keep the tests fast; the shape of the wait is what they check.
    options: { diagnosticsWait: { firstEventMs: 150, quietMs: 40, deadlineMs: 1000 }, languageWait: { deadlineMs: 10_000, pollMs: 5, maxPollMs: 20 }, ...options.options },
  };
  return { root, files, diagnostics, applier, reviewer, questions, todos, search, commands, processes, web, language, services };
}

export type InMemoryHost = ReturnType<typeof createInMemoryHost>;

/** A diagnostic on a 0-based line, as VS Code reports it. */
export function diagnostic(line: number, message: string, severity: DiagnosticInfo['severity'] = 'error'): DiagnosticInfo {
  return { range: { start: { line, character: 0 }, end: { line, character: 1 } }, severity, message, source: 'test' };
}

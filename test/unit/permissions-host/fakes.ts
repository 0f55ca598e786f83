// Stand-ins for the VS Code side of approvals: settings, trust and a prompter that answers from a script.
import type { ApprovalMode, PermissionRule } from '../../../src/core/permissions';
import type { ApprovalPrompt, ApprovalPrompter, PromptAnswer, Subscribe, WorkspaceTrust } from '../../../src/core/ports/approval';
import { ApprovalService, type ApprovalServiceOptions, type ApprovalSettings } from '../../../src/host/permissions/approval-service';
import { sharedAnalyzer, virtualFileSystem } from '../permissions/fixtures';

class Listeners<T> {
  private readonly set = new Set<(event: T) => void>();
  readonly subscribe: Subscribe<T> = (listener) => {
    this.set.add(listener);
    return { dispose: () => this.set.delete(listener) };
  };
  fire(event: T): void {
    for (const l of [...this.set]) l(event);
  }
  get count(): number {
    return this.set.size;
  }
}

export class FakeSettings implements ApprovalSettings {
  mode: ApprovalMode = 'default';
  rules: PermissionRule[] = [];
  saveTarget = 'Workspace settings';
  readonly saved: PermissionRule[][] = [];
  failSave: Error | undefined;
  readonly changes = new Listeners<void>();
  readonly onDidChange = this.changes.subscribe;

  async appendRules(rules: readonly PermissionRule[]): Promise<void> {
    if (this.failSave) throw this.failSave;
    this.saved.push([...rules]);
    this.rules = [...this.rules, ...rules];
  }

  /** As a settings.json edit would: change, then the event. */
  change(update: Partial<Pick<FakeSettings, 'mode' | 'rules'>>): void {
    Object.assign(this, update);
    this.changes.fire();
  }
}

export class FakeTrust implements WorkspaceTrust {
  readonly grants = new Listeners<void>();
  readonly onDidGrant = this.grants.subscribe;
  constructor(public trusted = true) {}
  grant(): void {
    this.trusted = true;
    this.grants.fire();
  }
}

/** Answers from a script; a function answer sees the prompt. Runs out → dismissed, like Escape. */
export class ScriptedPrompter implements ApprovalPrompter {
  readonly prompts: ApprovalPrompt[] = [];
  open = 0;
  maxOpen = 0;
  constructor(private readonly answers: (PromptAnswer | ((p: ApprovalPrompt) => Promise<PromptAnswer>))[] = []) {}

  async ask(prompt: ApprovalPrompt): Promise<PromptAnswer> {
    this.prompts.push(prompt);
    this.open++;
    this.maxOpen = Math.max(this.maxOpen, this.open);
    try {
      const next = this.answers.shift();
      if (typeof next === 'function') return await next(prompt);
      await new Promise((r) => setImmediate(r));
      return next ?? { type: 'dismissed' };
    } finally {
      this.open--;
    }
  }
}

export interface Harness {
  service: ApprovalService;
  settings: FakeSettings;
  trust: FakeTrust;
  prompter: ScriptedPrompter;
  warnings: string[];
  analyzersCreated: () => number;
}

export function harness(options: Partial<ApprovalServiceOptions> & { answers?: ConstructorParameters<typeof ScriptedPrompter>[0] } = {}): Harness {
  const settings = new FakeSettings();
  const trust = new FakeTrust();
  const prompter = new ScriptedPrompter(options.answers);
  const warnings: string[] = [];
  let created = 0;
  const service = new ApprovalService({
    settings,
    trust,
    prompter,
    fileSystem: virtualFileSystem(),
    createShellAnalyzer: () => {
      created++;
      return sharedAnalyzer();
    },
    onWarning: (m) => warnings.push(m),
    ...options,
  });
  return { service, settings, trust, prompter, warnings, analyzersCreated: () => created };
}

export const never = new AbortController().signal;

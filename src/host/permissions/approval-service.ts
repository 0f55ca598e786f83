// The one place the agent loop asks "may this call run?" (tool-system.md §9). The policy decides; when it
// asks, the user answers through the prompter, one prompt at a time; "Always allow" appends a rule to
// settings. Every outcome carries an audit record for task history. No `vscode` import: the VS Code
// pieces come in as small interfaces (create-approval-service.ts wires the real ones), so this runs in
// plain Node tests too.
import { applyAnswer, suggestAlwaysAllow } from '../../core/permissions/answers';
import type { ShellAnalyzer } from '../../core/permissions/command-analysis';
import { LoopGuard } from '../../core/permissions/loop-guard';
import { privateAddressAllowed } from '../../core/permissions/domain-checks';
import { toolNameMatches } from '../../core/permissions/rules';
import { PermissionPolicy } from '../../core/permissions/policy';
import { allowanceAnswer, describeAllowance, sandboxAllowanceFor, type SandboxAllowance } from '../../core/sandbox/allowance';
import { decideWithSandboxUse, type SandboxUse } from '../../core/sandbox/approval';
import type { SandboxViolation } from '../../core/ports/command-sandbox';
import type {
  ApprovalMode,
  Decision,
  FileSystemFacts,
  PermissionRequest,
  PermissionRule,
  UserAnswer,
} from '../../core/permissions/types';
import type {
  ApprovalAudit,
  ApprovalGate,
  ApprovalOutcome,
  ApprovalPrompt,
  ApprovalPrompter,
  ApprovalRequest,
  PromptAnswer,
  Subscribe,
  WorkspaceTrust,
} from '../../core/ports/approval';
import type { ReviewVerdict } from '../../core/tools';
import { buildApprovalPrompt } from './approval-prompt';
import { filterToolsForTrust, type OfferableTool } from './tools-for-trust';

/** The approval settings as the service needs them; in VS Code, `relay.approvalMode` and `relay.permissions`. */
export interface ApprovalSettings {
  readonly mode: ApprovalMode;
  /** The user's rules in order (user settings, then workspace settings when trusted). */
  readonly rules: readonly PermissionRule[];
  readonly onDidChange: Subscribe<void>;
  /** Where "Always allow" saves rules, for people: "Workspace settings" or "User settings". */
  readonly saveTarget: string;
  /** Appends to the rules at `saveTarget`, keeping the rules already there. */
  appendRules(rules: readonly PermissionRule[]): Promise<void>;
}

export interface ApprovalServiceOptions {
  settings: ApprovalSettings;
  trust: WorkspaceTrust;
  fileSystem: FileSystemFacts;
  prompter: ApprovalPrompter;
  /** Called on the first command to check; tree-sitter's WASM loads then, never at activation. */
  createShellAnalyzer: () => ShellAnalyzer;
  /** Tests may leave Relay's shipped rules out. Defaults to true. */
  includeDefaultRules?: boolean;
  /** Problems the user should see that must not fail the call, e.g. a rule that could not be saved. */
  onWarning?: (message: string) => void;
  /** How this call's command will run: in the OS sandbox, outside it at the model's request, or as before. */
  sandboxUse?: (request: ApprovalRequest) => SandboxUse | Promise<SandboxUse>;
  /** Adds a domain or folder to the sandbox (the user's settings): "Always allow" on a "Run outside the sandbox…" prompt. */
  sandboxAllow?: (allowance: SandboxAllowance) => Promise<void>;
}

/** "Open Diff" and an undecided review re-ask; a prompter that never stops asking for them is treated as a dismissal. */
const MAX_DIFF_ROUNDS = 20;

export class ApprovalService implements ApprovalGate {
  private readonly policy: PermissionPolicy;
  private readonly loopGuard = new LoopGuard();
  /** Prompts run one at a time: one modal on screen, and a rule saved by one answer settles the next call. */
  private promptQueue: Promise<unknown> = Promise.resolve();
  private readonly subscriptions: { dispose(): void }[] = [];
  /** What each "Run outside the sandbox…" call needed in the sandbox, by call id, while it is asked about. */
  private readonly outsideNeeded = new Map<string, readonly SandboxViolation[]>();

  constructor(private readonly options: ApprovalServiceOptions) {
    const { settings, trust } = options;
    this.policy = new PermissionPolicy({
      mode: settings.mode,
      rules: settings.rules,
      fileSystem: options.fileSystem,
      shell: lazyShellAnalyzer(options.createShellAnalyzer),
      workspaceTrusted: trust.trusted,
      includeDefaultRules: options.includeDefaultRules ?? true,
    });
    this.subscriptions.push(
      settings.onDidChange(() => this.reloadSettings()),
      // Rules from workspace settings count only once the workspace is trusted, so reload them too.
      trust.onDidGrant(() => this.reloadSettings()),
    );
  }

  get mode(): ApprovalMode {
    return this.policy.mode;
  }

  get trusted(): boolean {
    return this.options.trust.trusted;
  }

  /** Fires when the user trusts the workspace: offer the write and execute tools again (`offeredTools`). */
  get onDidGrantTrust(): Subscribe<void> {
    return this.options.trust.onDidGrant;
  }

  /** The tools to offer the model now: read-only ones only in Restricted Mode. */
  offeredTools<T extends OfferableTool>(tools: readonly T[]): T[] {
    return filterToolsForTrust(tools, this.trusted);
  }

  /** Whether the rules let a web fetch reach this private address (see `privateAddressAllowed`). */
  allowsPrivateAddress(toolName: string, host: string, address: string): boolean {
    return privateAddressAllowed(this.policy.rules, toolName, host, address);
  }

  /** The domains an allow rule opens to this tool (`docs.python.org`, `*.python.org`), for the sandbox's proxy. */
  allowedDomains(toolName: string): string[] {
    return this.policy.rules.filter((r) => !r.when && r.action === 'allow' && (!r.subject || r.subject === 'domain') && toolNameMatches(r.tool, toolName)).map((r) => r.pattern);
  }

  /**
   * What read_file's policy says of reading `path` without a question (symlinks resolved: a workspace file that
   * links to ~/.ssh/id_rsa is outside; sensitive files; the user's rules): undefined when it would be read
   * silently, else the reason, in English. For content that enters a conversation without a tool call (mentions,
   * dropped and pasted paths): what would ask is not read.
   */
  async readRefusal(path: string): Promise<string | undefined> {
    const decision = await this.policy.evaluate({ toolName: 'read_file', kind: 'readonly', targets: { paths: [path] } });
    if (decision.action === 'allow') return undefined;
    return `${decision.reason.replace(/\.$/, '')}; read_file asks about this path, so a mention does not read it`;
  }

  /** Call when a task starts: the loop guard counts repeated calls within one task. */
  resetLoopGuard(): void {
    this.loopGuard.reset();
  }

  async approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalOutcome> {
    throwIfAborted(signal);
    const loop = this.loopGuard.observe(request.toolName, request.args ?? request.targets);
    const permission: PermissionRequest = { toolName: request.toolName, ...(request.displayName ? { displayName: request.displayName } : {}), kind: request.kind, targets: request.targets, loop, ...(request.risk ? { risk: request.risk } : {}), ...(request.hook ? { hook: request.hook } : {}), ...(request.mode ? { mode: request.mode } : {}) };
    const first = await this.evaluate(permission, request);
    throwIfAborted(signal);
    if (first.action !== 'ask') return this.outcome(request, first);
    return untilAborted(
      this.inPromptQueue(async () => {
        throwIfAborted(signal);
        // Decide again: an answer given while this call waited (a saved rule, a mode switch) may settle it.
        const decision = await this.evaluate(permission, request);
        if (decision.action !== 'ask') return this.outcome(request, decision);
        return this.askUser(request, decision, signal);
      }),
      signal,
    );
  }

  private async evaluate(request: PermissionRequest, call?: ApprovalRequest): Promise<Decision> {
    this.policy.setWorkspaceTrusted(this.options.trust.trusted);
    const decision = await this.policy.evaluate(request);
    if (!call || !this.options.sandboxUse || decision.action === 'deny') return decision;
    const use = await this.options.sandboxUse(call);
    if (use.type === 'outside') this.outsideNeeded.set(call.callId, use.needed);
    return decideWithSandboxUse(decision, use);
  }

  private async askUser(request: ApprovalRequest, decision: Decision, signal: AbortSignal): Promise<ApprovalOutcome> {
    const prompt = this.promptFor(request, decision);
    for (let round = 0; ; round++) {
      let answer: PromptAnswer;
      try {
        answer = await this.options.prompter.ask(prompt);
      } catch (error) {
        // A prompt that cannot be shown is a denial, never an allow.
        this.options.onWarning?.(`Relay could not ask for approval of ${request.toolName}: ${messageOf(error)}`);
        answer = { type: 'dismissed' };
      }
      throwIfAborted(signal);
      if (answer.type === 'review' && request.diff?.review && round < MAX_DIFF_ROUNDS) {
        // The decision moves to the diff editor: some hunks kept is an allow of what was kept, all rejected a
        // denial naming them; closed with hunks undecided asks again.
        let verdict: ReviewVerdict;
        try {
          verdict = await request.diff.review(signal);
        } catch (error) {
          throwIfAborted(signal);
          this.options.onWarning?.(`Relay could not open the review: ${messageOf(error)}`);
          continue;
        }
        throwIfAborted(signal);
        if (verdict.decision === 'undecided') continue;
        return this.settle(request, decision, verdict.decision === 'allow' ? { type: 'allow-once' } : { type: 'deny-with-reason', reason: verdict.reason, ...(verdict.uiReason ? { uiReason: verdict.uiReason } : {}) });
      }
      if (answer.type === 'open-diff' && request.diff && round < MAX_DIFF_ROUNDS) {
        await request.diff.open().catch((error: unknown) => this.options.onWarning?.(`Relay could not open the diff: ${messageOf(error)}`));
        throwIfAborted(signal);
        continue;
      }
      if (answer.type === 'allow-in-sandbox' && prompt.sandboxAllowance) return this.allowInSandbox(request, decision, prompt.sandboxAllowance);
      return this.settle(request, decision, toUserAnswer(answer, prompt));
    }
  }

  /** The domain or folder goes into the sandbox; the command does not leave it, and the model is told to run it again. */
  private async allowInSandbox(request: ApprovalRequest, decision: Decision, allowance: SandboxAllowance): Promise<ApprovalOutcome> {
    this.outsideNeeded.delete(request.callId);
    try {
      await this.options.sandboxAllow!(allowance);
    } catch (error) {
      this.options.onWarning?.(`Relay could not add ${describeAllowance(allowance)} to the sandbox: ${messageOf(error)}`);
      return this.outcome(request, { ...decision, action: 'deny', audit: { ...decision.audit, action: 'deny' } });
    }
    const said = allowanceAnswer(allowance);
    return this.outcome(request, { ...decision, action: 'deny', reason: said.model, uiReason: said.ui, audit: { ...decision.audit, action: 'deny' } }, undefined, said.model);
  }

  private promptFor(request: ApprovalRequest, decision: Decision): ApprovalPrompt {
    const facts = this.options.fileSystem;
    const workspaceFolders = facts.workspaceFolders;
    const needed = this.outsideNeeded.get(request.callId);
    const allowance = needed && this.options.sandboxAllow ? sandboxAllowanceFor(needed, workspaceFolders) : undefined;
    const prompt = buildApprovalPrompt({
      request,
      decision,
      suggestion: suggestAlwaysAllow(decision),
      saveTarget: this.options.settings.saveTarget,
      workspaceFolders,
      defaultCwd: workspaceFolders[0] ?? facts.homeDir,
    });
    return allowance ? { ...prompt, sandboxAllowance: allowance } : prompt;
  }

  private async settle(request: ApprovalRequest, decision: Decision, answer: UserAnswer): Promise<ApprovalOutcome> {
    this.outsideNeeded.delete(request.callId);
    const answered = applyAnswer(decision, answer);
    let savedRules: PermissionRule[] | undefined;
    if (answered.rulesToSave.length > 0) {
      try {
        await this.options.settings.appendRules(answered.rulesToSave);
        savedRules = answered.rulesToSave;
        this.reloadSettings(); // at once: the configuration event may come later than the next call
      } catch (error) {
        this.options.onWarning?.(`Relay allowed the call once but could not save the rule: ${messageOf(error)}`);
      }
    }
    return this.outcome(request, answered, savedRules, answered.messageForModel);
  }

  private outcome(request: ApprovalRequest, decision: Decision, savedRules?: PermissionRule[], messageForModel?: string): ApprovalOutcome {
    const audit: ApprovalAudit = { ...decision.audit, callId: request.callId, decidedAt: new Date().toISOString() };
    if (savedRules) audit.savedRules = savedRules;
    if (decision.action === 'allow') return { allowed: true, audit };
    return {
      allowed: false,
      reason: decision.uiReason,
      messageForModel: messageForModel ?? `Permission denied: ${decision.reason}`,
      audit,
    };
  }

  private reloadSettings(): void {
    this.policy.setMode(this.options.settings.mode);
    this.policy.setRules(this.options.settings.rules);
  }

  private inPromptQueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.promptQueue.then(job, job);
    this.promptQueue = run.catch(() => undefined);
    return run;
  }

  dispose(): void {
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}

/** The prompter's answer in the core's terms: "Always allow" carries the rules the prompt showed. */
function toUserAnswer(answer: PromptAnswer, prompt: ApprovalPrompt): UserAnswer {
  switch (answer.type) {
    case 'allow-once':
      return { type: 'allow-once' };
    case 'always-allow':
      return prompt.alwaysAllow ? { type: 'always-allow', rules: prompt.alwaysAllow.rules } : { type: 'allow-once' };
    case 'deny-with-reason':
      return answer.reason.trim() ? { type: 'deny-with-reason', reason: answer.reason.trim() } : { type: 'deny' };
    default:
      return { type: 'deny' }; // deny, dismissed (Escape), or an "Open Diff" / "Review" with nothing to show
  }
}

/** Builds the analyzer on the first command, so nothing about the shell is loaded before it is needed. */
function lazyShellAnalyzer(create: () => ShellAnalyzer): ShellAnalyzer {
  let analyzer: ShellAnalyzer | undefined;
  return { analyze: (command) => (analyzer ??= create()).analyze(command) };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The approval was cancelled.', 'AbortError');
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortError(signal);
}

/** Rejects as soon as `signal` aborts; the work itself notices the abort at its next step. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

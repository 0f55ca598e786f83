import * as vscode from 'vscode';
import type { ApprovalPrompt, ApprovalPrompter, PromptAnswer } from '../../src/core/ports/approval';
import type { RelayApi } from '../../src/extension';
import type { RestoreAnswer, RestoreQuestion } from '../../src/host/checkpoints/restore-flow';
import type { AgentModeQuestion } from '../../src/host/customization/agent-mode';
import type { ReviewQuestion } from '../../src/host/change-review/review-question';
import type { SetupPrompts } from '../../src/host/model/setup-prompts';
import type { Relay } from '../../src/host/relay';
import type { WorkspaceValueQuestion } from '../../src/host/permissions/workspace-review';
import type { TargetAnswer } from '../../src/host/task-entry/task-entry';

export const EXTENSION_ID = 'relay-dev.relay';

export async function activateRelay(): Promise<RelayApi> {
  const ext = vscode.extensions.getExtension<RelayApi | undefined>(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not installed in this host`);
  const api = ext.isActive ? ext.exports : await ext.activate();
  // Relay exports its test API only when VS Code runs it for tests (ExtensionMode.Test).
  if (!api) throw new Error(`extension ${EXTENSION_ID} exported nothing: it is not running in ExtensionMode.Test`);
  return api;
}

type Probed<T> = T | undefined | false;

/**
 * Polls until `probe` returns a truthy value; the message names what was awaited when it times out. An async probe
 * is awaited at each poll (its promise, always truthy, would otherwise end the wait at once).
 */
export async function waitFor<T>(probe: () => Probed<T> | PromiseLike<Probed<T>>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Answers approvals from a queue and records every prompt. An empty queue answers like Escape (a denial), which
 * is also what the native modal gets in this test server (it refuses dialogs): suites that never script it see
 * the production behaviour.
 */
export class ScriptedPrompter implements ApprovalPrompter {
  readonly prompts: ApprovalPrompt[] = [];
  private answers: PromptAnswer[] = [];
  /** Runs before each answer, while the call waits for it (e.g. to record the workspace as the step found it). */
  onAsk: ((prompt: ApprovalPrompt) => Promise<void>) | undefined;

  /** Forgets earlier prompts and queues these answers, in order. */
  script(...answers: PromptAnswer[]): void {
    this.prompts.length = 0;
    this.answers = [...answers];
    this.onAsk = undefined;
  }

  async ask(prompt: ApprovalPrompt): Promise<PromptAnswer> {
    this.prompts.push(prompt);
    await this.onAsk?.(prompt);
    return this.answers.shift() ?? { type: 'dismissed' };
  }
}

/** Answers MCP server confirmations (the test server refuses the native modal) and records what was asked. */
export class ScriptedMcpConfirmer {
  readonly asked: { server: string; launch: string }[] = [];
  answer = true;
  confirm = async (server: { name: string }, launch: string): Promise<boolean> => {
    this.asked.push({ server: server.name, launch });
    return this.answer;
  };
  /** Tool changes: every review asked is recorded; `acceptToolChanges` answers it. */
  readonly reviews: { server: string; message: string; detail: string; before: string; after: string }[] = [];
  acceptToolChanges = true;
  reviewTools = async (review: { server: string; message: string; detail: string; before: string; after: string }): Promise<boolean> => {
    this.reviews.push({ server: review.server, message: review.message, detail: review.detail, before: review.before, after: review.after });
    return this.acceptToolChanges;
  };
  /** `${input:id}` answers by id; every question is recorded. */
  readonly inputs: Record<string, string> = {};
  readonly askedInputs: { id: string; password: boolean }[] = [];
  askInput = async (definition: { id: string; password?: boolean }): Promise<string | undefined> => {
    this.askedInputs.push({ id: definition.id, password: definition.password ?? false });
    return this.inputs[definition.id];
  };
}

/** Answers the confirmation of a repository's hooks and records the command lines of each one asked. */
export class ScriptedHookConfirmer {
  readonly asked: string[][] = [];
  answer = true;
  confirm = async (hooks: readonly { command: string }[]): Promise<boolean> => {
    this.asked.push(hooks.map((h) => h.command));
    return this.answer;
  };
}

/** Answers the restore question (the test server refuses the native modal) and records each one asked. */
export class ScriptedRestoreConfirmer {
  readonly questions: RestoreQuestion[] = [];
  private answers: RestoreAnswer[] = [];
  /** Runs while the question is open, before it is answered (e.g. to look at the preview it shows). */
  onAsk: ((question: RestoreQuestion) => Promise<void>) | undefined;

  /** Forgets earlier questions and queues these answers; an empty queue cancels, as Escape does. */
  script(...answers: RestoreAnswer[]): void {
    this.questions.length = 0;
    this.answers = [...answers];
    this.onAsk = undefined;
  }

  confirm = async (question: RestoreQuestion): Promise<RestoreAnswer> => {
    this.questions.push(question);
    await this.onAsk?.(question);
    return this.answers.shift();
  };
}

/**
 * Answers whether a workspace value that makes Relay ask less (or sends a stored key to a new endpoint) may apply,
 * as the native modal would (the test server refuses it); records every question. Unset: Escape (not allowed).
 */
export class ScriptedWorkspaceValueConfirmer {
  readonly questions: WorkspaceValueQuestion[] = [];
  answer = false;
  confirm = async (question: WorkspaceValueQuestion): Promise<boolean> => {
    this.questions.push(question);
    return this.answer;
  };
  reset(answer = false): void {
    this.questions.length = 0;
    this.answer = answer;
  }
}

/** Answers whether a repository's agent may run in a looser approval mode than the user's, and records each question. */
export class ScriptedAgentModeConfirmer {
  readonly questions: AgentModeQuestion[] = [];
  answer = false;
  confirm = async (question: AgentModeQuestion): Promise<boolean> => {
    this.questions.push(question);
    return this.answer;
  };
  reset(answer = false): void {
    this.questions.length = 0;
    this.answer = answer;
  }
}

/**
 * Answers whether a parallel task whose prompt a command's caller wrote may start. Relay's own suites start their
 * tasks through the command with a prompt (as a caller would), so the answer is yes unless a test says otherwise;
 * the production default is a modal (task-commands.ts), which this test server refuses.
 */
export class ScriptedCallerTaskConfirmer {
  readonly questions: { prompt: string; folder: string }[] = [];
  answer = true;
  confirm = async (question: { prompt: string; folder: string }): Promise<boolean> => {
    this.questions.push(question);
    return this.answer;
  };
}

/**
 * Answers whether Review My Changes may send the changes to the model. It asks on every run (another extension's
 * call looks the same as the person's), so the answer is yes unless a test says otherwise; the production default
 * is a modal (change-review/review-question.ts), which this test server refuses.
 */
export class ScriptedReviewConfirmer {
  readonly questions: ReviewQuestion[] = [];
  answer = true;
  confirm = async (question: ReviewQuestion): Promise<boolean> => {
    this.questions.push(question);
    return this.answer;
  };
}

/** One question Set Up Provider asked, as the person would have seen it. */
export interface SetupQuestion {
  kind: 'pick' | 'input';
  title: string | undefined;
  /** The pick's placeholder, or the input box's prompt. */
  text: string | undefined;
  /** A pick's items, by label (a current one starts with "$(check) "), with their descriptions and details. */
  items?: { label: string; description?: string; detail?: string }[];
  /** An input box's prefilled value, whether it hides what is typed, and what its validation said of the answer. */
  value?: string;
  password?: boolean;
  said?: string;
  validate?: (value: string) => Promise<string | undefined>;
}

/**
 * Answers Set Up Provider's QuickPicks and InputBoxes from a queue and records every question: a pick is
 * answered by an item's label (without its "$(check) " mark), an input by the text typed, `undefined` is Escape.
 * A typed answer the box's own validation rejects fails the test (VS Code would not take it either). An empty
 * queue answers like Escape.
 */
export class ScriptedSetupPrompts implements SetupPrompts {
  readonly questions: SetupQuestion[] = [];
  /** The failed Test connection results shown (the modal this test server refuses), each closed like Cancel. */
  readonly failures: { message: string; detail: string; buttons: readonly string[] }[] = [];
  private answers: (string | undefined)[] = [];

  script(...answers: (string | undefined)[]): void {
    this.questions.length = 0;
    this.failures.length = 0;
    this.answers = [...answers];
  }

  async failure(message: string, detail: string, buttons: readonly string[]): Promise<string | undefined> {
    this.failures.push({ message, detail, buttons });
    return undefined;
  }

  async pick<T extends vscode.QuickPickItem>(items: readonly T[] | Promise<readonly T[]>, options: vscode.QuickPickOptions): Promise<T | undefined> {
    const list = await items;
    this.questions.push({
      kind: 'pick',
      title: options.title,
      text: options.placeHolder,
      items: list.map((i) => ({ label: i.label, ...(i.description ? { description: i.description } : {}), ...(i.detail ? { detail: i.detail } : {}) })),
    });
    const answer = this.answers.shift();
    if (answer === undefined) return undefined;
    const plain = (label: string) => label.replace(/^\$\(check\) /, '');
    const picked = list.find((i) => plain(i.label) === answer && i.kind !== vscode.QuickPickItemKind.Separator);
    if (!picked) throw new Error(`no item "${answer}" to pick in: ${list.map((i) => i.label).join(' | ')}`);
    return picked;
  }

  async input(options: vscode.InputBoxOptions): Promise<string | undefined> {
    const validate = async (value: string): Promise<string | undefined> => {
      const result = await options.validateInput?.(value);
      if (!result) return undefined;
      return typeof result === 'string' ? `error: ${result}` : `${result.severity === vscode.InputBoxValidationSeverity.Error ? 'error' : 'info'}: ${result.message}`;
    };
    const question: SetupQuestion = { kind: 'input', title: options.title, text: options.prompt, value: options.value ?? '', password: options.password ?? false, validate };
    this.questions.push(question);
    const answer = this.answers.shift();
    if (answer === undefined) return undefined;
    const said = await validate(answer);
    if (said) question.said = said;
    if (said?.startsWith('error:')) throw new Error(`the input box would not take "${answer}": ${said}`);
    return answer;
  }
}

/** Answers whether an entry point's message starts a new task (the QuickPick), and records each question. */
export class ScriptedTaskTarget {
  readonly questions: { taskTitle: string; running: boolean }[] = [];
  answer: TargetAnswer | undefined;
  pick = async (question: { taskTitle: string; running: boolean }): Promise<TargetAnswer | undefined> => {
    this.questions.push(question);
    return this.answer;
  };
  reset(answer?: TargetAnswer): void {
    this.questions.length = 0;
    this.answer = answer;
  }
}

/** Types the inline edit's instructions (the InputBox): one answer per question, undefined is Escape; records each question. */
export class ScriptedInlineInstruction {
  readonly questions: { title: string; earlier: readonly string[] }[] = [];
  private answers: (string | undefined)[] = [];
  ask = async (question: { title: string; earlier: readonly string[] }): Promise<string | undefined> => {
    this.questions.push({ title: question.title, earlier: [...question.earlier] });
    return this.answers.shift();
  };
  reset(...answers: (string | undefined)[]): void {
    this.questions.length = 0;
    this.answers = answers;
  }
}

interface SharedRelay {
  relay: Relay;
  prompter: ScriptedPrompter;
  mcpConfirmer: ScriptedMcpConfirmer;
  restoreConfirmer: ScriptedRestoreConfirmer;
  setupPrompts: ScriptedSetupPrompts;
  workspaceValues: ScriptedWorkspaceValueConfirmer;
  hookConfirmer: ScriptedHookConfirmer;
  agentModeConfirmer: ScriptedAgentModeConfirmer;
  callerTaskConfirmer: ScriptedCallerTaskConfirmer;
  reviewConfirmer: ScriptedReviewConfirmer;
  taskTarget: ScriptedTaskTarget;
  inlineInstruction: ScriptedInlineInstruction;
}

/** On globalThis: every suite is bundled on its own, so a module-level variable would exist once per suite. */
const SHARED = Symbol.for('relay.integration.sharedRelay');

/**
 * The extension's Relay (its composition root), created once per extension host with a ScriptedPrompter.
 * `api.relay(overrides)` only accepts overrides before the Relay exists, and anything that reaches it first (a
 * palette command, the chat webview's first message) creates it with the native modal: every suite that needs
 * the Relay, or shows the chat, calls this first.
 */
export function relayWithScriptedPrompter(): Promise<SharedRelay> {
  const holder = globalThis as { [SHARED]?: Promise<SharedRelay> };
  holder[SHARED] ??= activateRelay().then((api) => {
    const prompter = new ScriptedPrompter();
    const mcpConfirmer = new ScriptedMcpConfirmer();
    const restoreConfirmer = new ScriptedRestoreConfirmer();
    const setupPrompts = new ScriptedSetupPrompts();
    const workspaceValues = new ScriptedWorkspaceValueConfirmer();
    const hookConfirmer = new ScriptedHookConfirmer();
    const agentModeConfirmer = new ScriptedAgentModeConfirmer();
    const callerTaskConfirmer = new ScriptedCallerTaskConfirmer();
    const reviewConfirmer = new ScriptedReviewConfirmer();
    const taskTarget = new ScriptedTaskTarget();
    const inlineInstruction = new ScriptedInlineInstruction();
    const overrides = {
      prompter,
      mcp: { confirm: mcpConfirmer.confirm, askInput: mcpConfirmer.askInput, reviewTools: mcpConfirmer.reviewTools },
      restoreConfirm: restoreConfirmer.confirm,
      setupPrompts,
      confirmWorkspaceValue: workspaceValues.confirm,
      confirmHooks: hookConfirmer.confirm,
      confirmAgentMode: agentModeConfirmer.confirm,
      confirmCallerTask: callerTaskConfirmer.confirm,
      confirmReview: reviewConfirmer.confirm,
      pickTaskTarget: taskTarget.pick,
      askInlineInstruction: inlineInstruction.ask,
    };
    return { relay: api.relay(overrides), prompter, mcpConfirmer, restoreConfirmer, setupPrompts, workspaceValues, hookConfirmer, agentModeConfirmer, callerTaskConfirmer, reviewConfirmer, taskTarget, inlineInstruction };
  });
  return holder[SHARED];
}

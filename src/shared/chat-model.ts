// The chat's view model: what the webview draws. The host maps the agent's events and each tool call's merged
// status onto these types, so the webview never depends on the agent's internals. Types only: no runtime code.

/** A tool call's state as a person reads it. */
export type ToolCardState = 'waiting' | 'awaiting_approval' | 'running' | 'success' | 'error' | 'cancelled';

export type TodoStatus = 'pending' | 'in_progress' | 'done';

/** Display blocks a card knows how to draw; any other `type` is kept and drawn as a generic block. */
export type KnownDisplayBlock =
  | { type: 'text'; text: string }
  | { type: 'diff'; path: string; unifiedDiff: string; added: number; removed: number; canOpen: boolean }
  | { type: 'terminal'; command: string; output: string; exitCode?: number; truncated?: boolean }
  | { type: 'file_list'; files: string[]; truncated?: boolean }
  | { type: 'todo'; items: { text: string; status: TodoStatus }[] }
  | { type: 'question'; question: string; options?: string[]; answered?: string }
  /** A picture the tool made (check_page's screenshot): base64, drawn from a data: URI, which the webview's CSP allows. */
  | { type: 'image'; mediaType: 'image/jpeg' | 'image/png'; data: string; width: number; height: number; alt: string }
  | { type: 'error'; message: string };

export type DisplayBlock = KnownDisplayBlock | { type: string; [key: string]: unknown };

/** One tool call's full merged status: every update replaces the previous one whole (tool-system.md §2.4). */
export interface ToolCardStatus {
  callId: string;
  toolName: string;
  displayName: string;
  state: ToolCardState;
  /** Parameters are still streaming from the model. */
  partial: boolean;
  showTip?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: string;
  /** The person denied the call (an answer, not a failure): the card says so, neutrally. */
  denied?: boolean;
  blocks: DisplayBlock[];
  /** What configured hooks did to the call (blocked it, changed its input, added context, failed), in the display language. */
  hooks?: { kind: 'blocked' | 'asked' | 'allowed' | 'input-changed' | 'context-added' | 'failed' | 'stopped'; text: string }[];
  startTime: number;
  endTime?: number;
  durationMs?: number;
  /** The background process this call started (run_command with `background: true`): the card shows it live. */
  processId?: string;
}

/** What a tool card shows of a background process, kept current by `process` deltas (issue 27). */
export interface ProcessCard {
  id: string;
  command: string;
  state: 'starting' | 'ready' | 'waiting-for-input' | 'exited' | 'stopped';
  exitCode?: number | null;
  /** Local URLs the process printed, in order of appearance. */
  urls: string[];
  /** The last few KB of its cleaned output. */
  tail: string;
}

/** The kinds of thing a mention or an attachment can be. */
export type AttachmentKind = 'file' | 'folder' | 'problems' | 'terminal' | 'changes' | 'selection' | 'url' | 'image';

/** One mention or image as a chip: what it is and the size it added to the message. */
export interface AttachmentChip {
  kind: AttachmentKind;
  label: string;
  /** Characters added to the message (bytes for an image). */
  chars: number;
  /** Estimated tokens added. */
  tokens: number;
  /** Why the content was cut, or why nothing was added. */
  note?: string;
  error?: boolean;
}

/** One row of the "/" list: a slash command from the workspace's or the user's command files. */
export interface SlashCommandChoice {
  /** What is typed after "/" (a clash gets its source's prefix, "claude:review"). */
  name: string;
  description?: string;
  argumentHint?: string;
  /** The format it was read from, for people: "Claude Code command". */
  source: string;
}

/** One row of the "@" list: `token` is the text the composer inserts ("@src/app.ts", "@problems"). */
export interface MentionSuggestion {
  kind: Exclude<AttachmentKind, 'image'>;
  label: string;
  token: string;
  /** e.g. the folder a file is in, or what a keyword attaches. */
  detail?: string;
  /** Offsets in `label` of the characters the query matched. */
  matches?: number[];
}

/**
 * `checkpointId` marks an item the task's files can be restored to (issue 14): a card whose call changed files,
 * and a user message once a step after it took a checkpoint. User messages can always restore the conversation.
 */
export type ChatItem =
  | { kind: 'user'; id: string; text: string; ts: number; checkpointId?: string; attachments?: AttachmentChip[] }
  | { kind: 'assistant'; id: string; text: string; ts: number; streaming: boolean }
  /** The model's reasoning (Claude's thinking, an OpenAI reasoning summary, Gemini's thoughts), drawn folded. */
  | { kind: 'thinking'; id: string; text: string; ts: number; streaming: boolean }
  | { kind: 'tool'; id: string; status: ToolCardStatus; checkpointId?: string }
  /** `fix`: the setup step that fixes it (a 401 → the key), shown as a button that runs "Set Up Provider". */
  | { kind: 'error'; id: string; message: string; retryable: boolean; fix?: ErrorFix }
  /** A notice with `checkpointId` (files were restored) can restore the files to before that restore. */
  | { kind: 'notice'; id: string; text: string; level: 'info' | 'warning'; checkpointId?: string; /** A restore's notice: the item the files went back to. */ restoredTo?: string }
  /** Older turns were replaced by the model's summary (shown folded); token counts are estimates of the request. */
  | { kind: 'condensed'; id: string; summary: string; tokensBefore: number; tokensAfter: number; trigger: 'auto' | 'manual'; ts: number };

export type ApprovalMode = 'default' | 'auto-edit' | 'yolo' | 'plan';

/** The parts of "Relay: Set Up Provider": provider (all of it), key, model, base URL, proxy settings. */
export type SetupStep = 'key' | 'model' | 'baseUrl' | 'proxy' | 'provider';

export interface ErrorFix {
  step: SetupStep;
  /** The button's label, e.g. "Enter API Key". */
  label: string;
}

/** `set`: saved, not yet tried; `verified`: a test or request went through; `rejected`: the provider refused it. */
export type KeyStatus = 'set' | 'missing' | 'not-needed' | 'verified' | 'rejected';

/** The provider and model a task would use now, and whether its key is set. */
export interface ProviderStatus {
  id: string;
  /** "Anthropic", "OpenAI-compatible server", ... */
  label: string;
  model: string;
  key: KeyStatus;
  /** Azure OpenAI: the deployment the requests name. */
  deployment?: string;
}

/** What the empty chat shows, computed by the host from the workspace and the extension's contributions. */
export interface WelcomeFacts {
  /** Three tasks drawn from this workspace. */
  examples: string[];
  shortcuts: { keys: string; action: string }[];
  /** Once a task has run, a new task gets the short form (provider line and examples only). */
  compact: boolean;
  /** The last Test connection in this window, in words ("Connected in 420 ms" or the problem). */
  lastTest?: { ok: boolean; text: string };
}

export interface TaskUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  costUsd?: number;
}

/** The context meter: the last request's tokens (input, cache reads and writes) against the model's window. */
export interface ContextMeter {
  tokens: number;
  window: number;
  /** The rules in that request's prompt (where each came from); absent for a task reopened before its next request. */
  rules?: string[];
}

export interface TaskView {
  id: string;
  title: string;
  running: boolean;
  usage?: TaskUsage;
  context?: ContextMeter;
}

export interface TaskSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  status: 'running' | 'completed' | 'cancelled' | 'failed' | 'paused';
  /** How its last run that ended by itself ended; `status` may say a later message was stopped. */
  outcome?: 'completed' | 'failed';
  /** Tokens and cost so far (the cost only when the model's price is known). */
  usage?: TaskUsage;
}

export interface SessionSettings {
  mode: ApprovalMode;
  /**
   * e.g. "claude-sonnet-4-5 · anthropic" (the provider's id: for the palette and tests), or undefined when no model
   * is configured. The chat shows `provider` (its display name) instead whenever it is known.
   */
  model: string | undefined;
  /** The provider, model and key state, for the header and the welcome. */
  provider?: ProviderStatus;
  /** Whether the selected model reads images; false makes the composer refuse to send attached images. */
  imagesSupported?: boolean;
  /** The agent picker: the selected agent and those offered (built-ins, and the workspace's once read). */
  agents?: AgentChoices;
  /** The model the turns run on when it is not the user's (an agent's, or a slash command's for its turn). */
  turnModel?: TurnModel;
}

/** A model other than the user's that the chat's turns use, and whose it is. */
export interface TurnModel {
  /** The model id, e.g. "claude-opus-4-1". */
  model: string;
  /** The provider it runs on, by its display name ("Anthropic", "OpenAI-compatible server"). */
  provider: string;
  /** The agent, or the `/command`, whose model it is. */
  owner: string;
  /** Why, in a sentence: the tooltip. */
  why: string;
}

export interface AgentChoice {
  id: string;
  name: string;
  description?: string;
  /** Buttons shown after a turn in this agent that continue in another (Copilot's `handoffs`). */
  handoffs?: AgentHandoff[];
}

/** Continue in `agent` (an id of the choices) with `prompt`: sent at once when `send`, else put in the chat box. */
export interface AgentHandoff {
  label: string;
  agent: string;
  prompt?: string;
  send?: boolean;
}

export interface AgentChoices {
  selected: string;
  choices: AgentChoice[];
}

/** Everything the chat draws, as the host holds it: sent whole only on `init`, then kept current by deltas. */
export interface ChatSnapshot {
  task: TaskView | undefined;
  items: ChatItem[];
  settings: SessionSettings;
  /** Past tasks, once the host has listed them (the webview asks with `listHistory`). */
  history?: TaskSummary[];
  /** What the empty chat shows, once the host has worked it out. */
  welcome?: WelcomeFacts;
  /** Background processes of this window by id, for the cards of the calls that started them. */
  processes?: Record<string, ProcessCard>;
}

/**
 * Small changes, coalesced by the host into at most one `batch` per animation frame.
 * `toolStatus` for a callId no item holds yet appends a tool item (id = callId), so the agent side may skip
 * `itemAdded` for tool calls; `itemAdded` with an id already present replaces that item in place.
 */
export type ChatDelta =
  | { type: 'reset'; task: TaskView | undefined; items: ChatItem[] }
  | { type: 'itemAdded'; item: ChatItem }
  | { type: 'textDelta'; id: string; text: string }
  /** More reasoning for a `thinking` item. */
  | { type: 'thinkingDelta'; id: string; text: string }
  | { type: 'itemDone'; id: string }
  | { type: 'toolStatus'; status: ToolCardStatus }
  /** A checkpoint was taken for this item (a user message or a tool card). */
  | { type: 'checkpoint'; itemId: string; checkpointId: string }
  | { type: 'task'; task: TaskView | undefined }
  | { type: 'history'; tasks: TaskSummary[] }
  | { type: 'settings'; settings: SessionSettings }
  | { type: 'welcome'; welcome: WelcomeFacts }
  | { type: 'trustChanged'; trusted: boolean }
  /** A background process changed (state, URLs, output): replaces what the chat knew of it. */
  | { type: 'process'; process: ProcessCard };

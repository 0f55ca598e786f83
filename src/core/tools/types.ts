// The tool contract (tool-system.md §1): what every tool is, what it receives and how it reports.
import type { z } from 'zod';
import type { Said } from '../l10n';
import type { ImageMediaType } from '../../shared/images';
import type { ToolErrorType } from './errors';
import type { ToolStatusKind, ToolStatusOptions } from './status-types';

export type ToolKind = 'readonly' | 'write' | 'execute';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema document, as sent to providers. */
export type JsonSchema = { [key: string]: unknown };

export interface ToolExample {
  description?: string;
  params: Record<string, unknown>;
}

export interface ToolDescription {
  /** One or two sentences: what the tool does. */
  short: string;
  long?: string;
  usageNotes?: string[];
  /** Rules the model must not miss. */
  important?: string[];
  examples?: ToolExample[];
  category?: string;
  /** Just-in-time guidance (behaviour 28): never in the prompt, only beside this tool's errors or first result. */
  guidance?: { onError?: string; onFirstResult?: string };
}

export interface ParamIssue {
  /** e.g. `edits[0].old`, or `(root)`. */
  path: string;
  /** What the schema wanted, in words. */
  expected: string;
  message: string;
}

export type ValidationResult<P = unknown> =
  | { ok: true; params: P; repairedPaths: string[] }
  | { ok: false; issues: ParamIssue[]; message: string };

/** What the model reads: text or structured JSON. */
export type ToolResultContent = string | JsonValue;

export interface ToolResultOptions {
  /** The call failed; the content explains why to the model. */
  error?: ToolErrorType;
  /** The tool already cut its output; the runtime must not cut it again (behaviour 25). */
  alreadyTruncated?: boolean;
  /** `head_and_tail` for shell-like output where the end matters most; defaults by tool kind. */
  keep?: 'head' | 'head_and_tail';
  /** Images for the model (check_page's screenshot): sent after the results to models that take images, dropped otherwise. */
  images?: readonly ToolResultImage[];
}

/** Base64 without a data: prefix. */
export interface ToolResultImage {
  mediaType: ImageMediaType;
  data: string;
}

/** The model channel and UI channel for one call, plus the call's lifetime. */
export interface ToolContext {
  readonly callId: string;
  readonly taskId: string;
  /**
   * Aborted on timeout, user cancellation and task end. A tool that starts a process or request must pass
   * this on and kill it when the signal aborts (behaviour 20); the runtime stops waiting shortly after.
   */
  readonly signal: AbortSignal;
  /** Model channel: exactly one per completed call; later calls and calls during partial runs are ignored. */
  setToolResult(callId: string, content: ToolResultContent, options?: ToolResultOptions): void;
  /** UI channel: merged into the call's status (tool-system.md §2). */
  sendToolStatus(callId: string, status: Exclude<ToolStatusKind, 'CANCELLED'>, options?: ToolStatusOptions): void;
  /** Ends the agent loop with this result; only `attempt_completion` should call it. */
  completeTask(result: string): void;
  readonly log: ToolLogger;
}

export interface Tool<P = unknown> {
  /** Unique; what the model calls. */
  readonly name: string;
  /** A name for people, in English: the text protocol shows it to the model ("Display Name:"); falls back to `name`. */
  readonly displayName?: string;
  /** The same name in the display language, for the card (UI channel); falls back to `displayName`. */
  readonly uiDisplayName?: string;
  readonly kind: ToolKind;
  /** Overrides the runtime's default timeout for this tool (behaviour 18). */
  readonly timeoutMs?: number;
  getDescription(): Promise<ToolDescription>;
  getParameters(): Promise<z.ZodType<P>>;
  /** When the tool was defined from JSON Schema, that schema verbatim, so describing it loses nothing. */
  getInputJsonSchema?(): Promise<JsonSchema>;
  validate(params: unknown): Promise<ValidationResult<P>>;
  /**
   * Optional, for tools that write or execute: runs after validation and before approval, so the approval
   * question can name what the call touches and show the proposed change. Throwing a ToolError here ends the
   * call with that error and nobody is asked (an edit that does not match needs no approval).
   */
  prepare?(params: P, ctx: ToolContext): Promise<ToolPreparation>;
  /** Reports only through `ctx`; partial runs (isPartial) get unvalidated params and must not set a result. */
  execute(params: P, ctx: ToolContext, isPartial: boolean): Promise<void>;
  /** Frees per-task resources at cleanup (behaviour 15). */
  dispose?(): void | Promise<void>;
}

/** What a call will touch, worked out before it is approved (see `Tool.prepare`). */
export interface ToolPreparation {
  /** Absolute paths the call reads or writes, and/or the command line and its working directory, or the URL it fetches. */
  targets: { paths?: readonly string[]; command?: string; cwd?: string; url?: string };
  /** One line for people, e.g. "Edit src/app.ts (3 edits)". */
  summary?: string;
  /**
   * Why a call that names no path, command or URL may change things, in the tool's own terms (an MCP tool's
   * annotations): the approval gives it as its reason instead of the mode's "asks before running commands".
   */
  risk?: Said;
  /**
   * The tool itself says this call may delete or overwrite data (an MCP tool's destructiveHint): its approval is
   * dangerous, so the modal's Enter denies (README, "What Enter presses in a Relay modal").
   */
  destructive?: boolean;
  /** For edits: the proposed change's size, and a way to show it in the diff editor before deciding. */
  diff?: {
    path: string;
    added: number;
    removed: number;
    open(): Promise<void>;
    /** Hands the decision to the diff editor: the user accepts or rejects each hunk there (see `ReviewVerdict`). */
    review?(signal: AbortSignal): Promise<ReviewVerdict>;
  };
}

/**
 * How a review in the diff editor settled the approval: some change kept is an allow (of what was kept), every
 * change rejected a denial (`reason` tells the model which and why), closed with hunks undecided asks again.
 */
/** A denial's `reason` is the model's (English), `uiReason` the card's, in the display language. */
export type ReviewVerdict = { decision: 'allow' } | { decision: 'deny'; reason: string; uiReason?: string } | { decision: 'undecided' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds tools of any parameter type
export type AnyTool = Tool<any>;

/** What a factory learns about the instance it makes; no callId when the instance only describes itself. */
export interface ToolFactoryContext {
  readonly taskId: string;
  readonly callId?: string;
}

export type ToolFactory = (ctx: ToolFactoryContext) => AnyTool;

/** Where a tool came from; fixes its group in the order sent to the model (behaviour 13). */
export type ToolSource = 'builtin' | 'discovered' | 'mcp';

export interface ToolLogger {
  warn(message: string, error?: unknown): void;
}

export const consoleLogger: ToolLogger = {
  warn: (message, error) => console.warn(`[relay tools] ${message}`, error ?? ''),
};

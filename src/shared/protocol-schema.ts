// Every webview → host message is validated here on arrival: the webview renders model output and is untrusted.
// Objects are strict (no extra keys) and every string is bounded, so a compromised webview cannot smuggle
// fields through or make the host hold megabytes.
import { z } from 'zod';
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BASE64_CHARS, MAX_IMAGES } from './images';
import type { ApprovalMode, SetupStep } from './chat-model';

/** Item, call and task ids are ours (uuids, provider call ids); 200 characters is far above any of them. */
const id = z.string().min(1).max(200);

const approvalMode = z.enum(['default', 'auto-edit', 'yolo', 'plan']) satisfies z.ZodType<ApprovalMode>;

const setupStep = z.enum(['key', 'model', 'baseUrl', 'proxy', 'provider']) satisfies z.ZodType<SetupStep>;

export const MAX_MESSAGE_CHARS = 100_000;
export const MAX_URL_CHARS = 2_048;
export const MAX_ANSWER_CHARS = 10_000;
export const MAX_COPY_CHARS = 1_000_000;
export const MAX_MENTION_QUERY_CHARS = 500;
export const MAX_DROPPED_URIS = 50;
/** As many as the host resolves in one message (src/core/mentions/resolve.ts MAX_MENTIONS). */
export const MAX_PICKED_MENTIONS = 20;

/** A picked mention's token, as the "@" list gave it (`@path`, `@"path with spaces"`, `@problems`): one line. */
const mentionToken = z.string().min(2).max(MAX_URL_CHARS + 20).regex(/^@[^\n\r]+$/);

const requestId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Base64 only, bounded: a pasted image, checked again by type and size on the host. */
const image = z
  .object({
    name: z.string().max(200),
    mediaType: z.enum(IMAGE_MEDIA_TYPES),
    data: z.string().min(1).max(MAX_IMAGE_BASE64_CHARS).regex(/^[A-Za-z0-9+/]+={0,2}$/),
  })
  .strict();

const lineNumber = z.number().int().min(1).max(9_999_999);

export const webviewToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), protocolVersion: z.number().int() }).strict(),
  z
    .object({
      type: z.literal('sendMessage'),
      text: z.string().min(1).max(MAX_MESSAGE_CHARS),
      images: z.array(image).max(MAX_IMAGES).optional(),
      /** The composer's mention chips: their tokens are not in the text, the host resolves them as if they were. */
      mentions: z.array(mentionToken).max(MAX_PICKED_MENTIONS).optional(),
    })
    .strict(),
  /**
   * The "@" list: what matches the text typed after "@". The list's first query says the generation of the
   * index the webview holds (0: none), so the host sends the index only when it changed.
   */
  z
    .object({ type: z.literal('mentionQuery'), requestId, query: z.string().max(MAX_MENTION_QUERY_CHARS), indexGeneration: z.number().int().min(0).optional() })
    .strict(),
  /** The "/" list opened at the start of the box: the host answers with the slash commands (read on first use). */
  z.object({ type: z.literal('slashCommandQuery'), requestId }).strict(),
  /** The size a picked mention will add, for its chip. */
  z.object({ type: z.literal('previewMention'), requestId, token: z.string().min(2).max(MAX_URL_CHARS + 20) }).strict(),
  /** Files or folders dragged onto the chat (text/uri-list); the host keeps those inside the workspace. */
  z.object({ type: z.literal('dropUris'), uris: z.array(z.string().min(1).max(MAX_URL_CHARS)).min(1).max(MAX_DROPPED_URIS) }).strict(),
  z.object({ type: z.literal('cancelTask') }).strict(),
  z.object({ type: z.literal('newTask') }).strict(),
  z.object({ type: z.literal('retry'), itemId: id }).strict(),
  z.object({ type: z.literal('openDiff'), callId: id }).strict(),
  z.object({ type: z.literal('openLink'), url: z.string().min(1).max(MAX_URL_CHARS) }).strict(),
  // A `path:line` reference in model text (file-references.ts); the host opens only workspace files.
  z.object({ type: z.literal('openFileReference'), path: z.string().min(1).max(MAX_URL_CHARS), line: lineNumber, endLine: lineNumber.optional() }).strict(),
  z.object({ type: z.literal('setMode'), mode: approvalMode }).strict(),
  z.object({ type: z.literal('selectModel') }).strict(),
  /** The composer's agent picker: an agent id, or "" for the full list (Relay: Select Agent). */
  z.object({ type: z.literal('setAgent'), agent: z.string().max(200) }).strict(),
  /** The welcome's set-up button and an error's fix button: runs "Relay: Set Up Provider" (one step of it). */
  z.object({ type: z.literal('setUpProvider'), step: setupStep.optional() }).strict(),
  z.object({ type: z.literal('answerQuestion'), callId: id, answer: z.string().max(MAX_ANSWER_CHARS) }).strict(),
  z.object({ type: z.literal('listHistory') }).strict(),
  z.object({ type: z.literal('openTask'), id }).strict(),
  z.object({ type: z.literal('resumeTask'), id }).strict(),
  z.object({ type: z.literal('deleteTask'), id }).strict(),
  /** Restore the task's files (and, with `conversation`, the chat) to how they were at this item (issue 14). */
  z.object({ type: z.literal('restoreCheckpoint'), itemId: id, conversation: z.boolean() }).strict(),
  z.object({ type: z.literal('reviewTaskChanges') }).strict(),
  /** Fallback when navigator.clipboard is refused inside the webview: the host writes the clipboard. */
  z.object({ type: z.literal('copyText'), text: z.string().max(MAX_COPY_CHARS) }).strict(),
  /** A background process card's Stop button. */
  z.object({ type: z.literal('stopProcess'), processId: id }).strict(),
  /** A URL on a background process card (in VS Code's browser, or the system's with `external`); the host opens it only if that process printed it. */
  z
    .object({ type: z.literal('openProcessUrl'), processId: id, url: z.string().min(1).max(MAX_URL_CHARS), external: z.boolean().optional() })
    .strict(),
]);

export type WebviewToHost = z.infer<typeof webviewToHostSchema>;

export type ParsedWebviewMessage = { ok: true; message: WebviewToHost } | { ok: false; error: string };

/** The error names the offending fields but never echoes the payload (it may hold anything). */
export function parseWebviewMessage(raw: unknown): ParsedWebviewMessage {
  const result = webviewToHostSchema.safeParse(raw);
  if (result.success) return { ok: true, message: result.data };
  const where = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  return { ok: false, error: `invalid webview message: ${where}` };
}

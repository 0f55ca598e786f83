// Every webview → host message is validated here on arrival: the webview renders model output and is untrusted.
import { z } from 'zod';

export const webviewToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), protocolVersion: z.number().int() }).strict(),
  z.object({ type: z.literal('cancelTask') }).strict(),
  z.object({ type: z.literal('newTask') }).strict(),
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

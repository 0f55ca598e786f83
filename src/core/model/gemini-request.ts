// The neutral request (provider.ts) as a Gemini generateContent request through @google/genai: contents with
// `user` and `model` roles, function calls and responses as parts, tools as function declarations in Gemini's
// schema dialect, and thinking with its summaries included. Gemini 3 wants each function call back with the
// thought signature it came with; its reasoning text itself is not sent back, and nobody else's ever is.
import type * as Gemini from '@google/genai';
import { toGeminiParameters } from './gemini-schema';
import type { ChatMessage, ModelRequest, ModelToolSpec } from './provider';

/** Stands in for a turn that said nothing: Gemini refuses a content without parts. */
export const GEMINI_NO_CONTENT = '(no content)';

/**
 * Ids Relay gives calls the Gemini API left without one (it often does). They never go back to the API, which
 * pairs such calls with their responses by name and order.
 */
export const GEMINI_CALL_ID_PREFIX = 'gemini_call_';

export interface GeminiRequestOptions {
  maxTokens: number;
  /** Ask for thought summaries (and a budget, when set): for models that think. */
  thinking: boolean;
  thinkingBudget?: number;
  signal?: AbortSignal;
}

export interface GeminiRequest {
  contents: Gemini.Content[];
  config: Gemini.GenerateContentConfig;
}

export function toGeminiRequest(request: ModelRequest, options: GeminiRequestOptions): GeminiRequest {
  const config: Gemini.GenerateContentConfig = { maxOutputTokens: options.maxTokens };
  if (request.system.trim()) config.systemInstruction = request.system;
  if (request.tools.length > 0) config.tools = [{ functionDeclarations: request.tools.map(toGeminiFunctionDeclaration) }];
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (options.thinking) {
    config.thinkingConfig = { includeThoughts: true, ...(options.thinkingBudget ? { thinkingBudget: options.thinkingBudget } : {}) };
  }
  if (options.signal) config.abortSignal = options.signal;
  return { contents: toGeminiContents(request.messages), config };
}

export function toGeminiFunctionDeclaration(spec: ModelToolSpec): Gemini.FunctionDeclaration {
  const declaration: Gemini.FunctionDeclaration = { name: spec.name, description: spec.description };
  const parameters = toGeminiParameters(spec.inputSchema);
  if (parameters) declaration.parameters = parameters as Gemini.Schema;
  return declaration;
}

export function toGeminiContents(messages: readonly ChatMessage[]): Gemini.Content[] {
  const names = new Map<string, string>();
  return messages.map((message) => {
    const parts: Gemini.Part[] = [];
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type === 'text') {
          if (part.text) parts.push({ text: part.text });
        } else if (part.type === 'tool_call') {
          names.set(part.callId, part.name);
          const call: Gemini.FunctionCall = { name: part.name, args: part.args };
          if (!part.callId.startsWith(GEMINI_CALL_ID_PREFIX)) call.id = part.callId;
          parts.push({ functionCall: call, ...(part.signature ? { thoughtSignature: part.signature } : {}) });
        }
        // Reasoning parts stay out: Gemini keeps its reasoning in the signatures on the calls.
      }
      return { role: 'model', parts: orPlaceholder(parts) };
    }
    // Function responses first, answering the calls of the turn before, then the user's text.
    const texts: Gemini.Part[] = [];
    for (const part of message.content) {
      if (part.type === 'text') {
        if (part.text) texts.push({ text: part.text });
        continue;
      }
      if (part.type === 'image') {
        texts.push({ inlineData: { mimeType: part.mediaType, data: part.data } });
        continue;
      }
      const response: Gemini.FunctionResponse = {
        name: names.get(part.callId) ?? 'unknown',
        response: part.isError ? { error: part.content } : { output: part.content },
      };
      if (!part.callId.startsWith(GEMINI_CALL_ID_PREFIX)) response.id = part.callId;
      parts.push({ functionResponse: response });
    }
    return { role: 'user', parts: orPlaceholder([...parts, ...texts]) };
  });
}

function orPlaceholder(parts: Gemini.Part[]): Gemini.Part[] {
  return parts.length > 0 ? parts : [{ text: GEMINI_NO_CONTENT }];
}

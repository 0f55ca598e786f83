// The checks the real APIs make that a provider's conversion most easily gets wrong, with their messages:
// required fields, tool calls answered by results with the same ids in the very next message, empty tool
// lists, empty text blocks, thinking blocks sent back as they came. A request that fails one gets the API's
// 400 instead of a scripted turn.
import { SCRIPTED_THINKING_SIGNATURE } from './anthropic-wire';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The message the Anthropic API would reject this body with, or undefined. */
export function anthropicRequestProblem(body: Json): string | undefined {
  if (typeof body.model !== 'string') return 'model: Field required';
  if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  if (Array.isArray(body.tools) && body.tools.length === 0) return 'tools: List should have at least 1 item after validation, not 0';
  const thinkingProblem = anthropicThinkingProblem(body);
  if (thinkingProblem) return thinkingProblem;
  const messages = body.messages as unknown[];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (!isObject(message)) return `messages.${i}: Input should be a valid dictionary`;
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as Json[]);
    if (!Array.isArray(blocks)) return `messages.${i}.content: Input should be a valid list`;
    if (blocks.length === 0) return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
    if (blocks.some((b) => b.type === 'text' && !b.text)) return 'messages: text content blocks must be non-empty';
    for (const [index, b] of blocks.entries()) {
      if (b.type !== 'image') continue;
      const source = isObject(b.source) ? b.source : {};
      if (source.type !== 'base64') return `messages.${i}.content.${index}.image.source: Input tag '${String(source.type)}' found using 'type' does not match any of the expected tags: 'base64', 'url'`;
      const problem = imageBytesProblem(String(source.media_type), source.data);
      if (problem) return `messages.${i}.content.${index}.image.source.base64: ${problem}`;
    }
    const uses = message.role === 'assistant' ? blocks.filter((b) => b.type === 'tool_use').map((b) => String(b.id)) : [];
    if (uses.length > 0) {
      const next = messages[i + 1];
      const answered = new Set(
        isObject(next) && Array.isArray(next.content) ? (next.content as Json[]).filter((b) => b.type === 'tool_result').map((b) => String(b.tool_use_id)) : [],
      );
      const missing = uses.filter((id) => !answered.has(id));
      if (missing.length > 0) {
        return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
      }
    }
    if (message.role === 'user') {
      const previous = messages[i - 1];
      const used = new Set(
        isObject(previous) && Array.isArray(previous.content) ? (previous.content as Json[]).filter((b) => b.type === 'tool_use').map((b) => String(b.id)) : [],
      );
      const results = blocks.map((b, index) => ({ b, index })).filter(({ b }) => b.type === 'tool_result');
      for (const { b, index } of results) {
        if (!used.has(String(b.tool_use_id))) {
          return `messages.${i}.content.${index}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(b.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
        }
      }
      const firstText = blocks.findIndex((b) => b.type !== 'tool_result');
      if (results.length > 0 && firstText >= 0 && firstText < results[results.length - 1]!.index) {
        return `messages.${i}: tool_result blocks must come before any other content in the message`;
      }
    }
  }
  return undefined;
}

/**
 * Extended thinking's rules: a budget of at least 1,024 below max_tokens; thinking blocks returned with the
 * signature they came with; with thinking on, the assistant turn a tool result answers must open with its
 * thinking block.
 */
function anthropicThinkingProblem(body: Json): string | undefined {
  const messages = (body.messages as Json[]).filter(isObject);
  for (const message of messages) {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    for (const block of message.content as Json[]) {
      if (block.type === 'thinking' && block.signature !== SCRIPTED_THINKING_SIGNATURE) {
        return 'messages: Invalid `signature` in `thinking` block';
      }
    }
  }
  const thinking = body.thinking;
  if (!isObject(thinking) || thinking.type !== 'enabled') return undefined;
  if (typeof thinking.budget_tokens !== 'number' || thinking.budget_tokens < 1024) return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
  if (thinking.budget_tokens >= Number(body.max_tokens)) return '`max_tokens` must be greater than `thinking.budget_tokens`.';
  const lastAssistant = [...messages].reverse().find((m) => m.role === 'assistant');
  const blocks = Array.isArray(lastAssistant?.content) ? (lastAssistant.content as Json[]) : [];
  if (blocks.some((b) => b.type === 'tool_use') && blocks[0]?.type !== 'thinking' && blocks[0]?.type !== 'redacted_thinking') {
    return 'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks).';
  }
  return undefined;
}

/** The message the OpenAI API would reject this body with, or undefined. */
export function openaiRequestProblem(body: Json): string | undefined {
  if (typeof body.model !== 'string') return "you must provide a model parameter";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.";
  if (Array.isArray(body.tools) && body.tools.length === 0) return "[] is too short - 'tools'";
  const messages = body.messages as Json[];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.role === 'user' && Array.isArray(message.content)) {
      for (const [index, part] of (message.content as Json[]).entries()) {
        if (part.type === 'text') continue;
        if (part.type !== 'image_url') return `Invalid value: '${String(part.type)}'. Supported values are: 'text', 'image_url', 'input_audio', 'refusal', 'audio', and 'file'.`;
        const url = isObject(part.image_url) ? String(part.image_url.url) : '';
        const problem = dataUrlProblem(url);
        if (problem) return `Invalid 'messages[${i}].content[${index}].image_url.url': ${problem}`;
      }
    }
    if (message.role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      const answered = new Set<string>();
      for (let j = i + 1; j < messages.length && messages[j]!.role === 'tool'; j++) answered.add(String(messages[j]!.tool_call_id));
      const missing = (message.tool_calls as Json[]).map((call) => String(call.id)).filter((id) => !answered.has(id));
      if (missing.length > 0) {
        return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.join(', ')}`;
      }
    }
    if (message.role === 'tool') {
      let j = i - 1;
      while (j >= 0 && messages[j]!.role === 'tool') j--;
      const calls = j >= 0 && Array.isArray(messages[j]!.tool_calls) ? (messages[j]!.tool_calls as Json[]).map((c) => String(c.id)) : [];
      if (!calls.includes(String(message.tool_call_id))) {
        return `Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.`;
      }
    }
  }
  return undefined;
}

/**
 * The message the Responses API would reject this body with, or undefined. `issued` maps the reasoning item ids
 * this server handed out to their encrypted content: with store: false the API keeps nothing, so a reasoning
 * item comes back only with the encrypted content it was given, unchanged.
 */
export function responsesRequestProblem(body: Json, issued: ReadonlyMap<string, string>): string | undefined {
  if (typeof body.model !== 'string') return "Missing required parameter: 'model'.";
  if (!Array.isArray(body.input) || body.input.length === 0) return "Invalid 'input': empty array.";
  if (typeof body.max_output_tokens === 'number' && body.max_output_tokens < 16) {
    return `Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got ${body.max_output_tokens} instead.`;
  }
  if (Array.isArray(body.tools) && body.tools.length === 0) return "[] is too short - 'tools'";
  if (Array.isArray(body.tools) && body.tools.some((t) => !isObject(t) || (t.type !== 'function' && t.type !== 'custom') || typeof t.name !== 'string')) {
    return "Missing required parameter: 'tools[0].name'.";
  }
  // A custom tool's format: free text, or a grammar (lark or regex) with its definition.
  for (const [index, tool] of ((body.tools as Json[] | undefined) ?? []).entries()) {
    if (tool.type !== 'custom' || tool.format === undefined) continue;
    const format = tool.format as Json;
    if (format.type === 'text') continue;
    if (format.type !== 'grammar' || (format.syntax !== 'lark' && format.syntax !== 'regex') || typeof format.definition !== 'string' || !format.definition) {
      return `Invalid 'tools[${index}].format': expected {type: 'text'} or {type: 'grammar', syntax: 'lark' | 'regex', definition}.`;
    }
  }
  const items = body.input as Json[];
  const calls = new Set<string>();
  const customCalls = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.type === 'function_call') calls.add(String(item.call_id));
    if (item.type === 'custom_tool_call') {
      if (typeof item.input !== 'string') return `Invalid 'input[${i}].input': expected a string.`;
      customCalls.add(String(item.call_id));
    }
    // Outputs answer calls of their own kind: a function call's output does not answer a custom tool call.
    if (item.type === 'function_call_output' && !calls.has(String(item.call_id))) {
      return `No tool call found for function call output with call_id ${String(item.call_id)}.`;
    }
    if (item.type === 'custom_tool_call_output' && !customCalls.has(String(item.call_id))) {
      return `No tool call found for custom tool call output with call_id ${String(item.call_id)}.`;
    }
    if (item.type === 'reasoning') {
      const id = String(item.id);
      if (body.store === false && item.encrypted_content === undefined) {
        return `Item with id '${id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`;
      }
      if (issued.get(id) !== item.encrypted_content) return `The encrypted content for item ${id} could not be verified.`;
    }
    if (item.role !== undefined && (typeof item.content !== 'string' || item.content === '') && !Array.isArray(item.content)) {
      return `Invalid 'input[${i}].content': empty string.`;
    }
    if (item.role === 'user' && Array.isArray(item.content)) {
      for (const [index, part] of (item.content as Json[]).entries()) {
        if (part.type === 'input_text') continue;
        if (part.type !== 'input_image') return `Invalid value: '${String(part.type)}'. Supported values are: 'input_text', 'input_image', and 'input_file'.`;
        const problem = dataUrlProblem(String(part.image_url));
        if (problem) return `Invalid 'input[${i}].content[${index}].image_url': ${problem}`;
      }
    }
  }
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.type !== 'function_call' && item.type !== 'custom_tool_call') continue;
    const output = item.type === 'function_call' ? 'function_call_output' : 'custom_tool_call_output';
    if (!items.some((other) => other.type === output && other.call_id === item.call_id)) {
      return `No tool output found for ${item.type === 'function_call' ? 'function' : 'custom tool'} call ${String(item.call_id)}.`;
    }
  }
  return undefined;
}

/**
 * The message Gemini would reject this body with, or undefined: contents required, parts never empty, every
 * functionResponse answering a functionCall of the turn before by name, and the thought signature this server
 * put on a function call sent back with it (Gemini 3 refuses a call without its signature).
 */
export function geminiRequestProblem(body: Json, issuedSignatures: ReadonlySet<string>, signedCalls: ReadonlyMap<string, string>): string | undefined {
  if (!Array.isArray(body.contents) || body.contents.length === 0) return '* GenerateContentRequest.contents: contents is not specified';
  const contents = body.contents as Json[];
  for (let i = 0; i < contents.length; i++) {
    const content = contents[i]!;
    if (content.role !== 'user' && content.role !== 'model') return `Please use a valid role: user, model.`;
    const parts = content.parts as Json[] | undefined;
    if (!Array.isArray(parts) || parts.length === 0) return `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`;
    for (const part of parts) {
      if (isObject(part.inlineData)) {
        const problem = imageBytesProblem(String(part.inlineData.mimeType), part.inlineData.data);
        if (problem) return `Unable to process input image. ${problem}`;
      }
      if (isObject(part.functionCall)) {
        const key = JSON.stringify([part.functionCall.name, part.functionCall.args]);
        const expected = signedCalls.get(key);
        if (expected !== undefined && part.thoughtSignature !== expected) {
          return `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly.`;
        }
        if (part.thoughtSignature !== undefined && !issuedSignatures.has(String(part.thoughtSignature))) return 'Corrupted thought signature.';
      }
      if (isObject(part.functionResponse)) {
        const previous = contents[i - 1];
        const names = Array.isArray(previous?.parts) ? (previous.parts as Json[]).filter((p) => isObject(p.functionCall)).map((p) => (p.functionCall as Json).name) : [];
        if (!names.includes(part.functionResponse.name)) {
          return 'Please ensure that function response turn comes immediately after a function call turn.';
        }
      }
    }
  }
  const tools = body.tools as Json[] | undefined;
  for (const tool of tools ?? []) {
    for (const declaration of (tool.functionDeclarations as Json[] | undefined) ?? []) {
      const problem = schemaProblem(declaration.parameters, `tools.function_declarations[${String(declaration.name)}].parameters`);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** What Gemini's Schema (an OpenAPI 3.0 subset) refuses that JSON Schema allows. */
function schemaProblem(schema: unknown, at: string): string | undefined {
  if (schema === undefined) return undefined;
  if (!isObject(schema)) return `Invalid JSON payload received. ${at}: not an object`;
  for (const key of ['$schema', 'additionalProperties', '$ref', '$defs', 'const', 'oneOf', 'allOf', 'not', 'default', 'examples']) {
    if (key in schema) return `Invalid JSON payload received. Unknown name "${key}" at '${at}': Cannot find field.`;
  }
  if (Array.isArray(schema.type)) return `Invalid JSON payload received. Invalid value at '${at}.type', Proto field is not repeating, cannot start list.`;
  if (Array.isArray(schema.enum) && schema.enum.some((v) => typeof v !== 'string')) return `Invalid JSON payload received. Invalid value at '${at}.enum': only strings.`;
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const problem = schemaProblem(property, `${at}.properties[${name}]`);
      if (problem) return problem;
    }
  }
  if (schema.items !== undefined) return schemaProblem(schema.items, `${at}.items`);
  for (const [index, option] of ((schema.anyOf as unknown[] | undefined) ?? []).entries()) {
    const problem = schemaProblem(option, `${at}.any_of[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}

/** The first bytes each image type starts with; the APIs decode the image and refuse bytes of another type. */
const IMAGE_SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Why an image of this media type and base64 data would be refused, or undefined. */
export function imageBytesProblem(mediaType: string, data: unknown): string | undefined {
  const matches = IMAGE_SIGNATURES[mediaType];
  if (!matches) return `media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`;
  if (typeof data !== 'string' || data === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return 'data: the image data is not valid base64';
  if (!matches(Buffer.from(data, 'base64'))) return `The image was specified using the ${mediaType} media type, but the image does not appear to be a ${mediaType} image`;
  return undefined;
}

/** OpenAI's image URLs here are data URLs (Relay never sends a link to a pasted image). */
function dataUrlProblem(url: string): string | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (!match) return 'Expected a base64-encoded data URL with an image MIME type (e.g. \'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU=\').';
  return imageBytesProblem(match[1]!, match[2]);
}

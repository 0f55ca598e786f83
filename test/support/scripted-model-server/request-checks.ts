// The checks the real APIs make that a provider's conversion most easily gets wrong, with their messages:
// required fields, tool calls answered by results with the same ids in the very next message, empty tool
// lists, empty text blocks. A request that fails one gets the API's 400 instead of a scripted turn.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The message the Anthropic API would reject this body with, or undefined. */
export function anthropicRequestProblem(body: Json): string | undefined {
  if (typeof body.model !== 'string') return 'model: Field required';
  if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  if (Array.isArray(body.tools) && body.tools.length === 0) return 'tools: List should have at least 1 item after validation, not 0';
  const messages = body.messages as unknown[];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (!isObject(message)) return `messages.${i}: Input should be a valid dictionary`;
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as Json[]);
    if (!Array.isArray(blocks)) return `messages.${i}.content: Input should be a valid list`;
    if (blocks.length === 0) return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
    if (blocks.some((b) => b.type === 'text' && !b.text)) return 'messages: text content blocks must be non-empty';
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

/** The message the OpenAI API would reject this body with, or undefined. */
export function openaiRequestProblem(body: Json): string | undefined {
  if (typeof body.model !== 'string') return "you must provide a model parameter";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.";
  if (Array.isArray(body.tools) && body.tools.length === 0) return "[] is too short - 'tools'";
  const messages = body.messages as Json[];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
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

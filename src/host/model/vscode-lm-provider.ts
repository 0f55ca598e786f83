// A ModelProvider over VS Code's language model API (vscode.lm): whatever chat models the user's extensions
// contribute (Copilot and others), with native tool calling. Tool calls arrive whole, so each becomes a
// start, one delta with the JSON and an end. The shared failure handling supplies abort, idle timeout and
// error shaping; retries are off by default because the contributing extension retries itself.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { NO_CONTENT } from '../../core/model/anthropic-request';
import { lookupModel, modelInfoFor } from '../../core/model/catalog';
import type { ModelStreamEvent } from '../../core/model/events';
import { classifyFailure, failure, type Failure, type FailureContext } from '../../core/model/failure';
import type { ChatMessage, ModelInfo, ModelProvider, ModelRequest, ModelToolSpec } from '../../core/model/provider';
import { resilientStream, type FailureHandlingOptions, type WireAttempt } from '../../core/model/resilient-stream';

/** What a model picker shows and `selectVsCodeLmProvider` takes back. */
export interface VsCodeLmModelSummary {
  id: string;
  name: string;
  vendor: string;
  family: string;
  version: string;
  maxInputTokens: number;
}

export interface VsCodeLmSelector {
  id?: string;
  vendor?: string;
  family?: string;
}

/** Shown by VS Code in its consent dialog the first time Relay asks for a model. */
const justification = (): string => l10n.t('Relay sends your task and the workspace context its tools gather to this model.');

export async function listVsCodeLmModels(): Promise<VsCodeLmModelSummary[]> {
  const models = await vscode.lm.selectChatModels();
  return models.map((m) => ({ id: m.id, name: m.name, vendor: m.vendor, family: m.family, version: m.version, maxInputTokens: m.maxInputTokens }));
}

/** The first model matching the selector, as a provider; undefined when VS Code offers none. */
export async function selectVsCodeLmProvider(selector: VsCodeLmSelector, failureOptions?: FailureHandlingOptions): Promise<VsCodeLmProvider | undefined> {
  const [chat] = await vscode.lm.selectChatModels(selector);
  return chat ? new VsCodeLmProvider(chat, failureOptions) : undefined;
}

export class VsCodeLmProvider implements ModelProvider {
  readonly id = 'vscode-lm';
  readonly model: ModelInfo;
  private readonly context: FailureContext;

  constructor(
    private readonly chat: vscode.LanguageModelChat,
    private readonly failureOptions: FailureHandlingOptions = {},
  ) {
    // The family often names a model the catalog knows (gpt-4o, claude-3.5-sonnet): take its output limit.
    const known = modelInfoFor('vscode-lm', chat.family);
    this.model = {
      id: chat.id,
      // eslint-disable-next-line no-restricted-syntax -- the provider id and the model's own name
      label: `vscode-lm · ${chat.name}`,
      contextWindow: chat.maxInputTokens,
      maxOutputTokens: known.maxOutputTokens,
      supportsNativeTools: true,
      // The family names a model the catalog knows (gpt-4o, claude-sonnet-4-5) and VS Code can carry images.
      supportsImages: imagePartFactory() !== undefined && lookupModel(chat.family)?.supportsImages === true,
      // The family ("claude-sonnet-4.5", "gpt-5") says whose instructions and edit tool the model gets.
      ...(known.promptFamily ? { promptFamily: known.promptFamily } : {}),
    };
    this.context = { service: l10n.t('VS Code language model "{0}"', chat.name), model: chat.id, baseUrl: `vscode.lm (${chat.vendor})` };
  }

  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent> {
    const messages = toVsCodeLmMessages(request.system, request.messages);
    const tools = toVsCodeLmTools(request.tools);
    return resilientStream((wire) => this.attempt(messages, tools, wire), signal, {
      maxRetries: 0,
      ...this.failureOptions,
      context: this.context,
      secrets: [],
      classify: classifyVsCodeLmFailure,
    });
  }

  private async *attempt(
    messages: vscode.LanguageModelChatMessage[],
    tools: vscode.LanguageModelChatTool[],
    wire: WireAttempt,
  ): AsyncGenerator<ModelStreamEvent> {
    // The API cancels through a token, not a signal: tie one to the other for the life of the request.
    const source = new vscode.CancellationTokenSource();
    const cancel = () => source.cancel();
    wire.signal.addEventListener('abort', cancel, { once: true });
    try {
      const options: vscode.LanguageModelChatRequestOptions = { justification: justification() };
      if (tools.length > 0) options.tools = tools;
      const response = await this.chat.sendRequest(messages, options, source.token);
      wire.alive();
      yield* vsCodeLmEvents(response.stream, wire.alive);
    } finally {
      wire.signal.removeEventListener('abort', cancel);
      source.dispose();
    }
  }
}

/**
 * A response stream as ModelStreamEvents, ending with a stop. The API reports no stop reason or usage:
 * a turn that called tools stopped for them, any other ended normally.
 */
export async function* vsCodeLmEvents(parts: AsyncIterable<unknown>, onPart: () => void = () => undefined): AsyncGenerator<ModelStreamEvent> {
  let calls = 0;
  for await (const part of parts) {
    onPart();
    if (part instanceof vscode.LanguageModelTextPart) {
      if (part.value) yield { type: 'text_delta', text: part.value };
    } else if (part instanceof vscode.LanguageModelToolCallPart) {
      calls++;
      const callId = part.callId || `vscode_lm_call_${Date.now().toString(36)}_${calls}`;
      yield { type: 'tool_call_start', callId, name: part.name };
      yield { type: 'tool_call_delta', callId, argsDelta: JSON.stringify(part.input ?? {}) };
      yield { type: 'tool_call_end', callId };
    }
    // Other parts (newer VS Code versions add data and thinking parts) carry nothing the loop uses.
  }
  yield { type: 'stop', reason: calls > 0 ? 'tool_use' : 'end_turn' };
}

/**
 * The neutral history as vscode.lm messages. There is no system role in this API, so the system prompt
 * opens the first user message. Tool results come first in their message, as the backing APIs require.
 */
export function toVsCodeLmMessages(system: string, messages: readonly ChatMessage[]): vscode.LanguageModelChatMessage[] {
  const out = messages.map((message) => {
    if (message.role === 'assistant') {
      const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart)[] = [];
      for (const part of message.content) {
        if (part.type === 'text') {
          if (part.text) parts.push(new vscode.LanguageModelTextPart(part.text));
        } else if (part.type === 'tool_call') parts.push(new vscode.LanguageModelToolCallPart(part.callId, part.name, part.args));
        // Reasoning parts belong to the API that produced them; vscode.lm gets none.
      }
      return vscode.LanguageModelChatMessage.Assistant(parts.length > 0 ? parts : [new vscode.LanguageModelTextPart(NO_CONTENT)]);
    }
    const results: vscode.LanguageModelToolResultPart[] = [];
    const texts: vscode.LanguageModelTextPart[] = [];
    const makeImage = imagePartFactory();
    for (const part of message.content) {
      if (part.type === 'text') {
        if (part.text) texts.push(new vscode.LanguageModelTextPart(part.text));
      } else if (part.type === 'image') {
        // Only models marked supportsImages are sent images; without the part type, say what was left out.
        if (makeImage) texts.push(makeImage(Buffer.from(part.data, 'base64'), part.mediaType));
        else texts.push(new vscode.LanguageModelTextPart('(An image was attached; this VS Code cannot pass images to the model.)'));
      } else {
        // No error flag exists on tool results here; say it in the content.
        const content = part.isError ? `Error: ${part.content}` : part.content || NO_CONTENT;
        results.push(new vscode.LanguageModelToolResultPart(part.callId, [new vscode.LanguageModelTextPart(content)]));
      }
    }
    const parts = [...results, ...texts];
    return vscode.LanguageModelChatMessage.User(parts.length > 0 ? parts : [new vscode.LanguageModelTextPart(NO_CONTENT)]);
  });
  if (!system.trim()) return out;
  const systemPart = new vscode.LanguageModelTextPart(system);
  const first = out[0];
  if (first && first.role === vscode.LanguageModelChatMessageRole.User) {
    // Tool results must still lead; in practice the first message holds only the task.
    const isResult = (part: unknown) => part instanceof vscode.LanguageModelToolResultPart;
    first.content = [...first.content.filter(isResult), systemPart, ...first.content.filter((part) => !isResult(part))];
    return out;
  }
  return [vscode.LanguageModelChatMessage.User([systemPart]), ...out];
}

export function toVsCodeLmTools(specs: readonly ModelToolSpec[]): vscode.LanguageModelChatTool[] {
  return specs.map((spec) => ({ name: spec.name, description: spec.description, inputSchema: spec.inputSchema }));
}

/** LanguageModelError codes name the cause; anything else is classified like an HTTP provider's error. */
export function classifyVsCodeLmFailure(err: unknown, context: FailureContext, nowMs: number): Failure {
  if (err instanceof vscode.CancellationError) return failure('cancelled', l10n.t('Cancelled.'), undefined, false);
  if (err instanceof vscode.LanguageModelError) {
    const detail = err.message ? ` (${err.message})` : '';
    switch (err.code) {
      case vscode.LanguageModelError.NoPermissions.name:
        return failure(
          'forbidden',
          l10n.t('Relay may not use the {0}{1}.', context.service, detail),
          l10n.t('Allow it when VS Code asks, or under Accounts > Manage Language Model Access.'),
          false,
        );
      case vscode.LanguageModelError.Blocked.name:
        return failure('rate_limited', l10n.t('The {0} is blocked for Relay{1}, usually by a quota.', context.service, detail), l10n.t('Try again later.'), false);
      case vscode.LanguageModelError.NotFound.name:
        return failure('not_found', l10n.t('The {0} is no longer available{1}.', context.service, detail), l10n.t('Choose another model.'), false);
    }
    if (err.cause) return classifyFailure(err.cause, context, nowMs);
  }
  return classifyFailure(err, context, nowMs);
}

/**
 * `LanguageModelDataPart.image` (stable since VS Code 1.106; our engine floor is older, so it is looked up at
 * run time) or undefined. The part is typed as a text part here only to fit the older type declarations.
 */
function imagePartFactory(): ((data: Uint8Array, mimeType: string) => vscode.LanguageModelTextPart) | undefined {
  const dataPart = (vscode as unknown as { LanguageModelDataPart?: { image?: (data: Uint8Array, mime: string) => vscode.LanguageModelTextPart } }).LanguageModelDataPart;
  return typeof dataPart?.image === 'function' ? (data, mime) => dataPart.image!(data, mime) : undefined;
}

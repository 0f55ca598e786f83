// `GET /v1/models` as Anthropic's Models API and OpenAI's `/models` answer it, for the model picker's live
// list: Anthropic's paged list (limit, after_id, has_more) with lifecycle fields, OpenAI's single list.
// A request with an `anthropic-version` header (the Anthropic SDK always sends one) gets Anthropic's shape.
import type { IncomingMessage } from 'node:http';

export interface ScriptedModel {
  id: string;
  displayName?: string;
  lifecycle?: 'active' | 'deprecated' | 'retired';
  /** RFC 3339. */
  retiresAt?: string;
  line?: 'haiku' | 'sonnet' | 'opus' | 'fable' | 'mythos';
  maxInputTokens?: number;
  maxTokens?: number;
  /** Ollama's `details` in `GET /api/tags`. */
  parameterSize?: string;
  quantization?: string;
}

/** What `GET /v1/models` answers: the models, or an error status, or nothing for this long. */
export type ModelsReply = { models: ScriptedModel[] } | { status: number } | { stallMs: number };

export function isAnthropicListing(req: IncomingMessage): boolean {
  return typeof req.headers['anthropic-version'] === 'string';
}

export function anthropicModelsPage(models: readonly ScriptedModel[], query: URLSearchParams): unknown {
  const limit = Math.max(1, Math.min(1000, Number(query.get('limit') ?? 20) || 20));
  const lifecycles = query.getAll('lifecycle[]').concat(query.getAll('lifecycle'));
  const visible = models.filter((m) => (lifecycles.length ? lifecycles.includes(m.lifecycle ?? 'active') : (m.lifecycle ?? 'active') !== 'retired'));
  const after = query.get('after_id');
  const start = after ? visible.findIndex((m) => m.id === after) + 1 : 0;
  const page = visible.slice(start, start + limit);
  return {
    data: page.map((m) => ({
      type: 'model',
      id: m.id,
      display_name: m.displayName ?? m.id,
      created_at: '2026-01-01T00:00:00Z',
      lifecycle: m.lifecycle ?? 'active',
      deprecated_at: m.lifecycle && m.lifecycle !== 'active' ? '2026-06-01T00:00:00Z' : null,
      retires_at: m.retiresAt ?? null,
      line: m.line ?? null,
      max_input_tokens: m.maxInputTokens ?? null,
      max_tokens: m.maxTokens ?? null,
      capabilities: null,
    })),
    has_more: start + limit < visible.length,
    first_id: page[0]?.id ?? null,
    last_id: page.at(-1)?.id ?? null,
  };
}

export function openaiModelsList(models: readonly ScriptedModel[]): unknown {
  return { object: 'list', data: models.map((m) => ({ id: m.id, object: 'model', created: 1_767_225_600, owned_by: 'scripted' })) };
}

/** Ollama's native `GET /api/tags`: the installed models with their details. */
export function ollamaTags(models: readonly ScriptedModel[]): unknown {
  return {
    models: models.map((m) => ({
      name: m.id,
      model: m.id,
      modified_at: '2026-01-01T00:00:00Z',
      size: 1_000_000,
      digest: 'sha256:scripted',
      details: { format: 'gguf', family: 'scripted', parameter_size: m.parameterSize ?? '', quantization_level: m.quantization ?? '' },
    })),
  };
}

// A real HTTP server on 127.0.0.1 that plays a model: Anthropic `POST /v1/messages`, OpenAI
// `POST /v1/chat/completions` and `POST /v1/responses`, Gemini `POST /v1beta/models/M:streamGenerateContent`,
// and Azure OpenAI's `POST /openai/deployments/D/chat/completions` and `POST /openai/responses` (with
// `?api-version=`), streamed as the real APIs stream them, replaying scripted turns (one per request) with
// optional faults. It records every request (never the API key) so tests can check what the
// model was sent. Control endpoints let another process drive it: POST /__script, GET /__requests, POST /__reset.
// `GET /v1/models` lists the models set with `setModels` in Anthropic's or OpenAI's format (not recorded), and
// with `ollamaTags`, `GET /api/tags` lists them as Ollama does. With `setAzureDeployments`, the server is an Azure
// resource with those deployments: `GET /openai/deployments` lists them (or fails with the status given, as
// resources that no longer serve the list do), and a request naming another deployment gets Azure's 404.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicErrorBody, anthropicFrames } from './anthropic-wire';
import { openaiErrorBody, openaiFrames } from './openai-wire';
import { anthropicModelsPage, isAnthropicListing, ollamaTags, openaiModelsList, type ModelsReply } from './models-wire';
import { geminiErrorBody, geminiFrames, thoughtSignatureFor } from './gemini-wire';
import { anthropicRequestProblem, geminiRequestProblem, openaiRequestProblem, responsesRequestProblem } from './request-checks';
import { issuedReasoningOf, responsesFrames } from './responses-wire';
import { parseScript, TurnQueue, type Route, type Script, type ScriptTurn } from './script';

export interface RecordedRequest {
  route: Route;
  method: string;
  path: string;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
  /** Whether an x-api-key, Authorization, api-key (Azure) or x-goog-api-key (Gemini) header came with it; the key itself is never kept. */
  authHeader: boolean;
  /** The query string's parameters (Azure's api-version, Gemini's alt=sse). */
  query: Record<string, string>;
  /** Gemini: the model named in the path; Azure chat: the deployment. */
  pathModel?: string;
  /** How the response ended: streamed to the end, an error status, dropped or stalled by a fault, or the client left. */
  outcome: 'pending' | 'completed' | 'error_status' | 'dropped' | 'client_closed';
}

export interface ScriptedModelServer {
  /** http://127.0.0.1:PORT: the Anthropic base URL (the SDK adds /v1). */
  readonly url: string;
  /** http://127.0.0.1:PORT/v1: the OpenAI base URL. */
  readonly openaiBaseUrl: string;
  readonly port: number;
  /** Every model request so far, oldest first; entries update as their responses end. */
  readonly requests: readonly RecordedRequest[];
  setScript(script: Script): void;
  /** What `GET /v1/models` answers from now on. */
  setModels(reply: ModelsReply): void;
  /** Azure's deployments (a request naming another gets DeploymentNotFound) and what their list answers. */
  setAzureDeployments(deployments: AzureDeployments | undefined): void;
  /** How many `GET /v1/models` requests came, and whether the last carried an API key header. */
  readonly modelListings: { count: number; authHeader: boolean };
  /** Lets a turn held by a `holdAfterChunks` fault go on (the next one to reach its hold, if none waits yet). */
  release(): void;
  /** Forgets the recorded requests and model listings and empties the script. */
  reset(): void;
  /** Stops listening and ends every open connection. */
  close(): Promise<void>;
}

export interface AzureDeployments {
  deployments: { id: string; /** Absent: the list does not say (older resources). */ model?: string }[];
  /** What `GET /openai/deployments` answers: the list (the default) or this error status. */
  listStatus?: number;
}

export interface ScriptedModelServerOptions {
  script?: Script;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** What `GET /v1/models` answers; the default is an empty list. */
  models?: ModelsReply;
  /** Also answer Ollama's `GET /api/tags` with the same models (off: 404, as other servers do). */
  ollamaTags?: boolean;
}

const ROUTES: Record<string, Route> = {
  '/v1/messages': 'anthropic',
  '/v1/chat/completions': 'openai',
  '/v1/responses': 'responses',
  '/openai/responses': 'responses',
};
const GEMINI_PATH = /^\/(?:v1|v1beta|v1alpha)\/models\/([^/:]+):streamGenerateContent$/;
const AZURE_CHAT_PATH = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

function routeOf(path: string): { route: Route; pathModel?: string } | undefined {
  const fixed = ROUTES[path];
  if (fixed) return { route: fixed };
  const gemini = GEMINI_PATH.exec(path);
  if (gemini) return { route: 'gemini', pathModel: decodeURIComponent(gemini[1]!) };
  const azure = AZURE_CHAT_PATH.exec(path);
  return azure ? { route: 'openai', pathModel: decodeURIComponent(azure[1]!) } : undefined;
}

const ERROR_BODIES: Record<Route, (status: number, message?: string) => unknown> = {
  anthropic: anthropicErrorBody,
  openai: openaiErrorBody,
  responses: openaiErrorBody,
  gemini: geminiErrorBody,
};

export async function startScriptedModelServer(options: ScriptedModelServerOptions = {}): Promise<ScriptedModelServer> {
  const queue = new TurnQueue(parseScript(options.script ?? []));
  const requests: RecordedRequest[] = [];
  let sequence = 0;
  let models: ModelsReply = options.models ?? { models: [] };
  const modelListings = { count: 0, authHeader: false };
  let azure: AzureDeployments | undefined;
  /** Reasoning items and thought signatures handed out, to check what comes back (the APIs verify both). */
  const issuedReasoning = new Map<string, string>();
  const issuedSignatures = new Set<string>();
  const signedCalls = new Map<string, string>();
  const holds = new Gate();
  const forget = () => {
    requests.length = 0;
    queue.replace([]);
    modelListings.count = 0;
    modelListings.authHeader = false;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `scripted model server: ${String(err)}` } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    const text = await readBody(req);
    if (path === '/__script' && req.method === 'POST') {
      try {
        queue.replace(parseScript(JSON.parse(text)));
      } catch (err) {
        return sendJson(res, 400, { error: { message: `invalid script: ${err instanceof Error ? err.message : String(err)}` } });
      }
      return sendJson(res, 200, { ok: true, turns: queue.remaining() });
    }
    if (path === '/__requests' && req.method === 'GET') return sendJson(res, 200, requests);
    if (path === '/__reset' && req.method === 'POST') {
      forget();
      return sendJson(res, 200, { ok: true });
    }
    if (path === '/v1/models' && req.method === 'GET') {
      modelListings.count++;
      modelListings.authHeader = Boolean(req.headers['x-api-key'] || req.headers.authorization);
      const anthropic = isAnthropicListing(req);
      if ('status' in models) return sendJson(res, models.status, (anthropic ? anthropicErrorBody : openaiErrorBody)(models.status));
      if ('stallMs' in models) return pause(res, models.stallMs).then(() => void res.destroy());
      const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
      return sendJson(res, 200, anthropic ? anthropicModelsPage(models.models, query) : openaiModelsList(models.models));
    }
    if (path === '/openai/deployments' && req.method === 'GET' && azure) {
      modelListings.count++;
      modelListings.authHeader = Boolean(req.headers['api-key']);
      if (!new URL(req.url ?? '/', 'http://localhost').searchParams.get('api-version')) return sendJson(res, 404, { error: { code: '404', message: 'Resource not found' } });
      if (azure.listStatus) return sendJson(res, azure.listStatus, { error: { code: String(azure.listStatus), message: 'Resource not found' } });
      const data = azure.deployments.map((d) => ({ id: d.id, model: d.model, owner: 'organization-owner', object: 'deployment', status: 'succeeded', scale_settings: { scale_type: 'standard' } }));
      return sendJson(res, 200, { object: 'list', data });
    }
    if (path === '/api/tags' && req.method === 'GET' && options.ollamaTags) {
      modelListings.count++;
      if ('status' in models) return sendJson(res, models.status, { error: `status ${models.status}` });
      if ('stallMs' in models) return pause(res, models.stallMs).then(() => void res.destroy());
      return sendJson(res, 200, ollamaTags(models.models));
    }
    const routed = routeOf(path);
    if (!routed || req.method !== 'POST') return sendJson(res, 404, { error: { message: `no route ${req.method} ${path}` } });
    const route = routed.route;
    const query = Object.fromEntries(new URL(req.url ?? '/', 'http://localhost').searchParams);

    const body = parseJson(text);
    const record: RecordedRequest = {
      route,
      method: req.method,
      path,
      body,
      authHeader: Boolean(req.headers['x-api-key'] || req.headers.authorization || req.headers['api-key'] || req.headers['x-goog-api-key']),
      query,
      ...(routed.pathModel ? { pathModel: routed.pathModel } : {}),
      outcome: 'pending',
    };
    requests.push(record);
    res.on('close', () => {
      if (record.outcome === 'pending') record.outcome = res.writableFinished ? 'completed' : 'client_closed';
    });
    const errorBody = ERROR_BODIES[route];
    const fail = (status: number, message?: string, headers: Record<string, string> = {}) => {
      record.outcome = 'error_status';
      sendJson(res, status, errorBody(status, message), headers);
    };

    // Azure answers a request without an api-version as an unknown resource.
    if (path.startsWith('/openai/') && !query['api-version']) return fail(404, 'Resource not found');
    if (!isRecord(body)) return fail(400, 'The request body is not valid JSON.');
    const deployment = path.startsWith('/openai/') ? (routed.pathModel ?? String(body.model)) : undefined;
    if (azure && deployment !== undefined && !azure.deployments.some((d) => d.id === deployment)) {
      record.outcome = 'error_status';
      // Azure's own words for a deployment the resource does not have.
      return sendJson(res, 404, { error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.' } });
    }
    const problem = requestProblem(route, body);
    if (problem) return fail(400, problem);
    const streaming = route === 'gemini' ? query.alt === 'sse' : body.stream === true;
    if (!streaming) return fail(400, 'scripted model server: only streaming requests are scripted (stream: true, or ?alt=sse for Gemini).');
    const turn = queue.next(route);
    if (!turn) return fail(400, `scripted model server: no scripted turn left for request ${requests.length} (${path}).`);

    const fault = turn.fault;
    if (fault && 'status' in fault) {
      const headers: Record<string, string> = {};
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
      const model = routed.pathModel ?? String(body.model);
      const standard = fault.status === 404 ? notFoundMessage(route, model) : undefined;
      record.outcome = 'error_status';
      return sendJson(res, fault.status, fault.body ?? errorBody(fault.status, standard), headers);
    }

    const n = ++sequence;
    const model = routed.pathModel ?? String(body.model);
    const framesOf = (reply: string): string[] => {
      switch (route) {
        case 'anthropic':
          return anthropicFrames(turn, model, { message: `msg_scripted_${reply}`, toolUse: counter(`toolu_scripted_${n}_`) });
        case 'openai':
          return openaiFrames(turn, model, isRecord(body.stream_options) && body.stream_options.include_usage === true, {
            completion: `chatcmpl-scripted-${reply}`,
            created: Math.floor(Date.now() / 1000),
            toolCall: counter(`call_scripted_${n}_`),
          });
        case 'responses': {
          const items = counter(`_scripted_${reply}_`);
          const frames = responsesFrames(
            turn,
            { model, encryptedReasoning: Array.isArray(body.include) && body.include.includes('reasoning.encrypted_content') },
            { response: `resp_scripted_${reply}`, created: Math.floor(Date.now() / 1000), toolCall: counter(`call_scripted_${n}_`), item: (prefix) => `${prefix}${items()}` },
          );
          for (const [id, content] of issuedReasoningOf(frames)) issuedReasoning.set(id, content);
          return frames;
        }
        case 'gemini': {
          const responseId = `scripted-${reply}`;
          const signature = thoughtSignatureFor(responseId, 0);
          issuedSignatures.add(signature);
          const first = turn.toolCalls?.[0];
          if (first && 'args' in first && typeof first.args !== 'string') signedCalls.set(JSON.stringify([first.name, first.args]), signature);
          return geminiFrames(turn, model, responseId);
        }
      }
    };
    let frames = framesOf(String(n));
    if (fault && 'spliceAfterChunks' in fault) {
      const again = fault.sameIds ? framesOf(`${n}_spliced`) : framesOf(`${n}_spliced`).map((f) => f.replaceAll(`_scripted_${n}_`, `_scripted_${n}_spliced_`));
      frames = [...frames.slice(0, fault.spliceAfterChunks), ...again];
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      [route === 'anthropic' ? 'request-id' : 'x-request-id']: `req_scripted_${n}`,
    });
    res.flushHeaders();
    await streamFrames(res, frames, turn, record, holds);
  }

  function requestProblem(route: Route, body: Record<string, unknown>): string | undefined {
    switch (route) {
      case 'anthropic':
        return anthropicRequestProblem(body);
      case 'openai':
        return openaiRequestProblem(body);
      case 'responses':
        return responsesRequestProblem(body, issuedReasoning);
      case 'gemini':
        return geminiRequestProblem(body, issuedSignatures, signedCalls);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    port,
    requests,
    setScript: (script) => queue.replace(parseScript(script)),
    setModels: (reply) => {
      models = reply;
    },
    setAzureDeployments: (deployments) => {
      azure = deployments;
    },
    modelListings,
    release: () => holds.open(),
    reset: forget,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Writes the frames one by one, applying the turn's delay, stall or drop; stops when the client leaves. */
async function streamFrames(res: ServerResponse, frames: string[], turn: ScriptTurn, record: RecordedRequest, holds: Gate): Promise<void> {
  const fault = turn.fault;
  const holdAt = fault && 'holdAfterChunks' in fault ? fault.holdAfterChunks : undefined;
  const dropAt = fault && 'dropAfterChunks' in fault ? fault.dropAfterChunks : undefined;
  const stall = fault && 'stallMs' in fault ? { ms: fault.stallMs, at: fault.afterChunks ?? 0 } : undefined;
  for (let i = 0; i <= frames.length; i++) {
    if (res.destroyed) return;
    if (i === dropAt) {
      record.outcome = 'dropped';
      res.socket?.destroy();
      return;
    }
    if (stall && i === stall.at) await pause(res, stall.ms);
    if (i === holdAt) await holds.pass(res);
    if (i === frames.length) break;
    if (i > 0 && turn.chunkDelayMs) await pause(res, turn.chunkDelayMs);
    if (res.destroyed) return;
    await new Promise<void>((resolve) => res.write(frames[i]!, () => resolve()));
  }
  res.end();
}

/** Waits, or stops waiting as soon as the connection closes (a client abort or server close). */
/** Where held turns wait for `release()`; a release with nobody waiting lets the next one through. */
class Gate {
  private waiting: (() => void)[] = [];
  private credits = 0;

  open(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.credits++;
  }

  /** Resolves on a release, or when the client leaves. */
  pass(res: ServerResponse): Promise<void> {
    if (this.credits > 0) {
      this.credits--;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        this.waiting = this.waiting.filter((w) => w !== done);
        res.off('close', done);
        resolve();
      };
      this.waiting.push(done);
      res.on('close', done);
    });
  }
}

function pause(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on('close', done);
  });
}

function notFoundMessage(route: Route, model: string): string {
  if (route === 'gemini') return `models/${model} is not found for API version v1beta, or is not supported for generateContent.`;
  return route === 'anthropic' ? `model: ${model}` : `The model \`${model}\` does not exist or you do not have access to it.`;
}

function counter(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

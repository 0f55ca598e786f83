// What Azure OpenAI's setup needs to know and check, without VS Code: the resource endpoint as people paste it
// (the portal's "Endpoint", or a whole request URL copied from a sample) reduced to what the SDK's AzureOpenAI
// client takes, the api-versions worth offering, deployment names, and the deployments list where a resource
// still serves it to an API key. Pure, unit-tested; the host asks the questions (src/host/model/azure-setup-steps.ts).

/** Recent enough for the Responses API and reasoning models on Azure. */
export const AZURE_DEFAULT_API_VERSION = '2025-04-01-preview';

/** The first api-version that serves the Responses API (Azure's "Responses API" page). */
const FIRST_RESPONSES_VERSION = '2025-03-01';

export interface AzureApiVersion {
  version: string;
  /** Generally available (no "-preview"): supported longest, but Chat Completions only. */
  ga: boolean;
  responses: boolean;
}

/** Offered in the api-version pick, newest first; anything else is typed under "Other…". */
export const AZURE_API_VERSIONS: readonly AzureApiVersion[] = ['2025-04-01-preview', '2025-03-01-preview', '2025-01-01-preview', '2024-10-21', '2024-06-01'].map(
  (version) => ({ version, ga: !version.endsWith('-preview'), responses: supportsResponses(version) }),
);

export function isApiVersion(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}(-preview)?$/.test(text.trim());
}

/** Whether this api-version serves the Responses API (2025-03-01-preview and later). */
export function supportsResponses(version: string): boolean {
  return isApiVersion(version) && version.slice(0, 10) >= FIRST_RESPONSES_VERSION;
}

export type EndpointCheck =
  | { ok: true; endpoint: string; /** What was dropped from the pasted text ("/openai/deployments/x/chat/completions?api-version=…"). */ dropped?: string }
  | { ok: false; problem: 'empty' | 'not_url' | 'not_https' };

/**
 * The endpoint the AzureOpenAI client takes (it adds `/openai/...` itself): scheme, host and any path before
 * `/openai`, no trailing slash, query or fragment. A bare host gets https://. Plain http only for this machine
 * (a local gateway or test server); Azure itself is https only.
 */
export function normaliseAzureEndpoint(text: string): EndpointCheck {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, problem: 'empty' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, problem: 'not_url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'not_url' };
  if (!url.hostname || /\s/.test(trimmed) || (!/[.:]/.test(url.host) && url.hostname !== 'localhost')) return { ok: false, problem: 'not_url' };
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) return { ok: false, problem: 'not_https' };
  const path = url.pathname.replace(/\/+$/, '');
  const openai = path.search(/\/openai(\/|$)/i);
  const kept = openai >= 0 ? path.slice(0, openai) : path;
  const endpoint = `${url.protocol}//${url.host}${kept}`;
  const dropped = `${path.slice(kept.length)}${url.search}${url.hash}`;
  return dropped ? { ok: true, endpoint, dropped } : { ok: true, endpoint };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Azure's rule for deployment names: letters, digits, '-', '_' and '.', at most 64. */
export function isDeploymentName(text: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(text.trim());
}

export interface AzureDeployment {
  name: string;
  /** The model it serves ("gpt-4.1"), when the list says. */
  model?: string;
}

export type DeploymentListing = { ok: true; deployments: AzureDeployment[] } | { ok: false; why: string };

/**
 * The data plane's `GET /openai/deployments` answers an API key only on api-versions up to 2023-05-15, and
 * many resources no longer serve it at all; so it is asked once, briefly, with that version, and any failure
 * means "type the name". Never throws; the key goes only in the `api-key` header and never into `why`.
 */
export async function listAzureDeployments(options: { endpoint: string; apiKey: string; fetch: typeof fetch; timeoutMs?: number }): Promise<DeploymentListing> {
  const url = `${options.endpoint.replace(/\/+$/, '')}/openai/deployments?api-version=2023-05-15`;
  try {
    const response = await options.fetch(url, { headers: { 'api-key': options.apiKey }, signal: AbortSignal.timeout(options.timeoutMs ?? 8_000) });
    if (!response.ok) return { ok: false, why: `HTTP ${response.status}` };
    const body = (await response.json()) as unknown;
    const data = isRecord(body) && Array.isArray(body.data) ? body.data : undefined;
    if (!data) return { ok: false, why: 'unexpected answer' };
    const deployments: AzureDeployment[] = [];
    for (const entry of data) {
      if (!isRecord(entry) || typeof entry.id !== 'string' || !entry.id) continue;
      if (typeof entry.status === 'string' && entry.status !== 'succeeded') continue;
      deployments.push(typeof entry.model === 'string' && entry.model ? { name: entry.id, model: entry.model } : { name: entry.id });
    }
    return { ok: true, deployments };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, why: message.split(options.apiKey).join('[redacted]') };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

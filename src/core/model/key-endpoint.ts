// Where a stored API key may go. Every key is bound to the origin (scheme, host and port) it was saved for; a
// request that would carry it anywhere else (a base URL or Azure endpoint from a repository's settings, say) waits
// for the user's confirmation. Keys saved before the binding existed are bound to the provider's default endpoint
// or the user's own base URL. Pure: src/host/model/key-gate.ts keeps the bindings and asks.
import { ANTHROPIC_DEFAULT_BASE_URL } from './anthropic-provider';
import { GEMINI_DEFAULT_BASE_URL } from './gemini-provider';
import { OPENAI_DEFAULT_BASE_URL } from './openai-provider';

/** `https://api.example.com:8443`, lower-case; undefined for text that is not an absolute http(s) URL. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  return parsed.origin.toLowerCase();
}

/** The endpoint a provider's requests go to when no base URL is set; undefined when it has none (compatible servers). */
export function defaultEndpoint(provider: string): string | undefined {
  switch (provider) {
    case 'anthropic':
      return ANTHROPIC_DEFAULT_BASE_URL;
    case 'openai':
      return OPENAI_DEFAULT_BASE_URL;
    case 'gemini':
      return GEMINI_DEFAULT_BASE_URL;
    default:
      return undefined;
  }
}

/**
 * Whether a key may be sent to `target`: only to an origin it is bound to (exactly: another port, scheme or host,
 * a sub-domain included, is another server). A target that is not a URL never gets a key.
 */
export function keyMayGo(target: string | undefined, boundTo: readonly (string | undefined)[]): boolean {
  const origin = originOf(target);
  if (!origin) return false;
  return boundTo.some((bound) => originOf(bound) === origin);
}

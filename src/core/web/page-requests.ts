// What check_page lets a page's requests do, before any address is known: requests that never touch the network
// (data:, blob:, about:) go ahead; http, https, ws and wss go to an address check (the same rules as web_fetch:
// public addresses, private ones a rule allows, and the task's own server); everything else is refused.
import { classifyAddress } from './ip-ranges';
import { urlPort } from './web-url';

export type PageRequestTarget =
  | { kind: 'local' }
  | { kind: 'network'; host: string; port: number }
  | { kind: 'refused'; reason: string };

const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:']);
const NETWORK_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:']);

export function pageRequestTarget(input: string): PageRequestTarget {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { kind: 'refused', reason: `${input} is not a URL.` };
  }
  if (LOCAL_SCHEMES.has(url.protocol)) return { kind: 'local' };
  if (!NETWORK_SCHEMES.has(url.protocol)) return { kind: 'refused', reason: `${url.protocol} requests are not allowed; a checked page may load http(s) and ws(s) only.` };
  if (url.username || url.password) return { kind: 'refused', reason: 'URLs with a user name or password are not loaded.' };
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  const port = url.port ? Number(url.port) : urlPort(new URL(secure ? 'https://x' : 'http://x'));
  return { kind: 'network', host, port };
}

/**
 * Whether a request to `host` may go out, given every address it resolved to: all of them must be public or
 * allowed (the browser resolves the name again and may pick any). Returns the refusal reason, or undefined.
 */
export function judgeAddresses(host: string, port: number, addresses: readonly string[], allowPrivate: (host: string, address: string, port: number) => boolean): string | undefined {
  if (addresses.length === 0) return `${host} did not resolve to any address.`;
  const blocked = addresses.filter((address) => {
    const kind = classifyAddress(address);
    return kind !== 'public' && !(kind === 'private' && allowPrivate(host, address, port));
  });
  if (blocked.length === 0) return undefined;
  return `${host}:${port} resolves to ${blocked.join(', ')}, a private, loopback or link-local address that is not this task's own server and that no relay.permissions rule allows for web_fetch.`;
}

// One HTTP(S) request to an address that was checked: the host name is resolved here, every address is
// classified, and the socket connects to the checked address only (the `lookup` hook answers with it), so DNS
// rebinding between the check and the connect cannot reach another address. TLS still verifies the host name.
import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { classifyAddress, isIpLiteral } from '../../core/web/ip-ranges';
import { WebFetchError } from '../../core/ports/web-fetch';
import { urlPort } from '../../core/web/web-url';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses; tests inject one to point names at local servers. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) => {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

export interface PinnedRequest {
  url: URL;
  headers: Record<string, string>;
  resolve: Resolver;
  allowPrivateAddress?: (host: string, address: string, port: number) => boolean;
  signal: AbortSignal;
}

/** The address the request will use, after the SSRF check; throws `blocked-address` or `dns`. */
export async function checkedAddress(url: URL, resolve: Resolver, allowPrivate?: (host: string, address: string, port: number) => boolean): Promise<ResolvedAddress> {
  const host = bareHost(url.hostname);
  const port = urlPort(url);
  const candidates: ResolvedAddress[] = isIpLiteral(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await resolveOrFail(host, resolve);
  if (candidates.length === 0) throw new WebFetchError('dns', `${host} did not resolve to any address.`);
  const allowed = candidates.filter((candidate) => {
    const kind = classifyAddress(candidate.address);
    return kind === 'public' || (kind === 'private' && allowPrivate?.(host, candidate.address, port) === true);
  });
  if (allowed.length === 0) {
    const shown = candidates.map((c) => c.address).join(', ');
    throw new WebFetchError(
      'blocked-address',
      `${host} resolves to ${shown}, a private, loopback or link-local address. Relay does not fetch from the local machine or network unless a relay.permissions rule allows that address for web_fetch (e.g. {"tool": "web_fetch", "pattern": "${candidates[0]!.address}", "action": "allow", "subject": "domain"}).`,
    );
  }
  return allowed[0]!;
}

/** Sends the request to the checked address and resolves with the response head (the body is not read). */
export async function sendPinned(request: PinnedRequest): Promise<http.IncomingMessage> {
  const { url } = request;
  const target = await checkedAddress(url, request.resolve, request.allowPrivateAddress);
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as dns.LookupAllOptions).all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'GET', headers: request.headers, lookup, agent: false, signal: request.signal },
      resolve,
    );
    req.on('error', (error) => reject(request.signal.aborted ? new WebFetchError('cancelled', 'The fetch was cancelled.') : networkError(url, error)));
    req.end();
  });
}

async function resolveOrFail(host: string, resolve: Resolver): Promise<ResolvedAddress[]> {
  try {
    return await resolve(host);
  } catch (error) {
    throw new WebFetchError('dns', `Could not resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
}

function networkError(url: URL, error: Error): WebFetchError {
  const code = (error as NodeJS.ErrnoException).code;
  return new WebFetchError('network', `Could not fetch ${url.host}: ${code ? `${code} (${error.message})` : error.message}`);
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

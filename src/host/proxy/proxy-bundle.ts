// Entry of dist/proxy.js: undici's ProxyAgent and the fetch that takes it, required only when `http.proxy` is
// set (never at activation, and not with the runtime bundle: undici is large and most people use no proxy).
// Node's built-in fetch is undici too, but it exposes no ProxyAgent; using the npm package's fetch with its own
// agent keeps the two from mixing versions. No `vscode` import: unit-tested in plain Node.
import { fetch as undiciFetch, ProxyAgent } from 'undici';

export interface ProxyFetchOptions {
  /** http(s)://host:port of the proxy. */
  proxy: string;
  /** Verify the certificates of the proxy and of the servers reached through it. */
  strictSSL: boolean;
  /** Sent as Proxy-Authorization. */
  authorization?: string;
}

export interface ProxyFetch {
  fetch: typeof fetch;
  close(): Promise<void>;
}

export function createProxyFetch(options: ProxyFetchOptions): ProxyFetch {
  const agent = new ProxyAgent({
    uri: options.proxy,
    ...(options.authorization ? { token: options.authorization } : {}),
    requestTls: { rejectUnauthorized: options.strictSSL },
    proxyTls: { rejectUnauthorized: options.strictSSL },
  });
  const proxied = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: agent });
  return { fetch: proxied as unknown as typeof fetch, close: () => agent.close() };
}

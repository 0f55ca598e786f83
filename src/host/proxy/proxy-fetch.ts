// The fetch every provider request uses (models, model lists, Test connection): VS Code's `http.proxy`,
// `http.proxyStrictSSL`, `http.proxyAuthorization` and `http.noProxy`, read when the request is made, so a
// changed setting applies to the next request. Without a proxy it is the global fetch and dist/proxy.js is
// never loaded.
import * as vscode from 'vscode';
import { normaliseProxyUrl, proxyFor, type ProxySettings } from '../../core/model/proxy-rules';
import type * as ProxyModule from './proxy-bundle';

let loaded: typeof ProxyModule | undefined;
let current: { key: string; proxied: ProxyModule.ProxyFetch } | undefined;

export function readProxySettings(): ProxySettings {
  const http = vscode.workspace.getConfiguration('http');
  const authorization = http.get<string | null>('proxyAuthorization')?.trim();
  return {
    proxy: normaliseProxyUrl(http.get<string>('proxy')),
    strictSSL: http.get<boolean>('proxyStrictSSL', true),
    authorization: authorization || undefined,
    noProxy: http.get<string[]>('noProxy', []) ?? [],
  };
}

/** A fetch that goes through the proxy VS Code is set to use for each URL, or directly. */
export const providerFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const settings = readProxySettings();
  const proxy = proxyFor(url, settings);
  if (!proxy) return globalThis.fetch(input, init);
  return proxiedFetch(proxy, settings)(input, init);
};

function proxiedFetch(proxy: string, settings: ProxySettings): typeof fetch {
  const key = JSON.stringify([proxy, settings.strictSSL, settings.authorization ?? '']);
  if (current?.key !== key) {
    void current?.proxied.close().catch(() => undefined);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded ??= require('./proxy.js') as typeof ProxyModule;
    const options: ProxyModule.ProxyFetchOptions = { proxy, strictSSL: settings.strictSSL };
    if (settings.authorization) options.authorization = settings.authorization;
    current = { key, proxied: loaded.createProxyFetch(options) };
  }
  return current.proxied.fetch;
}

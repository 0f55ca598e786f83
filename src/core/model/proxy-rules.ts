// Which requests go through VS Code's proxy (`http.proxy`, `http.noProxy`): pure, so the host's fetch only asks.
// `http.noProxy` entries are host names, `.suffix` or `*.suffix` for a domain and its subdomains, with an
// optional `:port`, or `*` for every host, as VS Code reads them.

export interface ProxySettings {
  /** `http.proxy`, e.g. http://proxy.corp:3128; undefined when none is set. */
  proxy: string | undefined;
  /** `http.proxyStrictSSL`: verify certificates on proxied connections. */
  strictSSL: boolean;
  /** `http.proxyAuthorization`: the Proxy-Authorization header value. */
  authorization: string | undefined;
  /** `http.noProxy`. */
  noProxy: readonly string[];
}

/** The proxy URL this request goes through, or undefined to connect directly. */
export function proxyFor(url: string, settings: ProxySettings): string | undefined {
  if (!settings.proxy) return undefined;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return settings.proxy;
  }
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return settings.noProxy.some((entry) => bypasses(entry, host, port)) ? undefined : settings.proxy;
}

function bypasses(entry: string, host: string, port: string): boolean {
  const rule = entry.trim().toLowerCase();
  if (!rule) return false;
  if (rule === '*') return true;
  const match = /^(.*?)(?::(\d+))?$/.exec(rule)!;
  const name = match[1]!.replace(/^\*/, '');
  if (match[2] && match[2] !== port) return false;
  if (name.startsWith('.')) return host === name.slice(1) || host.endsWith(name);
  return host === name;
}

/** A proxy URL as VS Code accepts it: `host:port` without a scheme means http. */
export function normaliseProxyUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
}

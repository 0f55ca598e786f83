// The URLs a fetch accepts: absolute http(s), without credentials; the fragment is dropped (never sent).
import { WebFetchError } from '../ports/web-fetch';

export function parseWebUrl(input: string, where = ''): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new WebFetchError('invalid-url', `"${input}" is not an absolute URL${where ? ` (${where})` : ''}; give one that starts with https:// or http://.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebFetchError('invalid-url', `${url.protocol} URLs are not fetched${where ? ` (${where})` : ''}; only http and https.`);
  }
  if (url.username || url.password) throw new WebFetchError('invalid-url', 'URLs with a user name or password are not fetched.');
  url.hash = '';
  return url;
}

/** The port a request to `url` connects to: the URL's own, or the scheme's default. */
export function urlPort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

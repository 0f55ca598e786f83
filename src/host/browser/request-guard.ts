// check_page's check of each request a page makes: the scheme first (core/web/page-requests.ts), then every
// address the host resolves to against the address rules of web_fetch (rules, and the task's own server).
// Answers are kept per host and port for the one page check (a page loads dozens of files from one server).
import { isIpLiteral } from '../../core/web/ip-ranges';
import { judgeAddresses, pageRequestTarget } from '../../core/web/page-requests';
import { type Resolver, systemResolver } from '../web/pinned-request';

export type AllowPrivate = (host: string, address: string, port: number) => boolean;

export function createRequestGuard(allowPrivate: AllowPrivate, resolve: Resolver = systemResolver): (url: string) => Promise<string | undefined> {
  const answers = new Map<string, Promise<string | undefined>>();
  return (url) => {
    const target = pageRequestTarget(url);
    if (target.kind === 'local') return Promise.resolve(undefined);
    if (target.kind === 'refused') return Promise.resolve(target.reason);
    const key = `${target.host}|${target.port}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = addressesOf(target.host, resolve).then(
        (addresses) => judgeAddresses(target.host, target.port, addresses, allowPrivate),
        (error: NodeJS.ErrnoException) => `Could not resolve ${target.host}: ${error.code ?? error.message}.`,
      );
      answers.set(key, answer);
    }
    return answer;
  };
}

async function addressesOf(host: string, resolve: Resolver): Promise<string[]> {
  if (isIpLiteral(host)) return [host];
  return (await resolve(host)).map((entry) => entry.address);
}

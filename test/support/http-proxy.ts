// A small HTTP proxy on 127.0.0.1 for tests: CONNECT tunnels (what undici's ProxyAgent sends) and plain forward
// requests (absolute URIs). It records every target it was asked for, and can refuse with a status.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface TestProxy {
  readonly url: string;
  /** "host:port" of every CONNECT and the URL of every forwarded request, in order. */
  readonly seen: string[];
  /**
   * Every HTTP request that passed, as "METHOD /path": forwarded ones, and plain-http ones inside CONNECT tunnels
   * (a kept-alive tunnel carries many requests for one CONNECT).
   */
  readonly requests: string[];
  /** The Proxy-Authorization headers received. */
  readonly authorizations: string[];
  /** Answer every request with this status instead of forwarding (e.g. 407). */
  refuseWith: number | undefined;
  close(): Promise<void>;
}

export async function startTestProxy(): Promise<TestProxy> {
  const sockets = new Set<Socket>();
  const state: TestProxy = {
    url: '',
    seen: [],
    requests: [],
    authorizations: [],
    refuseWith: undefined,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const note = (req: IncomingMessage, target: string) => {
    state.seen.push(target);
    const auth = req.headers['proxy-authorization'];
    if (typeof auth === 'string') state.authorizations.push(auth);
  };
  const server = createServer((req, res) => {
    note(req, req.url ?? '');
    if (state.refuseWith) {
      res.writeHead(state.refuseWith).end();
      return;
    }
    const target = new URL(req.url ?? '');
    state.requests.push(`${req.method} ${target.pathname}`);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    note(req, req.url ?? '');
    if (state.refuseWith) {
      client.end(`HTTP/1.1 ${state.refuseWith} Refused\r\n\r\n`);
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.on('data', (chunk: Buffer) => {
        const line = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/.exec(chunk.toString('latin1', 0, 512));
        if (line) state.requests.push(`${line[1]} ${line[2]!.split('?')[0]}`);
      });
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (state as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

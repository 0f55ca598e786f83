// Whether a loopback port is free now: a block handed to a task must not hold a port something already listens on.
import { createServer } from 'node:net';

export function isLoopbackPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

import net from 'node:net';
import { relay } from './tcp-proxy.js';

/**
 * A round-robin TCP load balancer: the stand-in for the operator's balancer in front of N app
 * processes (docs/DEPLOYMENT.md, "Several processes"). Each new connection goes to the next
 * backend in turn, with no stickiness and no look at the bytes; a WebSocket stays on the process
 * its connection reached. Tests read `routes` to know which process a connection reached.
 */
export interface Balancer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The backend index each accepted connection went to, in the order they were accepted. */
  routes: number[];
  close: () => Promise<void>;
}

export async function startBalancer(backendPorts: number[], host = '127.0.0.1'): Promise<Balancer> {
  if (backendPorts.length === 0) throw new Error('a balancer needs at least one backend');
  const routes: number[] = [];
  const open = new Set<net.Socket>();
  let next = 0;
  const server = net.createServer({ noDelay: true }, (client) => {
    const index = next;
    next = (next + 1) % backendPorts.length;
    routes.push(index);
    relay(client, net.connect({ port: backendPorts[index] as number, host, noDelay: true }), open);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    routes,
    async close() {
      for (const socket of open) socket.destroy();
      open.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import net from 'node:net';

/** A TCP proxy between the app and a service (Redis, PostgreSQL) that a test can cut and restore. */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones until `restore()`. */
  cut: () => void;
  restore: () => void;
  close: () => Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let isCut = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    relay(client, net.connect(targetPort, targetHost), open);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      isCut = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    async close() {
      isCut = true;
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same URL with host and port replaced by the proxy's. */
export function viaProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}

/**
 * Pipes `client` and `upstream` into each other, tracked in `open` until either ends; an error or
 * close on one side destroys both.
 */
export function relay(client: net.Socket, upstream: net.Socket, open: Set<net.Socket>): void {
  open.add(client);
  open.add(upstream);
  const end = () => {
    client.destroy();
    upstream.destroy();
    open.delete(client);
    open.delete(upstream);
  };
  for (const socket of [client, upstream]) {
    socket.on('error', end);
    socket.on('close', end);
  }
  client.pipe(upstream);
  upstream.pipe(client);
}

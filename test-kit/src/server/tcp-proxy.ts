import net from 'node:net';

/** A TCP proxy between the app and a service (Redis, PostgreSQL) that a test can cut and restore. */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones until `restore()`. */
  cut: () => void;
  restore: () => void;
  /**
   * From now on the service's answers are held back from the app (the app's writes still pass), and
   * what the app writes is kept for `written()`.
   */
  holdAnswers: () => void;
  /** Passes the held answers on, in order, and lets the next ones through. */
  releaseAnswers: () => void;
  /** What the app wrote since `holdAnswers()` (latin1: protocol bytes read as text). */
  written: () => string;
  close: () => Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let isCut = false;
  let holding = false;
  let written = '';
  const held: { to: net.Socket; chunk: Buffer }[] = [];
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    relay(client, net.connect(targetPort, targetHost), open, {
      fromClient: (chunk) => {
        if (holding) written += chunk.toString('latin1');
      },
      toClient: (chunk) => {
        if (holding) held.push({ to: client, chunk });
        return !holding;
      },
    });
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
    holdAnswers() {
      holding = true;
      written = '';
    },
    releaseAnswers() {
      holding = false;
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    written: () => written,
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
 * close on one side destroys both. `taps`: told of what the client writes, and asked whether each
 * chunk of the upstream's passes to the client now (false: the tap keeps it).
 */
export function relay(
  client: net.Socket,
  upstream: net.Socket,
  open: Set<net.Socket>,
  taps?: { fromClient: (chunk: Buffer) => void; toClient: (chunk: Buffer) => boolean },
): void {
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
  if (!taps) {
    upstream.pipe(client);
    return;
  }
  client.on('data', taps.fromClient);
  upstream.on('data', (chunk: Buffer) => {
    if (taps.toClient(chunk)) client.write(chunk);
  });
}

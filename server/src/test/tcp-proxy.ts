import { connect, createServer, type Socket } from 'node:net';

/** A TCP proxy between the app and a server (PostgreSQL), which a test can cut and bring back. */
export interface TcpProxy {
  port: number;
  /** The connection string `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  /**
   * An outage, as when the server restarts: every open connection is cut and new ones are refused
   * (the port stops listening) until `restore()`.
   */
  cut(): Promise<void>;
  /** The server is reachable again (same port). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    async cut() {
      const closed = stopListening();
      for (const socket of open) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    async close() {
      const closed = stopListening();
      for (const socket of open) socket.destroy();
      await closed;
    },
  };
}

import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';

/**
 * A receiver that accepts connections and never answers (tests of fair
 * background work): it counts how many connections are open at once, the most
 * there ever were, and in all.
 */
export async function startHangingServer() {
  const sockets = new Set<Socket>();
  const stats = { open: 0, mostOpen: 0, accepted: 0 };
  const server = createServer((socket) => {
    sockets.add(socket);
    stats.accepted++;
    stats.open++;
    stats.mostOpen = Math.max(stats.mostOpen, stats.open);
    socket.on('data', () => {}); // read the request, answer nothing
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      stats.open--;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

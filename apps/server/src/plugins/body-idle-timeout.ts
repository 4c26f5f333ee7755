import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether the request announces a body (a length above zero, or chunks). */
function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * A client that stops sending its body is cut once no byte has come for `idleMs`; a body that
 * keeps arriving takes as long as it needs. Node's `requestTimeout` counted the whole upload,
 * so a large CSV import over an ordinary link was cut after a minute however steadily it came
 * (docs/decisions/096-uploads-cut-when-idle.md). The socket's own inactivity timer is armed
 * while the body arrives and disarmed when it has been read, so a slow answer computed after
 * it (an import's save) is never cut by it; Node destroys a socket whose timer fires when nobody
 * listens for the request's `timeout`.
 */
export function registerBodyIdleTimeout(app: FastifyInstance, idleMs: number): void {
  app.addHook('onRequest', async (request) => {
    if (!announcesBody(request)) return;
    const socket = request.raw.socket;
    // Requests injected in-process (tests, light-my-request) have no real socket to time.
    if (typeof socket?.setTimeout !== 'function') return;
    socket.setTimeout(idleMs);
    request.raw.once('end', () => socket.setTimeout(0));
  });
}

/**
 * A body the handler reads at its own pace (an import reads its file no faster than it saves it,
 * docs/decisions/122-import-checked-beside-the-save.md): the idle timer runs only while the
 * handler waits for the next piece, so the server's own pauses, when the client cannot send, are
 * never taken for a client that stopped.
 */
export function idleTimedBody<T>(request: FastifyRequest, body: AsyncIterable<T>): AsyncIterable<T> {
  const socket = request.raw.socket;
  const idleMs = socket?.timeout;
  if (!idleMs || typeof socket.setTimeout !== 'function') return body;
  socket.setTimeout(0);
  return (async function* () {
    const pieces = body[Symbol.asyncIterator]();
    try {
      while (true) {
        socket.setTimeout(idleMs);
        const next = await pieces.next();
        socket.setTimeout(0);
        if (next.done) return;
        yield next.value;
      }
    } finally {
      socket.setTimeout(0);
      await pieces.return?.();
    }
  })();
}

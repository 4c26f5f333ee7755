import type { FastifyInstance } from 'fastify';

/**
 * Keep-alive connections end with the server's close (SIGTERM), not at their idle timeout.
 *
 * Node's `server.close()` closes the connections idle at that moment, and Fastify answers
 * requests arriving afterwards with 503 and `Connection: close`. A connection busy with a
 * long (streamed) answer when the close begins is neither: once its answer ends it sits idle
 * until the keep-alive timeout (72 s), and the process outlives its own shutdown timer.
 * So while closing, every answer not yet begun says `Connection: close` (Node then ends the
 * socket after it), an answer already under way has its socket ended once it is sent, and
 * the connections idle when the close begins are closed at once rather than after the jobs' grace.
 */
export function registerCloseConnections(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => {
    // The answer is out: ending the socket now cuts nothing, and the client's agent drops it.
    if (closing) request.raw.socket?.end();
  });
}

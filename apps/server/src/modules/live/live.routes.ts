import fastifyWebsocket from '@fastify/websocket';
import { MODULE_ID } from '@kontora/contract/limits';
import { LIVE_CLOSE, LIVE_LIMITS, type LiveAdmin } from '@kontora/contract/live';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { PublishedImportProgress } from '../../lib/csv-import/import-progress.ts';
import { policies } from '../../plugins/access.ts';
import { createFeedTailer } from './feed-tailer.ts';
import { followedJobEvents, type PublishedJobEvent, toLiveJob } from './job-progress.ts';
import { LiveConnection } from './live-connection.ts';
import { LiveHub } from './live-hub.ts';
import { createNotificationTailer } from './notification-tailer.ts';
import { createRelays, relayChannel } from './redis-relay.ts';
import type { PublishedSettingsNotice } from './settings-notices.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `/api/ws` (docs/decisions/017-live-updates.md): one hub and one feed tailer
 * per instance; sockets authenticate by their first message.
 */
export async function registerLiveUpdates(app: FastifyInstance, ctx: AppContext): Promise<LiveHub> {
  const hub = new LiveHub(ctx.config.live);
  const tailer = createFeedTailer(
    ctx,
    {
      pollMs: ctx.config.live.pollMs,
      redisUrl: ctx.config.redisUrl,
      channel: `${ctx.config.redisPrefix}:live-nudge`,
      log: app.log,
    },
    (entries) => hub.deliver(entries),
  );
  // A person's notifications: to that person's sockets only, whatever company they follow.
  const notifications = createNotificationTailer(
    ctx,
    { pollMs: ctx.config.live.pollMs, log: app.log },
    (rows) => {
      for (const row of rows) hub.deliverToUser(row.user_id, { type: 'notification', id: row.id });
    },
  );
  // Passing messages, each kind on its channel of the shared Redis: `<REDIS_PREFIX>:live-<name>`.
  const relays = createRelays(
    { redisUrl: ctx.config.redisUrl, channelPrefix: `${ctx.config.redisPrefix}:live-`, log: app.log },
    [
      relayChannel<PublishedJobEvent>({
        name: 'jobs',
        what: 'job event',
        source: followedJobEvents(ctx),
        deliver: ({ event, module }) => hub.deliverToModule(event.companyId, module, toLiveJob(event)),
      }),
      relayChannel<LiveAdmin>({
        name: 'admin',
        what: 'admin notice',
        source: ctx.adminNotices.observe,
        deliver: (notice) => {
          // The notice comes after its commit, but maybe before the session eviction's broadcast (another
          // channel): the person's sessions cached here are dropped, so the check of their sockets reads it.
          if (notice.kind.startsWith('user.')) ctx.caches.sessions.evict(notice.id, true);
          void hub.deliverAdmin(notice);
        },
      }),
      // Changes of webhook endpoints, connections and mail: to the company's sockets on every instance.
      relayChannel<PublishedSettingsNotice>({
        name: 'settings',
        what: 'settings notice',
        source: ctx.settingsNotices.observe,
        deliver: ({ companyId, module, notice, userId }) =>
          hub.deliverToModule(companyId, module, notice, userId),
      }),
      // A running CSV import's counts: to the importing person's sockets alone (imports are the CRM's).
      relayChannel<PublishedImportProgress>({
        name: 'imports',
        what: 'import progress',
        source: ctx.importProgress.observe,
        deliver: ({ companyId, userId, job }) => hub.deliverToModule(companyId, MODULE_ID.crm, job, userId),
      }),
    ],
  );

  // A write answered successfully has committed: whatever it recorded can be read now.
  app.addHook('onResponse', async (request, reply) => {
    if (WRITES.has(request.method) && reply.statusCode < 400) {
      tailer.nudge();
      notifications.nudge();
    }
  });

  const unlisten: (() => void)[] = [];
  app.addHook('onReady', async () => {
    await tailer.start();
    await notifications.start();
    await relays.start();
    unlisten.push(
      ctx.caches.sessions.onEvicted((userId) => hub.userEvicted(userId)),
      ctx.caches.companyAccess.onEvicted((companyId) => hub.companyEvicted(companyId)),
    );
  });

  await app.register(fastifyWebsocket, {
    options: { maxPayload: LIVE_LIMITS.messageMaxBytes },
    // Sockets are told the server is going away, so clients reconnect (to another instance) and resume.
    preClose: async function closeSockets(this: FastifyInstance) {
      for (const stop of unlisten) stop();
      hub.stop();
      for (const client of this.websocketServer.clients) client.close(1001, 'server_closing');
      await tailer.stop();
      await notifications.stop();
      await relays.stop();
    },
  });

  app.route({
    method: 'GET',
    url: '/api/ws',
    config: { access: policies.socket },
    schema: { hide: true },
    // A plain GET (no upgrade) learns only how to connect.
    handler: async (_request, reply) =>
      reply.code(401).send({
        message: 'Open a WebSocket here and send your session token in the first message.',
        code: 'unauthenticated',
      }),
    wsHandler: (socket, request) => {
      // The address ends up in logs: a socket never takes anything there, least of all a token.
      if (request.raw.url?.includes('?')) return socket.close(LIVE_CLOSE.unauthenticated, 'token_in_address');
      new LiveConnection(ctx, hub, socket, request.log);
    },
  });
  return hub;
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { LIMITS } from '@kontora/contract/limits';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { KyselyPlugin } from 'kysely';
import { createAppCaches } from './app-caches.ts';
import { type Config, fastifyTrustProxy } from './config.ts';
import type { AppContext } from './context.ts';
import { createDatabase } from './db/database.ts';
import { createJobs } from './jobs/create-jobs.ts';
import { registerMaintenanceJobs } from './jobs/maintenance.jobs.ts';
import { createAccountActivated } from './lib/account-activated.ts';
import { createClock } from './lib/clock.ts';
import type { PublishedImportProgress } from './lib/csv-import/import-progress.ts';
import { sweepStaleImports } from './lib/csv-import/import-staging.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter.ts';
import { wireCacheInvalidation } from './lib/redis-cache-invalidation.ts';
import { registerMailJobs } from './mail/mail.jobs.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import { adminCompaniesRoutes } from './modules/admin/admin-companies.routes.ts';
import { adminSessionsRoutes } from './modules/admin/admin-sessions.routes.ts';
import { adminUsersRoutes } from './modules/admin/admin-users.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { createKeyRateLimiter } from './modules/api-keys/key-rate-limiter.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { registerAccountMailJobs } from './modules/auth/account-mail.jobs.ts';
import { registerAuthJobs } from './modules/auth/auth.jobs.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { batchGetRoutes } from './modules/batch-get/batch-get.routes.ts';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { registerChangeFeedJobs } from './modules/change-feed/change-feed.jobs.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { companyCalendarRoutes } from './modules/companies/company-calendar.routes.ts';
import { companySecurityRoutes } from './modules/companies/company-security.routes.ts';
import { companyJobsRoutes } from './modules/company-jobs/company-jobs.routes.ts';
import { connectorFieldMappingRoutes } from './modules/connectors/connector-field-mapping.routes.ts';
import { registerConnectorJobs } from './modules/connectors/connectors.jobs.ts';
import { connectorsRoutes } from './modules/connectors/connectors.routes.ts';
import { registerCrmCounterJobs } from './modules/crm-stats/crm-counters.ts';
import { crmStatsRoutes } from './modules/crm-stats/crm-stats.routes.ts';
import { customFieldOptionsRoutes } from './modules/custom-field-options/custom-field-options.routes.ts';
import { registerCustomFieldJobs } from './modules/custom-fields/custom-fields.jobs.ts';
import { customFieldsRoutes } from './modules/custom-fields/custom-fields.routes.ts';
import { customerViewsRoutes } from './modules/customer-views/customer-views.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { registerDuplicateScanJobs } from './modules/customers/duplicates/customer-duplicate-scan.service.ts';
import { customerDuplicatesRoutes } from './modules/customers/duplicates/customer-duplicates.routes.ts';
import { resumeFinishing } from './modules/customers/import/customer-import-finish.ts';
import { dealsRoutes } from './modules/deals/deals.routes.ts';
import { pipelinesRoutes } from './modules/deals/pipelines.routes.ts';
import { registerEventReminderJobs } from './modules/events/event-reminders.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerInvitationMailJobs } from './modules/invitations/invitation-mail.jobs.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { acceptOnActivation } from './modules/invitations/invitations.service.ts';
import { jobsAdminRoutes } from './modules/jobs-admin/jobs-admin.routes.ts';
import { createAdminNotices } from './modules/live/admin-notices.ts';
import { registerLiveUpdates } from './modules/live/live.routes.ts';
import { createNoticeBoard } from './modules/live/notice-board.ts';
import { createSettingsNotices } from './modules/live/settings-notices.ts';
import { emailSendingRoutes } from './modules/mailboxes/email-sending.routes.ts';
import { registerMailboxIdleWatch } from './modules/mailboxes/mailbox-idle-watcher.ts';
import { registerMailboxJobs } from './modules/mailboxes/mailboxes.jobs.ts';
import { mailboxesRoutes } from './modules/mailboxes/mailboxes.routes.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { registerNotificationJobs } from './modules/notifications/notifications.jobs.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { registerOwnFieldSearchJobs } from './modules/own-field-search/own-field-search.service.ts';
import { mySessionsRoutes } from './modules/sessions/my-sessions.routes.ts';
import { registerSocialAccountJobs } from './modules/social-accounts/social-accounts.jobs.ts';
import { socialAccountsRoutes } from './modules/social-accounts/social-accounts.routes.ts';
import { socialSetupRoutes } from './modules/social-accounts/social-setup.routes.ts';
import { postApprovalRoutes } from './modules/social-approval/post-approval.routes.ts';
import { socialMediaRoutes } from './modules/social-media/social-media.routes.ts';
import { registerSocialPostJobs } from './modules/social-posts/social-posts.jobs.ts';
import { socialPostsRoutes } from './modules/social-posts/social-posts.routes.ts';
import { postNeedingMedia } from './modules/social-posts/social-posts.service.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { registerWebhookJobs } from './modules/webhooks/webhooks.jobs.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { registerAccessControl } from './plugins/access.ts';
import { registerBodyIdleTimeout } from './plugins/body-idle-timeout.ts';
import { registerCloseConnections } from './plugins/close-connections.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/error-handler.ts';
import { registerIdempotencyJobs } from './plugins/idempotency.jobs.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { SECURITY_SCHEMES, withSecurity } from './plugins/openapi-security.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

export interface BuildOptions {
  /** Replace the mail transport (tests use a real SMTP server through SMTP_URL instead where they can). */
  mailer?: Mailer;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it, e.g. to check that no secret is logged). */
  logStream?: { write(line: string): void };
  /** Kysely plugins on every query of this app (the API tests install a company-scope check). */
  queryPlugins?: KyselyPlugin[];
}

/** Builds the whole server (plugins, modules, static web app) without listening. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: LIMITS.jsonBodyBytes,
    routerOptions: { maxParamLength: 300 },
    // Refusals made before any route runs answer in the API's shape too (error-handler.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // No cap on the whole request: a 1 GB import may arrive for many minutes. A client that
    // stops sending is cut by registerBodyIdleTimeout instead, and slow headers by Node's
    // headersTimeout (a minute).
    requestTimeout: 0,
    // On close: a request still arriving gets 503 with `Connection: close` (never a reset) and
    // requests in flight finish (decision 008); close-connections.ts ends the keep-alive sockets.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  // First, so that its preClose hook runs before the jobs' grace does.
  registerCloseConnections(app);
  registerBodyIdleTimeout(app, config.bodyIdleMs);
  // Clients often send `Content-Type: application/json` on bodiless POSTs (disable, resend, logout):
  // treat an empty JSON body as no body instead of refusing it; anything else parses as usual.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  // The API speaks JSON (and the import reads CSV in its own scope): a text/plain body is refused
  // with 415 instead of reaching a route as a string that only fails its schema.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const created = createDatabase(config.database);
  const dialect = created.dialect;
  const db = (options.queryPlugins ?? []).reduce((withPlugins, p) => withPlugins.withPlugin(p), created.db);
  const limiter = config.redisUrl
    ? createRedisRateLimiter(new Redis(config.redisUrl, { lazyConnect: false }), `${config.redisPrefix}:rl:`)
    : createMemoryRateLimiter();
  const clock = createClock();
  const ctx: AppContext = {
    config,
    db,
    dialect,
    mailer:
      options.mailer ??
      (config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : createOutboxMailer(config.dataDir, app.log)),
    limiter,
    keyLimiter: createKeyRateLimiter(limiter, clock),
    jobs: createJobs({ db, dialect, config, log: app.log }),
    adminNotices: createAdminNotices(),
    settingsNotices: createSettingsNotices(),
    importProgress: createNoticeBoard<PublishedImportProgress>(),
    caches: createAppCaches(),
    clock,
    benchOnlyChangeFeed: { enabled: true },
    accountActivated: createAccountActivated(),
  };
  // Activating an account accepts the invitations waiting for it (decision 011); auth runs this
  // step without importing invitations, which asks auth for activation links (decision 033).
  ctx.accountActivated.on((account) => acceptOnActivation(ctx, account));
  // Every module's jobs: handlers and repeating schedules (one line per module; see jobs/jobs.ts).
  registerMailJobs(ctx);
  registerAccountMailJobs(ctx);
  registerInvitationMailJobs(ctx);
  registerAuthJobs(ctx);
  registerMaintenanceJobs(ctx);
  registerChangeFeedJobs(ctx);
  registerIdempotencyJobs(ctx);
  registerWebhookJobs(ctx, app);
  registerConnectorJobs(ctx);
  registerMailboxJobs(ctx);
  registerDuplicateScanJobs(ctx);
  registerCrmCounterJobs(ctx);
  registerEventReminderJobs(ctx);
  registerSocialAccountJobs(ctx);
  registerSocialPostJobs(ctx);
  registerNotificationJobs(ctx);
  registerCustomFieldJobs(ctx);
  registerOwnFieldSearchJobs(ctx);
  // The worker starts once the app is ready (after migrations in main.ts and the tests).
  app.addHook('onReady', async () => {
    await ctx.jobs.start();
  });
  sweepStaleImports(app, ctx.db, (imp) => resumeFinishing(ctx, imp.company_id, imp.id));
  // After the jobs' hooks: the watch queues sync runs, and its connections close on shutdown.
  registerMailboxIdleWatch(app, ctx);
  // preClose runs while in-flight requests finish: running jobs get the same grace, then are handed back.
  app.addHook('preClose', async () => {
    await ctx.jobs.stop(config.jobs.shutdownGraceMs);
  });
  const stopInvalidation = config.redisUrl
    ? wireCacheInvalidation(ctx.caches, config.redisUrl, `${config.redisPrefix}:cache-evict`)
    : async () => {};
  app.addHook('onClose', async () => {
    await stopInvalidation();
    ctx.mailer.close();
    ctx.keyLimiter.close();
    await ctx.limiter.close();
    await db.destroy();
  });

  registerErrorHandling(app);
  registerNulGuard(app);
  registerSecurityHeaders(app, config);
  registerAccessControl(app, ctx);
  registerIdempotency(app, ctx);
  // The web app's files are compressed at build time and sent as they are, so it comes before
  // compression, whose hook attaches only to the routes registered after it (docs and API).
  await registerWebApp(app, config);
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.appName} API`,
        version: '1.0.0',
        description: 'Answers are `{data}`; errors are `{message, code, details?}`.',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ session: [] }],
    },
    transform: withSecurity(jsonSchemaTransform),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(authRoutes, { ctx });
      await api.register(meRoutes, { ctx });
      await api.register(companiesRoutes, { ctx });
      await api.register(catalogueRoutes, { ctx });
      await api.register(healthRoutes, { ctx });
      await api.register(batchGetRoutes);
      await api.register(membersRoutes, { ctx });
      await api.register(invitationsRoutes, { ctx });
      await api.register(adminCompaniesRoutes, { ctx });
      await api.register(adminUsersRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      await api.register(jobsAdminRoutes, { ctx });
      await api.register(companyJobsRoutes, { ctx });
      await api.register(customersRoutes, { ctx });
      await api.register(customFieldsRoutes, { ctx });
      await api.register(customFieldOptionsRoutes, { ctx });
      await api.register(eventsRoutes, { ctx });
      await api.register(crmStatsRoutes, { ctx });
      await api.register(twoFactorRoutes, { ctx });
      await api.register(mySessionsRoutes, { ctx });
      await api.register(companySecurityRoutes, { ctx });
      await api.register(companyCalendarRoutes, { ctx });
      await api.register(adminSessionsRoutes, { ctx });
      await api.register(socialAccountsRoutes, { ctx });
      await api.register(socialSetupRoutes, { ctx });
      await api.register(socialPostsRoutes, { ctx });
      await api.register(postApprovalRoutes, { ctx });
      // The posts answer whether a medium is still needed: the media module asks without depending on them.
      await api.register(socialMediaRoutes, { ctx, mediaInUse: postNeedingMedia });
      await api.register(webhooksRoutes, { ctx });
      await api.register(connectorsRoutes, { ctx });
      await api.register(connectorFieldMappingRoutes, { ctx });
      await api.register(customerDuplicatesRoutes, { ctx });
      await api.register(apiKeysRoutes, { ctx });
      await api.register(calendarFeedRoutes, { ctx });
      await api.register(customerViewsRoutes, { ctx });
      await api.register(pipelinesRoutes, { ctx });
      await api.register(dealsRoutes, { ctx });
      await api.register(notificationsRoutes, { ctx });
      await api.register(mailboxesRoutes, { ctx });
      await api.register(emailSendingRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  await registerLiveUpdates(app, ctx);

  return { app, ctx };
}

/**
 * The built single-page app, served from the same port; hashed assets are cached for good.
 * The build writes .br/.gz copies of every text file (apps/web/build/precompress.ts); the
 * best one the browser accepts is sent as is, with `Vary: Accept-Encoding` and its own ETag.
 */
async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  if (!existsSync(path.join(config.webDist, 'index.html'))) {
    app.get('/', async (_request, reply) =>
      reply
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: config.webDist,
    wildcard: true,
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed =
        filePath.includes(`${path.sep}assets${path.sep}`) && !filePath.includes(`${path.sep}i18n${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

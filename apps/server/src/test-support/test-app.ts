import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompanyRole } from '@kontora/contract/limits';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { useFastHashingForTests } from '../lib/passwords.ts';
import { createActiveUser, createCompanyWith } from '../seed/accounts.seed.ts';
import { CompanyScopeCheck } from './company-scope-check.ts';
import { createSchemaTestDatabase } from './test-database.ts';

export const PASSWORD = 'correct horse battery';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The company-scope check on every query of this app (company-scope-check.ts). */
  scopeCheck: CompanyScopeCheck;
  close(): Promise<void>;
  /** app.inject with a bearer token. */
  call(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  login(email: string, password?: string): Promise<string>;
  user(email: string, opts?: { is_admin?: boolean; password?: string; language?: string }): Promise<number>;
  company(
    name: string,
    modules: number[],
    members?: { userId: number; role: CompanyRole }[],
  ): Promise<number>;
}

/** A whole server on a fresh database (SQLite in memory, or a new PostgreSQL database when TEST_DB=postgres). */
/** `logStream`: the app logs (at `overrides.logLevel`) into it; without it the app does not log. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  { logStream }: Pick<BuildOptions, 'logStream'> = {},
): Promise<TestApp> {
  useFastHashingForTests();
  const { database, drop } = await createSchemaTestDatabase();
  // Its own folder for media and the mail outbox: the SQLite and PostgreSQL runs of the
  // suite go at the same time (decision 025), and their companies share ids.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kontora-test-data-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      APP_URL: 'http://kontora.test',
      SECRET_KEY: 'k'.repeat(64),
    },
    { database, seedDemo: false, ...overrides },
  );
  // Every query the suite runs must be company-scoped (see company-scope-check.ts).
  const scopeCheck = new CompanyScopeCheck();
  const { app, ctx } = await buildApp(config, {
    ...(logStream ? { logStream } : { logger: false }),
    queryPlugins: [scopeCheck],
  });
  await migrateToLatest(ctx.db);
  await scopeCheck.learnTables(ctx.db);
  await app.ready();

  const call: TestApp['call'] = (token, options) =>
    app.inject({
      ...options,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
    });

  return {
    app,
    ctx,
    scopeCheck,
    call,
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
      if (scopeCheck.violations.length) {
        throw new Error(`Unscoped company queries:\n${[...new Set(scopeCheck.violations)].join('\n')}`);
      }
    },
    async login(email, password = PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().data.token as string;
    },
    user: (email, opts = {}) =>
      createActiveUser(ctx.db, {
        email,
        full_name: email.split('@')[0] ?? email,
        password: opts.password ?? PASSWORD,
        ...opts,
      }),
    company: (name, modules, members = []) => createCompanyWith(ctx.db, { name, modules }, members),
  };
}

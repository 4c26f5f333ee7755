import pg from 'pg';

/**
 * A benchmark's own database on the test PostgreSQL server (TEST_PG_URL, else 127.0.0.1:5432),
 * created once and kept between runs; `fresh` drops it first. Undefined when no server answers.
 */
export async function benchPostgresUrl(name: string, fresh: boolean): Promise<string | undefined> {
  const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
}

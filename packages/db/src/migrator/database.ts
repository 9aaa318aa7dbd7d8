import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Name of the database a postgres URL points at. */
export function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${redactUrl(databaseUrl)}`);
  return name;
}

/** The same server and credentials, another database (default: the `postgres` maintenance DB). */
export function withDatabase(databaseUrl: string, database = 'postgres'): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export function redactUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '<invalid url>';
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withAdminClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function pgErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/**
 * CREATE DATABASE for the database named in `databaseUrl`, through the `postgres` maintenance DB
 * of the same server. Idempotent and safe when several processes race (42P04 and 23505 are ignored).
 * Returns true when this call created it.
 */
export async function createDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseName(databaseUrl);
  return withAdminClient(databaseUrl, async (client) => {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
      return true;
    } catch (error) {
      // Someone else won the race: duplicate_database, or (two CREATE DATABASE in flight at once)
      // unique_violation on pg_database_datname_index.
      const code = pgErrorCode(error);
      if (code === '42P04' || code === '23505') return false;
      throw error;
    }
  });
}

/** DROP DATABASE IF EXISTS ... WITH (FORCE) (terminates remaining sessions; Postgres >= 13). */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  await withAdminClient(databaseUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  );
}

/**
 * Drops a test database and every `<name>_<suffix>` database its test files made (the worker and
 * knowledge suites each take their own), so that a run starts from what the migrations make rather
 * than from rows an earlier run left. Refuses a name without "test" in it. Returns what it dropped.
 */
export async function dropTestDatabases(databaseUrl: string): Promise<string[]> {
  const name = databaseName(databaseUrl);
  if (!/test/i.test(name)) throw new Error(`reset-test refuses "${name}": only a database whose name says test`);
  return withAdminClient(databaseUrl, async (client) => {
    const like = `${name.replace(/[\\%_]/g, (c) => `\\${c}`)}\\_%`;
    const found = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2 ORDER BY datname',
      [name, like],
    );
    for (const { datname } of found.rows)
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
    return found.rows.map((r) => r.datname);
  });
}

export function randomDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

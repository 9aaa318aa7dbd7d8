import pg from 'pg';
import { createDatabase, dropDatabase, randomDatabaseName, withDatabase } from '../src/migrator/database.js';
import { databaseUrlFromEnv } from '../src/migrator/env.js';

/** A URL for a fresh, not yet created database on the test server. */
export function throwawayDatabaseUrl(prefix: string): string {
  return withDatabase(databaseUrlFromEnv(), randomDatabaseName(prefix));
}

export async function withPg<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export const quiet = (): void => undefined;

export { createDatabase, dropDatabase };

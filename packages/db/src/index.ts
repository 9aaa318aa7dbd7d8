import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.js';

// PrismaClient, the Prisma namespace, $Enums, every enum (Role, DataScope, MembershipStatus,
// ActorType, IdempotencyStatus, ...) and every model type (User, Membership, AuditEvent, ...).
export * from './generated/prisma/client.js';

// DATABASE_URL ?? postgresql://postgres@127.0.0.1:5432/amms (shared with the migrator CLI,
// which must not load the client).
export { DEFAULT_DATABASE_URL, databaseUrlFromEnv } from './migrator/env.js';

/**
 * A PrismaClient on the pg driver adapter (no engine binary). `max` = pg pool size. A new
 * connection that takes longer than `connectTimeoutMs` (default 5 s) fails instead of waiting
 * forever, so a request against an unreachable database ends (the API answers 503) rather than hangs.
 */
export function createPrismaClient(
  databaseUrl: string,
  opts: { max?: number; connectTimeoutMs?: number } = {},
): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
    ...(opts.max !== undefined ? { max: opts.max } : {}),
  });
  return new PrismaClient({ adapter });
}

export type PgPool = pg.Pool;

/**
 * The same client, plus the pg pool under it (one pool: the client's queries and the pool's share
 * its connections). For the few hot statements that skip Prisma's query pipeline: the API's
 * per-request access query runs as a named prepared statement on the pool (issue #16).
 * `client.$disconnect()` ends the pool.
 */
export function createDatabase(
  databaseUrl: string,
  opts: { max?: number; connectTimeoutMs?: number } = {},
): { client: PrismaClient; pool: PgPool } {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
    ...(opts.max !== undefined ? { max: opts.max } : {}),
  });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  return { client: new PrismaClient({ adapter }), pool };
}

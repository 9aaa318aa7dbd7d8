// The physical reference for `npm run bench:api`: a bare Fastify route that answers a
// payload straight from Redis (GET key → reply), with no auth, no validation, no database.
// The API's cached routes are compared against this in the same run.
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';

const port = Number(process.env.PORT ?? 3204);
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/3', { lazyConnect: false });
const app = Fastify({ logger: false });

app.get('/bare/:key', async (req, reply) => {
  const body = await redis.get(`bench:bare:${req.params.key}`);
  if (body === null) return reply.code(404).send({ error: 'no payload' });
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
});

// The same, plus the one access query the API runs on every request (session live + membership
// with teams, see apps/api/src/auth/access.repository.ts): the floor of any authorized answer,
// since permission decisions are read from Postgres, never from a cache.
const db = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : null;
const ACCESS_SQL = `
  SELECT u."isPlatformAdmin", m.id, m.role, m."dataScope", m.status,
         (SELECT array_agg(tm."teamId"::text ORDER BY tm."teamId") FROM "TeamMember" tm
           WHERE tm."organizationId" = m."organizationId" AND tm."membershipId" = m.id) AS "teamIds"
    FROM "User" u
    LEFT JOIN "Membership" m ON m."userId" = u.id AND m."organizationId" = $3::uuid
   WHERE u.id = $2::uuid
     AND EXISTS (SELECT 1 FROM "RefreshToken" r WHERE r."familyId" = $1::uuid AND r."userId" = u.id
                 AND r."revokedAt" IS NULL AND r."expiresAt" > now())`;
app.get('/bare-auth/:key', async (req, reply) => {
  const { sid, uid, org } = req.query;
  const r = await db.query({ name: 'access', text: ACCESS_SQL, values: [sid, uid, org] });
  if (r.rows.length === 0 || !r.rows[0].id) return reply.code(404).send({ error: 'no access' });
  const body = await redis.get(`bench:bare:${req.params.key}`);
  if (body === null) return reply.code(404).send({ error: 'no payload' });
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
});

await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  redis.disconnect();
  await db?.end();
  process.exit(0);
});

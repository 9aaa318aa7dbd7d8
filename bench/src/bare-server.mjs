// The physical reference for `npm run bench:api`: a bare Fastify route that answers a
// payload straight from Redis (GET key → reply), with no auth, no validation, no database.
// The API's cached routes are compared against this in the same run.
import Fastify from 'fastify';
import { Redis } from 'ioredis';

const port = Number(process.env.PORT ?? 3204);
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/3', { lazyConnect: false });
const app = Fastify({ logger: false });

app.get('/bare/:key', async (req, reply) => {
  const body = await redis.get(`bench:bare:${req.params.key}`);
  if (body === null) return reply.code(404).send({ error: 'no payload' });
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
});

await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  redis.disconnect();
  process.exit(0);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../../test/env.js';
import { FakeModels } from '../../../test/knowledge/fake-models.js';
import { parseConfig } from '../../platform/config/config.js';
import { RedisService } from '../../platform/redis/redis.service.js';
import { EmbeddingsClient } from './embeddings.js';
import { QUERY_ENCODING, QueryEmbeddings, queryText } from './query-embeddings.js';

// Against the real Redis (test db) and a local OpenAI-compatible embeddings server: no mocks.
const fake = new FakeModels();
const opened: RedisService[] = [];

async function make(version: string) {
  const cfg = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    LOG_LEVEL: 'silent',
    EMBEDDINGS_BASE_URL: fake.baseUrl,
    EMBEDDINGS_MODEL: 'fake-embed',
    EMBEDDINGS_MODEL_VERSION: version,
  });
  const redis = new RedisService(cfg);
  opened.push(redis);
  if (redis.client.status !== 'ready') await new Promise((r) => redis.client.once('ready', r));
  return { q: new QueryEmbeddings(new EmbeddingsClient(cfg), redis), redis };
}

beforeAll(() => fake.start());
afterAll(async () => {
  for (const r of opened) r.client.disconnect();
  await fake.stop();
});

describe('query-vector cache', () => {
  it('embeds a query once per model version; the cached vector equals the fresh one', async () => {
    const version = `t${Date.now()}`;
    const { q, redis } = await make(version);
    const text = `水温过高 怎么办 ${version}`;
    const before = fake.embeddingCalls;
    const a = await q.vector(text);
    const b = await q.vector(`  ${text.replace(/ /g, '   ')} `);
    expect(fake.embeddingCalls - before).toBe(1);
    expect(Array.from(b!)).toEqual(Array.from(a!));
    const key = QueryEmbeddings.key(`fake-embed@${version}`, queryText(text));
    expect(await redis.client.ttl(key)).toBeGreaterThan(86_400);

    // a new model version never reuses the old vector
    const other = await make(`${version}b`);
    await other.q.vector(text);
    expect(fake.embeddingCalls - before).toBe(2);
  });

  it('the key changes with the model key, the encoding config and the exact text (case kept)', () => {
    const k = QueryEmbeddings.key('m@1', 'Oil filter');
    expect(QueryEmbeddings.key('m@2', 'Oil filter')).not.toBe(k);
    expect(QueryEmbeddings.key('m@1', 'Oil filter', `${QUERY_ENCODING};prefix=query:`)).not.toBe(k);
    expect(QueryEmbeddings.key('m@1', 'oil filter')).not.toBe(k);
    expect(QueryEmbeddings.key('m@1', queryText(' Oil   filter '))).toBe(k);
  });
});

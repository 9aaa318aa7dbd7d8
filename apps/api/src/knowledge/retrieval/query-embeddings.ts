import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { RedisService } from '../../platform/redis/redis.service.js';
import { bytesToVector, EmbeddingsClient, vectorToBytes } from './embeddings.js';

const TTL_SECONDS = 7 * 86_400;

/**
 * How a query becomes a vector besides the model itself: the text sent (whitespace collapsed,
 * ≤ 4000 characters, as EmbeddingsClient.embed truncates), L2 normalisation and little-endian
 * float32 storage. A change here must give new cache keys, so it is part of every key.
 */
export const QUERY_ENCODING = 'text=collapse-ws,max-4000;norm=l2;dtype=f32le;v1';

/** The text a query is embedded as (and cached under): case kept, whitespace collapsed. */
export const queryText = (query: string): string => query.replace(/\s+/g, ' ').trim();

/**
 * Query vectors, cached in Redis (TTL 7 days) under the model key (name@version), the encoding
 * config and the exact text embedded: a model or encoding change never reuses an old vector.
 * Only the encoding is cached: the search that uses it still applies the caller's permissions
 * and current versions. Redis down → embed directly.
 */
@Injectable()
export class QueryEmbeddings {
  private readonly log = new Logger('QueryEmbeddings');

  constructor(
    private readonly client: EmbeddingsClient,
    private readonly redis: RedisService,
  ) {}

  static key(modelKey: string, text: string, encoding = QUERY_ENCODING): string {
    const h = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);
    return `amms:v1:knowledge:qvec:${h(modelKey)}:${h(encoding)}:${h(text)}`;
  }

  async vector(query: string): Promise<Float32Array | null> {
    const modelKey = this.client.modelKey;
    if (!modelKey) return null;
    const text = queryText(query);
    const key = QueryEmbeddings.key(modelKey, text);
    if (this.redis.isReady) {
      try {
        const hit = await this.redis.client.getBuffer(key);
        if (hit) return bytesToVector(hit);
      } catch (err) {
        this.log.warn(`query vector cache read failed: ${String(err)}`);
      }
    }
    const [v] = await this.client.embed([text]);
    if (!v) return null;
    if (this.redis.isReady)
      await this.redis.client.set(key, vectorToBytes(v), 'EX', TTL_SECONDS).catch(() => undefined);
    return v;
  }
}

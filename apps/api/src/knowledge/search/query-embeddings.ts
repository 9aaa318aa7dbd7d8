import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { RedisService } from '../../platform/redis/redis.service.js';
import { bytesToVector, EmbeddingsClient, vectorToBytes } from './embeddings.js';

const TTL_SECONDS = 7 * 86_400;

/**
 * Query vectors, cached in Redis under the model key (name@version) and the normalised query:
 * a model change never reuses an old vector. Only the encoding is cached: the search that uses
 * it still applies the caller's permissions and current versions. Redis down → embed directly.
 */
@Injectable()
export class QueryEmbeddings {
  private readonly log = new Logger('QueryEmbeddings');

  constructor(
    private readonly client: EmbeddingsClient,
    private readonly redis: RedisService,
  ) {}

  static key(modelKey: string, query: string): string {
    const h = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);
    return `amms:v1:knowledge:qvec:${h(modelKey)}:${h(query.trim().toLowerCase())}`;
  }

  async vector(query: string): Promise<Float32Array | null> {
    const modelKey = this.client.modelKey;
    if (!modelKey) return null;
    const key = QueryEmbeddings.key(modelKey, query);
    if (this.redis.isReady) {
      try {
        const hit = await this.redis.client.getBuffer(key);
        if (hit) return bytesToVector(hit);
      } catch (err) {
        this.log.warn(`query vector cache read failed: ${String(err)}`);
      }
    }
    const [v] = await this.client.embed([query]);
    if (!v) return null;
    if (this.redis.isReady)
      await this.redis.client.set(key, vectorToBytes(v), 'EX', TTL_SECONDS).catch(() => undefined);
    return v;
  }
}

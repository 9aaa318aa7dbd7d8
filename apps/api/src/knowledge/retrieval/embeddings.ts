import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';

/**
 * The optional dense stage: an OpenAI-compatible `POST {base}/embeddings`. Vectors are stored
 * L2-normalised as float32 (little-endian) with the model key `name@version`: a query is only
 * compared with chunks embedded by the same key (a model change re-embeds, see the ingestor).
 */
@Injectable()
export class EmbeddingsClient {
  readonly config: NonNullable<AppConfig['knowledge']['embeddings']> | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.config = config.knowledge.embeddings;
  }

  get enabled(): boolean {
    return this.config !== null;
  }

  /** `name@version`: what stored vectors and cached query vectors are keyed by. */
  get modelKey(): string | null {
    return this.config ? `${this.config.model}@${this.config.version}` : null;
  }

  /** Embeds texts in batches; throws on any failure (the caller decides: warning or lexical only). */
  async embed(texts: string[], batch = 32): Promise<Float32Array[]> {
    const c = this.config;
    if (!c) throw new Error('embeddings are not configured');
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += batch) {
      const input = texts.slice(i, i + batch).map((t) => t.slice(0, 4000));
      const res = await fetch(`${c.baseUrl.replace(/\/+$/, '')}/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(c.apiKey ? { authorization: `Bearer ${c.apiKey}` } : {}) },
        body: JSON.stringify({ model: c.model, input }),
        signal: AbortSignal.timeout(c.timeoutMs),
      });
      if (!res.ok) throw new Error(`embeddings endpoint answered ${res.status}`);
      const body = (await res.json()) as { data?: { embedding?: unknown; index?: number }[] };
      const data = body.data ?? [];
      if (data.length !== input.length)
        throw new Error(`embeddings endpoint returned ${data.length} vectors for ${input.length} inputs`);
      const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      for (const d of ordered) {
        if (
          !Array.isArray(d.embedding) ||
          d.embedding.length === 0 ||
          !d.embedding.every((x) => typeof x === 'number' && Number.isFinite(x))
        ) {
          throw new Error('embeddings endpoint returned an invalid vector');
        }
        out.push(normalize(Float32Array.from(d.embedding as number[])));
      }
    }
    return out;
  }
}

export function normalize(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

export const vectorToBytes = (v: Float32Array): Buffer => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
export const bytesToVector = (b: Uint8Array): Float32Array => {
  const copy = new Uint8Array(b);
  return new Float32Array(copy.buffer, 0, Math.floor(copy.byteLength / 4));
};

/** Cosine of two normalised vectors (their dot product); 0 when the dimensions differ. */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

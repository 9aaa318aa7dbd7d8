import { createHash } from 'node:crypto';

/** The fields covered by an audit event's hash. Changing any of them breaks the chain. */
export interface ChainedFields {
  chain: string;
  seq: number;
  organizationId: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  actorType: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  requestId: string | null;
  data: unknown;
  createdAt: Date;
}

/**
 * JSON with sorted keys at every level, so the same value always hashes the same. Built by
 * concatenation (no entry arrays per object): the idempotency layer hashes every request body with
 * it, a 1,000-row telematics batch among them. hash-chain.spec compares it with the plain definition.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      // a hole stays empty (as Array.prototype.map leaves it)
      if (i in value) out += canonicalJson(value[i]);
    }
    return out + ']';
  }
  const obj = value as Record<string, unknown>;
  // the default sort compares UTF-16 code units, as `<` does
  const keys = Object.keys(obj).sort();
  let out = '{';
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    if (out.length > 1) out += ',';
    out += JSON.stringify(k) + ':' + canonicalJson(v);
  }
  return out + '}';
}

export function eventHash(prevHash: string | null, f: ChainedFields): string {
  // pick the covered fields explicitly: stored rows carry more (id, hash) that must not count
  const body = canonicalJson({
    chain: f.chain,
    seq: f.seq,
    organizationId: f.organizationId,
    action: f.action,
    entityType: f.entityType,
    entityId: f.entityId,
    actorType: f.actorType,
    actorUserId: f.actorUserId,
    actorApiKeyId: f.actorApiKeyId,
    requestId: f.requestId,
    data: f.data,
    createdAt: f.createdAt.toISOString(),
    prevHash,
  });
  return createHash('sha256').update(body).digest('hex');
}

export interface StoredEvent extends ChainedFields {
  id: string;
  prevHash: string | null;
  hash: string;
}

export type BrokenLink = { seq: number; id: string; reason: 'HASH_MISMATCH' | 'LINK_MISMATCH' | 'SEQ_GAP' };

/**
 * Walks events in seq order, continuing from (expectedSeq, prevHash) so it can run
 * page by page. Returns the first broken link, or null and the state to continue.
 */
export function verifySegment(
  events: readonly StoredEvent[],
  start: { expectedSeq: number; prevHash: string | null },
): { broken: BrokenLink | null; next: { expectedSeq: number; prevHash: string | null } } {
  let { expectedSeq, prevHash } = start;
  for (const e of events) {
    if (e.seq !== expectedSeq)
      return { broken: { seq: e.seq, id: e.id, reason: 'SEQ_GAP' }, next: { expectedSeq, prevHash } };
    if (e.prevHash !== prevHash)
      return { broken: { seq: e.seq, id: e.id, reason: 'LINK_MISMATCH' }, next: { expectedSeq, prevHash } };
    if (eventHash(e.prevHash, e) !== e.hash)
      return { broken: { seq: e.seq, id: e.id, reason: 'HASH_MISMATCH' }, next: { expectedSeq, prevHash } };
    prevHash = e.hash;
    expectedSeq += 1;
  }
  return { broken: null, next: { expectedSeq, prevHash } };
}

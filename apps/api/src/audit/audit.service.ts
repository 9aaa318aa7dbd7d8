import { Injectable } from '@nestjs/common';
import type { TAuditActor, TAuditEvent, TAuditVerifyResponse, TListAuditEventsQuery } from '@amms/contracts/audit';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { PeopleService, type PersonLookup } from '../people/people.service.js';
import { AuditRepository } from './audit.repository.js';
import { eventHash, verifySegment, type ChainedFields } from '../platform/crypto/hash-chain.js';
import type { OrgContext } from '../platform/access/context.js';
import { actorOf } from '../platform/access/context.js';
import type { Prisma } from '@amms/db';
import { encodeCursor } from '../platform/http/cursor.js';
import { keysetOrder } from '../platform/http/keyset.js';
import { AppError } from '../platform/errors/app-error.js';

export const PLATFORM_CHAIN = 'platform';

export interface AuditInput {
  organizationId: string | null;
  action: string;
  entityType?: string | null;
  entityId?: string | null;
  actorType: 'USER' | 'API_KEY' | 'SYSTEM' | 'ANONYMOUS';
  actorUserId?: string | null;
  actorApiKeyId?: string | null;
  requestId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * A module's answer to "which other entities belong to this one's audit trail" (e.g. a draft →
 * the agent run that produced it). Registered at startup by the owning module, so this module
 * never imports them.
 */
export type RelatedEntities = (
  organizationId: string,
  entityId: string,
) => Promise<{ entityType: string; entityId: string }[]>;

/**
 * A module's "may this caller read this entity" (its own GET, in the caller's data scope):
 * resolves when readable, throws NOT_FOUND when not. Registered by the owning module.
 */
export type EntityReader = (ctx: OrgContext, entityId: string) => Promise<unknown>;

@Injectable()
export class AuditService {
  private readonly related = new Map<string, RelatedEntities>();
  private readonly readers = new Map<string, EntityReader>();

  constructor(
    private readonly repo: AuditRepository,
    private readonly people: PeopleService,
  ) {}

  /**
   * Appends inside the caller's transaction, so a change and its audit event commit
   * together. A per-chain advisory lock serializes appends to one org's chain.
   */
  async append(tx: Tx, input: AuditInput): Promise<{ id: string; seq: number }> {
    const chain = input.organizationId ?? PLATFORM_CHAIN;
    await this.repo.lockChain(tx, chain);
    const last = await this.repo.findLast(tx, chain);
    const fields = chainedFields(input, chain, (last?.seq ?? 0) + 1, new Date());
    const prevHash = last?.hash ?? null;
    const hash = eventHash(prevHash, fields);
    return this.repo.insert(tx, { ...fields, prevHash, hash });
  }

  /**
   * Appends several events of one chain, in order, inside the caller's transaction: one lock,
   * one read of the chain's head and one insert for all of them (a batch of execution receipts).
   * The chain is the same as `append` called once per event.
   */
  async appendMany(tx: Tx, inputs: readonly AuditInput[]): Promise<void> {
    if (inputs.length === 0) return;
    const chain = inputs[0]!.organizationId ?? PLATFORM_CHAIN;
    if (inputs.some((i) => (i.organizationId ?? PLATFORM_CHAIN) !== chain))
      throw new Error('audit: appendMany takes the events of one chain');
    await this.repo.lockChain(tx, chain);
    const last = await this.repo.findLast(tx, chain);
    let seq = last?.seq ?? 0;
    let prevHash = last?.hash ?? null;
    const createdAt = new Date();
    const rows = inputs.map((input) => {
      const fields = chainedFields(input, chain, ++seq, createdAt);
      const hash = eventHash(prevHash, fields);
      const row = { ...fields, prevHash, hash };
      prevHash = hash;
      return row;
    });
    await this.repo.insertMany(tx, rows);
  }

  /** Convenience for events with no business change around them (login, logout). */
  async appendNow(input: AuditInput): Promise<void> {
    await this.repo.transaction((tx) => this.append(tx, input));
  }

  /** Appends (inside the caller's transaction) an org-scoped action by the context's actor: `append` of `forCtx`. */
  record(
    tx: Tx,
    ctx: OrgContext,
    action: string,
    entityType: string,
    entityId: string,
    data: Record<string, unknown>,
  ): Promise<{ id: string; seq: number }> {
    return this.append(tx, this.forCtx(ctx, action, entityType, entityId, data));
  }

  /** Audit input for an org-scoped action by the context's actor. */
  forCtx(
    ctx: OrgContext,
    action: string,
    entityType: string,
    entityId: string,
    data: Record<string, unknown>,
  ): AuditInput {
    return {
      organizationId: ctx.organizationId,
      action,
      entityType,
      entityId,
      requestId: ctx.requestId,
      data,
      ...actorOf(ctx),
    };
  }

  /**
   * Expansion hook: `GET /audit-events?entityType=T&entityId=X` also returns the events of the
   * entities `resolver(org, X)` names, in one seq-ordered trail. One resolver per entity type.
   */
  registerRelated(entityType: string, resolver: RelatedEntities): void {
    if (this.related.has(entityType))
      throw new Error(`audit: related-entities resolver for ${entityType} registered twice`);
    this.related.set(entityType, resolver);
  }

  /** Registers how to tell whether a caller may read an entity of this type (see `list`'s data-scope rule). */
  registerReader(entityType: string, reader: EntityReader): void {
    if (this.readers.has(entityType)) throw new Error(`audit: entity reader for ${entityType} registered twice`);
    this.readers.set(entityType, reader);
  }

  /**
   * The data-scope rule of the audit list. ORG-scoped callers read the org's whole trail.
   * TEAM / ASSIGNED callers read the events they caused themselves, and the trail of one
   * entity (`entityType` + `entityId`) they may read through its own module (same scope as
   * its GET; a type without a registered reader is readable by ORG callers only). So a team
   * lead sees the history of their team's machines and jobs, never the org-wide stream.
   */
  private async scopeFilter(ctx: OrgContext, q: TListAuditEventsQuery): Promise<Prisma.AuditEventWhereInput> {
    if (ctx.dataScope === 'ORG') return {};
    const reader = q.entityType && q.entityId ? this.readers.get(q.entityType) : undefined;
    if (reader && q.entityId && (await this.readable(reader, ctx, q.entityId))) return {};
    const actor = actorOf(ctx);
    return actor.actorApiKeyId
      ? { actorApiKeyId: actor.actorApiKeyId }
      : { actorType: 'USER', actorUserId: actor.actorUserId ?? '00000000-0000-0000-0000-000000000000' };
  }

  private async readable(reader: EntityReader, ctx: OrgContext, entityId: string): Promise<boolean> {
    try {
      await reader(ctx, entityId);
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return false;
      throw err;
    }
  }

  async list(ctx: OrgContext, q: TListAuditEventsQuery): Promise<{ items: TAuditEvent[]; nextCursor: string | null }> {
    const order = keysetOrder<Prisma.AuditEventWhereInput, Prisma.AuditEventOrderByWithRelationInput>(
      q,
      { createdAt: { type: 'date' } },
      { field: 'seq', type: 'int' },
      'seq',
    );
    const resolver = q.entityType && q.entityId ? this.related.get(q.entityType) : undefined;
    // only the org's own related rows: the resolver is called with the caller's org
    const related = resolver && q.entityId ? await resolver(ctx.organizationId, q.entityId) : [];
    const rows = await this.repo.list(ctx.organizationId, {
      scope: await this.scopeFilter(ctx, q),
      after: order.after,
      orderBy: order.orderBy,
      related,
      limit: q.limit + 1,
      entityType: q.entityType,
      entityId: q.entityId,
      action: q.action,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
    });
    const page = rows.slice(0, q.limit);
    const nextCursor = rows.length > q.limit ? encodeCursor(order.position(page[page.length - 1]!)) : null;
    const unique = (ids: (string | null)[]) => [...new Set(ids.filter((v): v is string => v !== null))];
    const keys = await this.repo.apiKeys(ctx.organizationId, unique(page.map((r) => r.actorApiKeyId)));
    const users = await this.people.byUser(ctx.organizationId, [
      ...page.map((r) => r.actorUserId),
      ...[...keys.values()].map((k) => k.createdById),
    ]);
    const names = { keys, users };
    return {
      items: page.map((r) => ({
        id: r.id,
        seq: r.seq,
        action: r.action,
        entityType: r.entityType,
        entityId: r.entityId,
        actorType: r.actorType,
        actorUserId: r.actorUserId,
        actorApiKeyId: r.actorApiKeyId,
        actor: actorOfRow(r, names),
        requestId: r.requestId,
        data: r.data,
        hash: r.hash,
        prevHash: r.prevHash,
        createdAt: r.createdAt.toISOString(),
      })),
      nextCursor,
    };
  }

  /** Re-computes the org's whole chain page by page; reports the first broken link. */
  async verify(organizationId: string): Promise<TAuditVerifyResponse> {
    let state = { expectedSeq: 1, prevHash: null as string | null };
    let checked = 0;
    for (;;) {
      const page = await this.repo.pageForVerify(organizationId, state.expectedSeq - 1, 1000);
      if (page.length === 0) return { ok: true, checked, firstBroken: null };
      const { broken, next } = verifySegment(page, state);
      // events of this page before the broken one were intact (by position: after a gap, seq numbers lie)
      if (broken)
        return { ok: false, checked: checked + page.findIndex((e) => e.id === broken.id), firstBroken: broken };
      checked += page.length;
      state = next;
    }
  }
}

type ActorNames = { keys: Awaited<ReturnType<AuditRepository['apiKeys']>>; users: PersonLookup };

/** The actor in words: a key is named, and so is the person it acts for (its creator). */
function actorOfRow(r: { actorUserId: string | null; actorApiKeyId: string | null }, names: ActorNames): TAuditActor {
  const key = r.actorApiKeyId ? names.keys.get(r.actorApiKeyId) : undefined;
  const userId = r.actorUserId ?? key?.createdById ?? null;
  const user = names.users(userId);
  return { name: user?.name ?? null, role: user?.role ?? null, apiKeyName: key?.name ?? null };
}

/** The hashed fields of one event at `seq` of `chain` (data round-tripped through JSON: what is stored is what is hashed). */
function chainedFields(input: AuditInput, chain: string, seq: number, createdAt: Date): ChainedFields {
  return {
    chain,
    seq,
    organizationId: input.organizationId,
    action: input.action,
    entityType: input.entityType ?? null,
    entityId: input.entityId ?? null,
    actorType: input.actorType,
    actorUserId: input.actorUserId ?? null,
    actorApiKeyId: input.actorApiKeyId ?? null,
    requestId: input.requestId ?? null,
    data: JSON.parse(JSON.stringify(input.data ?? {})) as unknown,
    createdAt,
  };
}

import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import type { Tx } from '../prisma/prisma.service.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { JOBS, type JobName, type JobPayload } from '../queue/registry.js';

export interface OutboxRow {
  id: string;
  queue: string;
  name: string;
  payload: unknown;
}

/**
 * The same as OutboxService.enqueue, for code that has a transaction but no injector (a static
 * hook called from many services). `availableAt` delays the relay (a retry later, durable).
 */
export async function enqueueOutbox<N extends JobName>(
  tx: Tx,
  organizationId: string | null,
  name: N,
  payload: JobPayload<N>,
  opts: { availableAt?: Date } = {},
): Promise<string> {
  const def = JOBS[name];
  const parsed = def.payload.parse(payload);
  const row = await tx.outboxEvent.create({
    data: {
      organizationId,
      queue: def.queue,
      name,
      payload: parsed as Prisma.InputJsonValue,
      ...(opts.availableAt ? { availableAt: opts.availableAt } : {}),
    },
    select: { id: true },
  });
  return row.id;
}

/** Several jobs of one kind in one insert (a batch's events): the same rows as `enqueueOutbox` called for each. */
export async function enqueueOutboxMany<N extends JobName>(
  tx: Tx,
  organizationId: string | null,
  name: N,
  payloads: readonly JobPayload<N>[],
): Promise<void> {
  if (payloads.length === 0) return;
  const def = JOBS[name];
  await tx.outboxEvent.createMany({
    data: payloads.map((payload) => ({
      organizationId,
      queue: def.queue,
      name,
      payload: def.payload.parse(payload) as Prisma.InputJsonValue,
    })),
  });
}

/**
 * Transactional outbox: a state change and "enqueue X" commit together. The worker's
 * relay moves committed rows to BullMQ with jobId = outbox id (so a re-relay after a
 * crash is de-duplicated), then marks exactly those ids dispatched.
 */
@Injectable()
export class OutboxService {
  constructor(private readonly prisma: PrismaService) {}

  /** Writes "enqueue `name`" in the caller's transaction (see enqueueOutbox). */
  readonly enqueue = enqueueOutbox;

  /** Claims up to `limit` undispatched rows, hands them to `publish`, marks them dispatched. */
  async relayBatch(publish: (rows: OutboxRow[]) => Promise<void>, limit = 100): Promise<number> {
    return this.prisma.client.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<OutboxRow[]>`
        SELECT id, queue, name, payload FROM "OutboxEvent"
        WHERE "dispatchedAt" IS NULL AND "availableAt" <= now()
        ORDER BY "createdAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
      if (rows.length === 0) return 0;
      await publish(rows);
      await tx.outboxEvent.updateMany({
        where: { id: { in: rows.map((r) => r.id) } },
        data: { dispatchedAt: new Date() },
      });
      return rows.length;
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { decideIdempotency, type IdempotencyDecision } from './idempotency-rules.js';
import { hashIdempotencyKey, seal, unseal, type Sealed } from './sealed-response.js';

const LOCK_MS = 60_000;

export interface Claim {
  decision: IdempotencyDecision;
  id?: string;
  stored?: { status: number; body: unknown };
}

@Injectable()
export class IdempotencyService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
  ) {}

  /** Claims (scope, key) for this request or says why not. Race-safe via the unique index. */
  async claim(scope: string, rawKey: string, method: string, path: string, requestHash: string): Promise<Claim> {
    const db = this.prisma.client;
    const key = hashIdempotencyKey(scope, rawKey);
    for (let attempt = 0; attempt < 2; attempt++) {
      const now = new Date();
      const inserted = await db.idempotencyKey.createMany({
        data: [
          {
            scope,
            key,
            method,
            path: path.slice(0, 500),
            requestHash,
            lockedUntil: new Date(now.getTime() + LOCK_MS),
            expiresAt: new Date(now.getTime() + this.config.idempotency.ttlHours * 3_600_000),
          },
        ],
        skipDuplicates: true,
      });
      const row = await db.idempotencyKey.findUnique({ where: { scope_key: { scope, key } } });
      if (!row) continue; // deleted between the two statements: try again
      if (inserted.count === 1 && row.requestHash === requestHash && row.status === 'IN_PROGRESS') {
        return { decision: 'PROCEED', id: row.id };
      }
      if (row.expiresAt.getTime() <= now.getTime()) {
        await db.idempotencyKey.deleteMany({ where: { id: row.id, expiresAt: { lte: now } } });
        continue;
      }
      const decision = decideIdempotency(row, requestHash, now);
      if (decision === 'REPLAY') {
        return {
          decision,
          stored: {
            status: row.responseStatus ?? 200,
            body: unseal(scope, rawKey, row.responseBody as unknown as Sealed),
          },
        };
      }
      if (decision === 'TAKEOVER') {
        const took = await db.idempotencyKey.updateMany({
          where: { id: row.id, status: 'IN_PROGRESS', lockedUntil: { lte: now } },
          data: { lockedUntil: new Date(now.getTime() + LOCK_MS) },
        });
        return took.count === 1 ? { decision: 'TAKEOVER', id: row.id } : { decision: 'IN_USE' };
      }
      return { decision };
    }
    return { decision: 'IN_USE' };
  }

  async complete(id: string, scope: string, rawKey: string, status: number, body: unknown): Promise<void> {
    await this.prisma.client.idempotencyKey.update({
      where: { id },
      data: {
        status: 'COMPLETED',
        responseStatus: status,
        responseBody: seal(scope, rawKey, body ?? null) as unknown as Prisma.InputJsonValue,
      },
    });
  }

  async release(id: string): Promise<void> {
    await this.prisma.client.idempotencyKey.deleteMany({ where: { id, status: 'IN_PROGRESS' } });
  }

  async purgeExpired(now = new Date()): Promise<number> {
    const res = await this.prisma.client.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
    return res.count;
  }
}

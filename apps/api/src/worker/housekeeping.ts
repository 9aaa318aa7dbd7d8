import type { PrismaService } from '../platform/prisma/prisma.service.js';
import type { IdempotencyService } from '../platform/idempotency/idempotency.service.js';

/** Drops expired idempotency keys and refresh tokens long past expiry, and dispatched outbox rows older than a week. */
export async function purgeExpired(prisma: PrismaService, idempotency: IdempotencyService, now = new Date()) {
  const keys = await idempotency.purgeExpired(now);
  const tokens = await prisma.client.refreshToken.deleteMany({
    where: { expiresAt: { lt: new Date(now.getTime() - 7 * 86_400_000) } },
  });
  const outbox = await prisma.client.outboxEvent.deleteMany({
    where: { dispatchedAt: { lt: new Date(now.getTime() - 7 * 86_400_000) } },
  });
  return { idempotencyKeys: keys, refreshTokens: tokens.count, outboxEvents: outbox.count };
}

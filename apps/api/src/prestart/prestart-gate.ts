import { Injectable } from '@nestjs/common';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { PrestartErrors } from './prestart.errors.js';
import { PrestartRepository } from './prestart.repository.js';
import { answersOf } from './prestart.mappers.js';

/**
 * The start's pre-start rule, in one place: a machine with a list starts a job only after a check of
 * it for that job, and not while the newest such check has a failed item that blocks the start.
 * Runs inside the start's transaction, after the job row is locked by the start's own read.
 */
@Injectable()
export class PrestartGate {
  constructor(private readonly repo: PrestartRepository) {}

  async assertCleared(tx: Tx, organizationId: string, jobId: string, assetId: string | null): Promise<void> {
    if (!assetId) return;
    const items = await this.repo.itemsForAsset(tx, organizationId, assetId);
    if (items.length === 0) return;
    const latest = (await this.repo.checksOfJob(tx, organizationId, jobId)).find((c) => c.assetId === assetId);
    if (!latest) throw PrestartErrors.required();
    if (latest.blocking) {
      const failed = answersOf(latest.answers).filter((a) => a.result === 'FAILED' && a.blocksStart);
      throw PrestartErrors.blocked(
        failed.map((a) => a.label),
        latest.workOrderId,
      );
    }
  }
}

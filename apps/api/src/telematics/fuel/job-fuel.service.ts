import { Injectable } from '@nestjs/common';
import { lineAmountMinor } from '@amms/contracts/costs';
import type { OrgContext } from '../../platform/access/context.js';
import type { Tx } from '../../platform/prisma/prisma.service.js';
import { AuditService } from '../../audit/audit.service.js';
import { CostsRepository, type CostLineData } from '../../costs/costs.repository.js';
import { localDate } from '../../analytics/period.js';
import { calendarDate } from '../../costs/costs.mappers.js';
import { JobFuelRepository, type JobFuelFilter, type JobFuelRow } from './job-fuel.repository.js';

/**
 * Litres a job used by its machine's cumulative fuel counter: the last reading during the job
 * minus the counter at its start. Null without a reading during the job, or when the counter
 * went down (a replaced terminal or a reset: no figure is better than a wrong one).
 */
export function counterLitres(r: Pick<JobFuelRow, 'startL' | 'startAt' | 'endL' | 'endAt'>): number | null {
  if (r.startL === null || r.endL === null || r.startAt === null || r.endAt === null) return null;
  if (r.endAt.getTime() <= r.startAt.getTime()) return null;
  const litres = Number(r.endL) - Number(r.startL);
  return litres >= 0 ? Math.round(litres * 100) / 100 : null;
}

export const fuelCostKey = (jobId: string) => `job-fuel:${jobId}`;

/**
 * A completed job's fuel: the operator's figure when they typed one, else the machine's fuel
 * counter over the job (written onto the job with source TELEMATICS, so the analytics and the
 * agent's answers read one figure). Run when a job completes and whenever fuel readings arrive
 * for a machine's completed jobs (a pulled source reports up to a poll late).
 *
 * Where the org set a fuel price, the job's litres become ONE FUEL cost document (DRAFT, keyed
 * `job-fuel:<jobId>`) that goes through the costs' approval flow like any other; later readings
 * update it while it is a DRAFT; once submitted, decided or deleted it is people's and left alone.
 */
@Injectable()
export class JobFuelService {
  constructor(
    private readonly repo: JobFuelRepository,
    private readonly costs: CostsRepository,
    private readonly audit: AuditService,
  ) {}

  async settle(tx: Tx, ctx: OrgContext, filter: JobFuelFilter): Promise<void> {
    const rows = await this.repo.completedJobs(tx, ctx.organizationId, filter);
    if (rows.length === 0) return;
    const org = await this.repo.fuelPrice(tx, ctx.organizationId);
    for (const r of rows) {
      const operator = r.fuelSource === 'OPERATOR';
      const litres = operator ? (r.fuelLiters === null ? null : Number(r.fuelLiters)) : counterLitres(r);
      if (litres === null) continue;
      if (!operator) await this.repo.setTelematicsFuel(tx, ctx.organizationId, r.jobId, litres.toFixed(2));
      if (org.price !== null && litres > 0) {
        await this.costDocument(tx, ctx, r, { litres, price: org.price, timezone: org.timezone, operator });
      }
    }
  }

  private async costDocument(
    tx: Tx,
    ctx: OrgContext,
    r: JobFuelRow,
    f: { litres: number; price: bigint; timezone: string; operator: boolean },
  ): Promise<void> {
    await this.repo.lockJob(tx, r.jobId);
    const sourceKey = fuelCostKey(r.jobId);
    const line: CostLineData = {
      description: `Fuel ${f.litres} L (${f.operator ? 'operator' : 'telematics'})`,
      quantity: f.litres.toFixed(2),
      unit: 'L',
      unitPriceMinor: f.price,
      amountMinor: lineAmountMinor(f.litres, f.price),
    };
    const existing = await this.repo.findCostDocument(tx, ctx.organizationId, sourceKey);
    if (existing) {
      if (existing.status !== 'DRAFT' || existing.deletedAt !== null || existing.totalMinor === line.amountMinor)
        return;
      await this.costs.replaceLines(tx, ctx.organizationId, existing.id, [line]);
      await this.repo.setCostTotal(tx, ctx.organizationId, existing.id, line.amountMinor);
      return;
    }
    const number = await this.costs.nextNumber(tx, ctx.organizationId);
    const d = await this.costs.create(
      tx,
      ctx.organizationId,
      {
        category: 'FUEL',
        documentDate: calendarDate(localDate(r.completedAt, f.timezone)),
        supplier: null,
        description: `${r.fieldName} · ${r.operationType}`,
        assetId: r.assetId,
        jobId: r.jobId,
        workOrderId: null,
        sourceKey,
        number,
        totalMinor: line.amountMinor,
        createdByMembershipId: null,
        createdByUserId: null,
      },
      [line],
    );
    await this.audit.append(
      tx,
      this.audit.forCtx(ctx, 'cost.created', 'cost_document', d.id, {
        after: { number, category: 'FUEL', jobId: r.jobId, totalMinor: String(line.amountMinor), sourceKey },
      }),
    );
  }
}

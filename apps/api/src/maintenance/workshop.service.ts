import { Injectable } from '@nestjs/common';
import type { TCostDocumentDetail, TCostLineInput } from '@amms/contracts/costs';
import type {
  TMaintenanceSettings,
  TUpdateMaintenanceSettingsRequest,
  TWorkOrderCostDocumentRequest,
} from '@amms/contracts/workshop';
import { AuditService } from '../audit/audit.service.js';
import { CostsService } from '../costs/costs.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { MaintenanceErrors } from './maintenance.errors.js';
import { MaintenanceRepository } from './maintenance.repository.js';
import { seesWorkOrderCosts } from '../platform/access/maintenance-scope.js';
import { WorkOrdersService } from './work-orders.service.js';

const TEXT = {
  'zh-CN': { labour: '维修工时', hours: '小时', pcs: '件' },
  en: { labour: 'Repair labour', hours: 'h', pcs: 'pcs' },
} as const;

/**
 * The workshop's money: the org's default labour rate, and a work order's parts and labour as a
 * cost document. A work order's costs reach the cost analytics the way every cost does: as an
 * APPROVED cost document (analytics count documents, never the order's own fields), linked to the
 * order and its machine so "by machine" attributes it.
 */
@Injectable()
export class WorkshopService {
  constructor(
    private readonly repo: MaintenanceRepository,
    private readonly orders: WorkOrdersService,
    private readonly costs: CostsService,
    private readonly audit: AuditService,
  ) {}

  async settings(ctx: OrgContext): Promise<TMaintenanceSettings> {
    const rate = await this.repo.orgLaborRate(undefined, ctx.organizationId);
    return { laborRateMinor: rate?.toString() ?? null };
  }

  /** New orders copy the default; orders already created keep their rate (their labour was priced at it). */
  async updateSettings(ctx: OrgContext, input: TUpdateMaintenanceSettingsRequest): Promise<TMaintenanceSettings> {
    return this.repo.transaction(async (tx) => {
      const before = await this.repo.orgLaborRate(tx, ctx.organizationId);
      const after = input.laborRateMinor === null ? null : BigInt(input.laborRateMinor);
      await this.repo.setOrgLaborRate(tx, ctx.organizationId, after);
      if (before !== after)
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'org.labor_rate_updated', 'organization', ctx.organizationId, {
            before: { laborRateMinor: before?.toString() ?? null },
            after: { laborRateMinor: after?.toString() ?? null },
          }),
        );
      return { laborRateMinor: after?.toString() ?? null };
    });
  }

  /**
   * A DRAFT REPAIR document for a submitted or closed order: one line per part (its quantity and
   * unit cost) and one for the labour (hours × the order's rate, or the hand-entered labour cost as
   * one line). One document per order: a second → 409 CONFLICT naming the first (decided under the
   * order's row lock, so two clicks at once make one document).
   */
  async costDocument(ctx: OrgContext, id: string, input: TWorkOrderCostDocumentRequest): Promise<TCostDocumentDetail> {
    if (!seesWorkOrderCosts(ctx)) throw MaintenanceErrors.costsNotReadable(['partsCostMinor', 'laborCostMinor']);
    const wo = await this.orders.get(ctx, id);
    if (wo.status !== 'AWAITING_ACCEPTANCE' && wo.status !== 'CLOSED') throw MaintenanceErrors.costsNotFinal(wo.status);
    const t = TEXT[input?.locale ?? 'zh-CN'];
    const lines: TCostLineInput[] = wo.parts.map((p) => ({
      description: (p.partNumber ? `${p.name} (${p.partNumber})` : p.name).slice(0, 200),
      quantity: p.quantity,
      unit: t.pcs,
      unitPriceMinor: p.unitCostMinor,
    }));
    if (wo.laborHours && wo.laborRateMinor !== null) {
      lines.push({ description: t.labour, quantity: wo.laborHours, unit: t.hours, unitPriceMinor: wo.laborRateMinor });
    } else if (wo.laborCostMinor !== '0') {
      lines.push({ description: t.labour, quantity: 1, unit: null, unitPriceMinor: wo.laborCostMinor });
    }
    const date = input?.documentDate ?? (wo.acceptedAt ?? new Date().toISOString()).slice(0, 10);
    return this.costs.create(
      ctx,
      {
        category: 'REPAIR',
        documentDate: date,
        description: `WO-${String(wo.number).padStart(6, '0')} ${wo.title}`.slice(0, 2000),
        assetId: wo.assetId,
        workOrderId: wo.id,
        lines,
      },
      {
        before: async (tx) => {
          if (!(await this.repo.lockWorkOrder(tx, ctx.organizationId, id))) throw MaintenanceErrors.workOrderNotFound();
          const existing = await this.repo.linkedCostDocument(tx, ctx.organizationId, id);
          if (existing) throw MaintenanceErrors.costDocumentExists(existing.id);
        },
      },
    );
  }
}

import type { CostCategory, Prisma } from '@amms/db';
import type { GenMember, SeedData } from './types.js';
import { DAY, HOUR, type IdSource, type Rng, localMidnight, localParts } from '../platform/random/prng.js';
import type { RegionProfile } from './regions.js';

interface CostContext {
  org: string;
  rng: Rng;
  ids: IdSource;
  zh: boolean;
  anchor: number;
  histStart: number;
  scale: number;
  region: RegionProfile;
  members: GenMember[];
  machines: { id: string; powered: boolean; purchaseCostMinor: bigint }[];
}

interface LineSpec {
  description: string;
  /** quantity in thousandths (Decimal(12,3)) */
  qtyMilli: number;
  unit: string;
  unitPriceMinor: number;
}

/** round-half-up(quantity × unit price), in fen: the rule the costs module keeps for every line */
export const lineAmount = (qtyMilli: number, unitPriceMinor: number) =>
  Math.floor((qtyMilli * unitPriceMinor + 500) / 1000);

const toDate = (t: number) => {
  const p = localParts(t);
  return new Date(Date.UTC(p.year, p.month - 1, p.day));
};

/**
 * Cost documents derived from the generated work: fuel batches for completed jobs, parts and
 * repair labour of closed work orders, some rentals at harvest and monthly / yearly overheads.
 * Totals are the exact sum of the lines. Older documents are APPROVED; those of the last six
 * weeks are mostly SUBMITTED (waiting for approval) or still DRAFT. Whoever submitted a
 * document never decided it.
 */
export function generateCosts(out: SeedData, c: CostContext): void {
  const { rng, ids, zh, org, anchor } = c;
  const role = (r: string) => c.members.find((m) => m.role === r);
  const accountant = role('ACCOUNTANT');
  const admin = role('ADMIN');
  const owner = role('OWNER');
  if (!accountant || !admin || !owner) throw new Error('demo org needs accountant, admin and owner members');
  const latest = anchor - HOUR;
  const docs: { row: Prisma.CostDocumentCreateManyInput; date: number; created: number }[] = [];

  const addDoc = (
    category: CostCategory,
    at: number,
    lines: LineSpec[],
    extra: {
      supplier?: string;
      description?: string;
      assetId?: string | null;
      jobId?: string | null;
      workOrderId?: string | null;
    },
  ) => {
    if (lines.length === 0 || at >= anchor) return;
    const id = ids.next();
    const amounts = lines.map((l) => lineAmount(l.qtyMilli, l.unitPriceMinor));
    const total = amounts.reduce((s, x) => s + x, 0);
    // the last six weeks' paperwork is still moving: most of it waits for approval
    const recent = at >= anchor - 42 * DAY;
    const status = !recent
      ? 'APPROVED'
      : rng.weighted([
          ['SUBMITTED', 55],
          ['APPROVED', 30],
          ['DRAFT', 15],
        ] as const);
    const creator = rng.chance(0.7) ? accountant : admin;
    const decider = creator === accountant ? owner : accountant;
    const created = Math.min(at + rng.int(2, 40) * HOUR, latest);
    const submitted = Math.min(created + rng.int(1, 6) * HOUR, latest);
    const decided = Math.min(submitted + rng.int(4, 60) * HOUR, latest);
    const last = status === 'DRAFT' ? created : status === 'SUBMITTED' ? submitted : decided;
    docs.push({
      date: at,
      created,
      row: {
        id,
        organizationId: org,
        number: 0,
        category,
        documentDate: toDate(at),
        supplier: extra.supplier ?? null,
        description: extra.description ?? null,
        assetId: extra.assetId ?? null,
        jobId: extra.jobId ?? null,
        workOrderId: extra.workOrderId ?? null,
        currency: 'CNY',
        totalMinor: BigInt(total),
        status,
        createdByMembershipId: creator.membershipId,
        createdByUserId: creator.userId,
        submittedAt: status === 'DRAFT' ? null : new Date(submitted),
        submittedByUserId: status === 'DRAFT' ? null : creator.userId,
        decidedAt: status === 'APPROVED' ? new Date(decided) : null,
        decidedByUserId: status === 'APPROVED' ? decider.userId : null,
        version: status === 'DRAFT' ? 1 : status === 'SUBMITTED' ? 2 : 3,
        createdAt: new Date(created),
        updatedAt: new Date(last),
      },
    });
    lines.forEach((l, i) =>
      out.costLines.push({
        id: ids.next(),
        organizationId: org,
        documentId: id,
        position: i + 1,
        description: l.description,
        quantity: (l.qtyMilli / 1000).toFixed(3),
        unit: l.unit,
        unitPriceMinor: BigInt(l.unitPriceMinor),
        amountMinor: BigInt(amounts[i] as number),
      }),
    );
  };

  // fuel: one delivery note per crew and month for up to 10 jobs
  const fueled = out.jobs
    .filter((j) => j.status === 'COMPLETED' && j.fuelLiters != null)
    .sort((a, b) => +(a.completedAt as Date) - +(b.completedAt as Date));
  const batches = new Map<string, Prisma.JobCreateManyInput[][]>();
  for (const j of fueled) {
    const p = localParts(+(j.completedAt as Date));
    const key = `${p.year}-${p.month}:${j.teamId ?? ''}`;
    const list = batches.get(key) ?? [[]];
    let cur = list[list.length - 1] as Prisma.JobCreateManyInput[];
    if (cur.length >= 10) list.push((cur = []));
    cur.push(j);
    batches.set(key, list);
  }
  for (const list of batches.values()) {
    for (const batch of list) {
      const price = rng.int(760, 820); // fen per litre of diesel
      const lastJob = batch[batch.length - 1] as Prisma.JobCreateManyInput;
      addDoc(
        'FUEL',
        +(lastJob.completedAt as Date),
        batch.map((j) => ({
          description: j.title ?? '',
          qtyMilli: Math.round(Number(j.fuelLiters) * 1000),
          unit: 'L',
          unitPriceMinor: price,
        })),
        {
          supplier: rng.pick(c.region.fuelSuppliers),
          description: zh ? '柴油（0#）' : 'Diesel',
          jobId: batch.length === 1 ? (lastJob.id as string) : null,
        },
      );
    }
  }

  // parts and repair labour of closed work orders (totals match the order's parts / labour cost)
  const partsOf = new Map<string, Prisma.WorkOrderPartCreateManyInput[]>();
  for (const p of out.workOrderParts) {
    const list = partsOf.get(p.workOrderId) ?? [];
    list.push(p);
    partsOf.set(p.workOrderId, list);
  }
  for (const wo of out.workOrders) {
    if (wo.status !== 'CLOSED') continue;
    const at = +(wo.acceptedAt as Date);
    const parts = partsOf.get(wo.id as string) ?? [];
    addDoc(
      'PARTS',
      at,
      parts.map((p) => ({
        description: p.partNumber ? `${p.name} (${p.partNumber})` : p.name,
        qtyMilli: Math.round(Number(p.quantity) * 1000),
        unit: zh ? '件' : 'pcs',
        unitPriceMinor: Number(p.unitCostMinor),
      })),
      {
        supplier: rng.pick(c.region.partsSuppliers),
        description: `WO-${String(wo.number).padStart(6, '0')} ${wo.title}`,
        assetId: wo.assetId,
        workOrderId: wo.id as string,
      },
    );
    if (wo.type === 'CORRECTIVE' && wo.laborHours) {
      addDoc(
        'REPAIR',
        at,
        [
          {
            description: zh ? '维修工时' : 'Repair labour',
            qtyMilli: Math.round(Number(wo.laborHours) * 1000),
            unit: 'h',
            unitPriceMinor: 12000,
          },
        ],
        {
          description: `WO-${String(wo.number).padStart(6, '0')} ${wo.title}`,
          assetId: wo.assetId,
          workOrderId: wo.id as string,
        },
      );
    }
  }

  // rented combines at the busiest harvest days
  const harvests = out.jobs.filter((j) => j.status === 'COMPLETED' && j.operationType === 'HARVESTING');
  for (const j of rng.shuffle(harvests).slice(0, 3 * c.scale)) {
    const days = rng.int(2, 4);
    addDoc(
      'RENTAL',
      +(j.completedAt as Date),
      [
        {
          description: zh ? '租用联合收割机（含机手）' : 'Combine hire incl. driver',
          qtyMilli: days * 1000,
          unit: zh ? '天' : 'day',
          unitPriceMinor: rng.int(3800, 5200) * 100,
        },
      ],
      {
        supplier: zh ? '洪泽农机服务队' : 'Sanjiang custom harvesting',
        description: zh ? '秋收高峰外租机械' : 'Peak harvest hire',
      },
    );
  }

  // overheads: telematics subscription every month, machinery insurance once a year
  const powered = c.machines.filter((m) => m.powered);
  const { year, month } = localParts(c.histStart);
  for (let i = 0; i < 12; i++) {
    const at = localMidnight(year, month + i, 5) + 10 * HOUR;
    addDoc(
      'OTHER',
      at,
      [
        {
          description: zh ? '北斗作业监测服务费' : 'Telematics subscription',
          qtyMilli: powered.length * 1000,
          unit: zh ? '台' : 'unit',
          unitPriceMinor: 3000,
        },
      ],
      {
        supplier: zh ? '北斗农机监测平台' : 'FarmTrack telematics',
        description: zh ? '月度服务费' : 'Monthly fee',
      },
    );
  }
  addDoc(
    'OTHER',
    c.histStart + 20 * DAY + 10 * HOUR,
    powered.map((m, i) => ({
      description: `${zh ? '农机保险' : 'Machinery insurance'} #${i + 1}`,
      qtyMilli: 1000,
      unit: zh ? '年' : 'yr',
      unitPriceMinor: Number(m.purchaseCostMinor / 200n),
    })),
    {
      supplier: zh ? '中华联合财产保险' : 'PICC Property & Casualty',
      description: zh ? '年度农机保险' : 'Annual machinery insurance',
    },
  );

  docs.sort((a, b) => a.date - b.date || a.created - b.created);
  docs.forEach((d, i) => (d.row.number = i + 1));
  out.costDocuments = docs.map((d) => d.row);
}

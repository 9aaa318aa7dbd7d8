import type { PartCategory } from '@amms/db';
import type { Tx } from '../platform/prisma/prisma.service.js';

/**
 * The demo parts catalog: filters, belts, oils, tyres and knife sections for the demo models, with
 * the makers' part numbers, a preferred supplier each, and stock received a month ago into two
 * locations. Some parts sit at or below their reorder point (the low-stock list is not empty).
 * Written as a data load: a receipt movement per location and the balance it leaves (the ledger's
 * sum), in the org's seed transaction.
 */
interface DemoPart {
  partNumber: string;
  maker: string;
  makerPartNumber: string;
  nameZh: string;
  nameEn: string;
  category: PartCategory;
  unit: string;
  pieces: boolean;
  models: string[];
  supplier: string;
  priceMinor: number;
  leadTimeDays: number;
  /** on hand in the main store and the workshop */
  store: number;
  workshop: number;
  /** reorder point and quantity in the main store */
  reorderPoint: number;
  reorderQty: number;
}

const JD = '约翰迪尔授权经销商（哈尔滨）';
const LOVOL = '雷沃服务站配件部';
const DJI = '大疆农业服务中心';
const LOCAL = '本地农机配件商店';

export const DEMO_PARTS: DemoPart[] = [
  p(
    'JD-OF-01',
    'John Deere',
    'RE504836',
    '发动机机油滤清器',
    'Engine oil filter',
    'FILTER',
    ['jd-6r155', 'jd-8r370'],
    JD,
    18_500,
    7,
    3,
    1,
    4,
    10,
  ),
  p(
    'JD-FF-01',
    'John Deere',
    'RE533026',
    '燃油精滤器',
    'Final fuel filter',
    'FILTER',
    ['jd-6r155'],
    JD,
    26_000,
    7,
    5,
    0,
    2,
    6,
  ),
  p(
    'JD-FF-02',
    'John Deere',
    'RE541922',
    '燃油粗滤器（油水分离）',
    'Fuel pre-filter / water separator',
    'FILTER',
    ['jd-6r155'],
    JD,
    21_000,
    7,
    4,
    1,
    2,
    6,
  ),
  p(
    'JD-AF-01',
    'John Deere',
    'RE587793',
    '空气滤清器主滤芯',
    'Primary air filter element',
    'FILTER',
    ['jd-6r155'],
    JD,
    68_000,
    10,
    1,
    0,
    2,
    4,
  ),
  p(
    'JD-AF-02',
    'John Deere',
    'RE587794',
    '空气滤清器安全滤芯',
    'Secondary air filter element',
    'FILTER',
    ['jd-6r155'],
    JD,
    32_000,
    10,
    2,
    0,
    1,
    2,
  ),
  p(
    'JD-HF-01',
    'John Deere',
    'AL221050',
    '变速箱/液压油滤芯',
    'Transmission/hydraulic oil filter',
    'FILTER',
    ['jd-6r155'],
    JD,
    45_000,
    10,
    2,
    0,
    1,
    3,
  ),
  p(
    'JD-BT-01',
    'John Deere',
    'RE546336',
    '发动机多楔带',
    'Serpentine belt',
    'BELT',
    ['jd-6r155'],
    JD,
    58_000,
    14,
    1,
    0,
    1,
    2,
  ),
  oil(
    'JD-OIL-01',
    'John Deere',
    'TY26674',
    'Plus-50 II 15W-40 柴油机油',
    'Plus-50 II 15W-40 engine oil',
    ['jd-6r155', 'jd-8r370'],
    JD,
    6_800,
    7,
    60,
    20,
    40,
    120,
  ),
  oil(
    'JD-OIL-02',
    'John Deere',
    'TY26675',
    'Hy-Gard 变速箱/液压油',
    'Hy-Gard transmission/hydraulic oil',
    ['jd-6r155'],
    JD,
    5_200,
    7,
    80,
    0,
    75,
    160,
  ),
  p(
    'LV-OF-01',
    'Lovol',
    'JX0810',
    '机油滤清器',
    'Engine oil filter',
    'FILTER',
    ['lovol-gn70', 'lovol-m2204'],
    LOVOL,
    4_500,
    3,
    12,
    4,
    6,
    20,
  ),
  p(
    'LV-FF-01',
    'Lovol',
    'CX0708',
    '柴油精滤器',
    'Fuel filter',
    'FILTER',
    ['lovol-gn70', 'lovol-m2204'],
    LOVOL,
    3_800,
    3,
    10,
    2,
    6,
    20,
  ),
  p(
    'LV-AF-01',
    'Lovol',
    'K2036',
    '空气滤清器主滤芯',
    'Primary air filter element',
    'FILTER',
    ['lovol-gn70'],
    LOVOL,
    16_000,
    5,
    4,
    1,
    2,
    6,
  ),
  p(
    'LV-HF-01',
    'Lovol',
    'GN70-HF',
    '液压油滤芯',
    'Hydraulic oil filter',
    'FILTER',
    ['lovol-gn70'],
    LOVOL,
    9_500,
    5,
    2,
    0,
    2,
    4,
  ),
  p(
    'LV-BT-01',
    'Lovol',
    'GN70-B2870',
    '脱粒滚筒主传动皮带',
    'Threshing drum main drive belt',
    'BELT',
    ['lovol-gn70'],
    LOVOL,
    42_000,
    7,
    2,
    0,
    2,
    3,
  ),
  p('LV-BT-02', 'Lovol', 'GN70-B1250', '风扇皮带', 'Fan belt', 'BELT', ['lovol-gn70'], LOVOL, 8_500, 5, 4, 2, 2, 6),
  p(
    'LV-KN-01',
    'Lovol',
    'GN70-DP76',
    '割刀动刀片',
    'Cutter bar knife section',
    'BLADE',
    ['lovol-gn70'],
    LOVOL,
    650,
    3,
    150,
    40,
    100,
    300,
  ),
  p('LV-KN-02', 'Lovol', 'GN70-HR20', '护刃器', 'Knife guard', 'BLADE', ['lovol-gn70'], LOVOL, 2_400, 5, 20, 5, 10, 30),
  oil(
    'LV-OIL-01',
    'Sinopec',
    'CI-4 15W-40',
    'CI-4 15W-40 柴油机油',
    'CI-4 15W-40 diesel engine oil',
    ['lovol-gn70', 'lovol-m2204'],
    LOCAL,
    2_600,
    2,
    120,
    36,
    54,
    200,
  ),
  oil(
    'LV-OIL-02',
    'Sinopec',
    'L-HM46',
    'L-HM46 抗磨液压油',
    'L-HM46 anti-wear hydraulic oil',
    ['lovol-gn70'],
    LOCAL,
    1_900,
    2,
    200,
    0,
    100,
    200,
  ),
  p(
    'DJ-NZ-01',
    'DJI',
    'T50-ATOM',
    '离心喷头雾化盘',
    'Centrifugal nozzle atomizing disc',
    'OTHER',
    ['dji-t50'],
    DJI,
    12_000,
    5,
    2,
    1,
    4,
    8,
  ),
  p('DJ-SC-01', 'DJI', 'T50-PUMPF', '水泵过滤网', 'Pump strainer', 'FILTER', ['dji-t50'], DJI, 3_500, 5, 6, 2, 4, 10),
  p('DJ-PR-01', 'DJI', 'T50-R5415', '螺旋桨（正）', 'Propeller (CW)', 'BLADE', ['dji-t50'], DJI, 45_000, 7, 4, 0, 2, 4),
  p(
    'TY-RR-01',
    'Michelin',
    '520/85R38',
    '后轮轮胎 520/85R38',
    'Rear tyre 520/85R38',
    'TYRE',
    ['jd-6r155'],
    LOCAL,
    620_000,
    21,
    1,
    0,
    0,
    2,
  ),
  p(
    'TY-FR-01',
    'Michelin',
    '420/85R28',
    '前轮轮胎 420/85R28',
    'Front tyre 420/85R28',
    'TYRE',
    ['jd-6r155'],
    LOCAL,
    380_000,
    21,
    2,
    0,
    0,
    2,
  ),
];

function p(
  partNumber: string,
  maker: string,
  makerPartNumber: string,
  nameZh: string,
  nameEn: string,
  category: PartCategory,
  models: string[],
  supplier: string,
  priceMinor: number,
  leadTimeDays: number,
  store: number,
  workshop: number,
  reorderPoint: number,
  reorderQty: number,
): DemoPart {
  return {
    partNumber,
    maker,
    makerPartNumber,
    nameZh,
    nameEn,
    category,
    unit: '个',
    pieces: true,
    models,
    supplier,
    priceMinor,
    leadTimeDays,
    store,
    workshop,
    reorderPoint,
    reorderQty,
  };
}

/** an oil, counted in litres */
function oil(
  partNumber: string,
  maker: string,
  makerPartNumber: string,
  nameZh: string,
  nameEn: string,
  models: string[],
  supplier: string,
  priceMinor: number,
  leadTimeDays: number,
  store: number,
  workshop: number,
  reorderPoint: number,
  reorderQty: number,
): DemoPart {
  const base = p(
    partNumber,
    maker,
    makerPartNumber,
    nameZh,
    nameEn,
    'OIL',
    models,
    supplier,
    priceMinor,
    leadTimeDays,
    store,
    workshop,
    reorderPoint,
    reorderQty,
  );
  return { ...base, unit: 'L', pieces: false };
}

export async function seedInventory(
  tx: Tx,
  organizationId: string,
  modelIds: Record<string, string>,
  now: Date,
): Promise<number> {
  const store = await tx.stockLocation.create({ data: { organizationId, name: '中心库房', kind: 'STORE' } });
  const workshop = await tx.stockLocation.create({ data: { organizationId, name: '维修车间', kind: 'WORKSHOP' } });
  const receivedAt = new Date(now.getTime() - 30 * 86_400_000);
  for (const d of DEMO_PARTS) {
    const part = await tx.part.create({
      data: {
        organizationId,
        partNumber: d.partNumber,
        maker: d.maker,
        makerPartNumber: d.makerPartNumber,
        nameZh: d.nameZh,
        nameEn: d.nameEn,
        unit: d.unit,
        countedInPieces: d.pieces,
        category: d.category,
        compatibleModelIds: d.models.map((k) => modelIds[k]).filter((x): x is string => Boolean(x)),
      },
    });
    await tx.partSupplier.create({
      data: {
        organizationId,
        partId: part.id,
        name: d.supplier,
        priceMinor: BigInt(d.priceMinor),
        leadTimeDays: d.leadTimeDays,
        preferred: true,
      },
    });
    for (const [loc, qty, rule] of [
      [store.id, d.store, true],
      [workshop.id, d.workshop, false],
    ] as const) {
      if (qty === 0 && !rule) continue;
      if (qty > 0)
        await tx.stockMovement.create({
          data: {
            organizationId,
            type: 'RECEIPT',
            partId: part.id,
            locationId: loc,
            delta: qty.toFixed(3),
            unitCostMinor: BigInt(d.priceMinor),
            valueMinor: BigInt(d.priceMinor) * BigInt(qty),
            reason: '期初入库',
            occurredAt: receivedAt,
          },
        });
      await tx.stockBalance.create({
        data: {
          organizationId,
          partId: part.id,
          locationId: loc,
          onHand: qty.toFixed(3),
          avgCostMinor: qty > 0 ? BigInt(d.priceMinor) : 0n,
          reorderPoint: rule ? d.reorderPoint.toFixed(3) : null,
          reorderQty: rule ? d.reorderQty.toFixed(3) : null,
        },
      });
    }
  }
  return DEMO_PARTS.length;
}

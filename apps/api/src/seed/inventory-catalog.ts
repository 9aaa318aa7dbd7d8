import type { PartCategory } from '@amms/db';

/**
 * The demo parts catalog (data only; seed/inventory.ts writes it): filters, belts, oils, tyres and
 * knife sections for the demo models, with the makers' part numbers, a preferred supplier each, the
 * stock for the two locations and the reorder rules (some parts start at or below their point).
 */
export interface DemoPart {
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

const SUPPLIERS: Record<string, string> = {
  JD: '约翰迪尔授权经销商（哈尔滨）',
  LOVOL: '雷沃服务站配件部',
  DJI: '大疆农业服务中心',
  LOCAL: '本地农机配件商店',
};

/**
 * The parts, one a line: `part number | maker | maker's number | name zh | name en | category |
 * models (catalog keys, space-separated) | supplier (SUPPLIERS) | price (fen) | lead time (days) |
 * main store | workshop | reorder point | reorder quantity`. An OIL is counted in litres; every
 * other part in pieces (个).
 */
const PARTS_TABLE = `
JD-OF-01 | John Deere | RE504836 | 发动机机油滤清器 | Engine oil filter | FILTER | jd-6r155 jd-8r370 | JD | 18500 | 7 | 3 | 1 | 4 | 10
JD-FF-01 | John Deere | RE533026 | 燃油精滤器 | Final fuel filter | FILTER | jd-6r155 | JD | 26000 | 7 | 5 | 0 | 2 | 6
JD-FF-02 | John Deere | RE541922 | 燃油粗滤器（油水分离） | Fuel pre-filter / water separator | FILTER | jd-6r155 | JD | 21000 | 7 | 4 | 1 | 2 | 6
JD-AF-01 | John Deere | RE587793 | 空气滤清器主滤芯 | Primary air filter element | FILTER | jd-6r155 | JD | 68000 | 10 | 1 | 0 | 2 | 4
JD-AF-02 | John Deere | RE587794 | 空气滤清器安全滤芯 | Secondary air filter element | FILTER | jd-6r155 | JD | 32000 | 10 | 2 | 0 | 1 | 2
JD-HF-01 | John Deere | AL221050 | 变速箱/液压油滤芯 | Transmission/hydraulic oil filter | FILTER | jd-6r155 | JD | 45000 | 10 | 2 | 0 | 1 | 3
JD-BT-01 | John Deere | RE546336 | 发动机多楔带 | Serpentine belt | BELT | jd-6r155 | JD | 58000 | 14 | 1 | 0 | 1 | 2
JD-OIL-01 | John Deere | TY26674 | Plus-50 II 15W-40 柴油机油 | Plus-50 II 15W-40 engine oil | OIL | jd-6r155 jd-8r370 | JD | 6800 | 7 | 60 | 20 | 40 | 120
JD-OIL-02 | John Deere | TY26675 | Hy-Gard 变速箱/液压油 | Hy-Gard transmission/hydraulic oil | OIL | jd-6r155 | JD | 5200 | 7 | 80 | 0 | 75 | 160
LV-OF-01 | Lovol | JX0810 | 机油滤清器 | Engine oil filter | FILTER | lovol-gn70 lovol-m2204 | LOVOL | 4500 | 3 | 12 | 4 | 6 | 20
LV-FF-01 | Lovol | CX0708 | 柴油精滤器 | Fuel filter | FILTER | lovol-gn70 lovol-m2204 | LOVOL | 3800 | 3 | 10 | 2 | 6 | 20
LV-AF-01 | Lovol | K2036 | 空气滤清器主滤芯 | Primary air filter element | FILTER | lovol-gn70 | LOVOL | 16000 | 5 | 4 | 1 | 2 | 6
LV-HF-01 | Lovol | GN70-HF | 液压油滤芯 | Hydraulic oil filter | FILTER | lovol-gn70 | LOVOL | 9500 | 5 | 2 | 0 | 2 | 4
LV-BT-01 | Lovol | GN70-B2870 | 脱粒滚筒主传动皮带 | Threshing drum main drive belt | BELT | lovol-gn70 | LOVOL | 42000 | 7 | 2 | 0 | 2 | 3
LV-BT-02 | Lovol | GN70-B1250 | 风扇皮带 | Fan belt | BELT | lovol-gn70 | LOVOL | 8500 | 5 | 4 | 2 | 2 | 6
LV-KN-01 | Lovol | GN70-DP76 | 割刀动刀片 | Cutter bar knife section | BLADE | lovol-gn70 | LOVOL | 650 | 3 | 150 | 40 | 100 | 300
LV-KN-02 | Lovol | GN70-HR20 | 护刃器 | Knife guard | BLADE | lovol-gn70 | LOVOL | 2400 | 5 | 20 | 5 | 10 | 30
LV-OIL-01 | Sinopec | CI-4 15W-40 | CI-4 15W-40 柴油机油 | CI-4 15W-40 diesel engine oil | OIL | lovol-gn70 lovol-m2204 | LOCAL | 2600 | 2 | 120 | 36 | 54 | 200
LV-OIL-02 | Sinopec | L-HM46 | L-HM46 抗磨液压油 | L-HM46 anti-wear hydraulic oil | OIL | lovol-gn70 | LOCAL | 1900 | 2 | 200 | 0 | 100 | 200
DJ-NZ-01 | DJI | T50-ATOM | 离心喷头雾化盘 | Centrifugal nozzle atomizing disc | OTHER | dji-t50 | DJI | 12000 | 5 | 2 | 1 | 4 | 8
DJ-SC-01 | DJI | T50-PUMPF | 水泵过滤网 | Pump strainer | FILTER | dji-t50 | DJI | 3500 | 5 | 6 | 2 | 4 | 10
DJ-PR-01 | DJI | T50-R5415 | 螺旋桨（正） | Propeller (CW) | BLADE | dji-t50 | DJI | 45000 | 7 | 4 | 0 | 2 | 4
TY-RR-01 | Michelin | 520/85R38 | 后轮轮胎 520/85R38 | Rear tyre 520/85R38 | TYRE | jd-6r155 | LOCAL | 620000 | 21 | 1 | 0 | 0 | 2
TY-FR-01 | Michelin | 420/85R28 | 前轮轮胎 420/85R28 | Front tyre 420/85R28 | TYRE | jd-6r155 | LOCAL | 380000 | 21 | 2 | 0 | 0 | 2
`;

export const DEMO_PARTS: DemoPart[] = PARTS_TABLE.trim()
  .split('\n')
  .map((line) => {
    const cells = line.split(' | ').map((c) => c.trim());
    const [partNumber, maker, makerPartNumber, nameZh, nameEn, category, models, supplier, ...figures] = cells;
    const [priceMinor, leadTimeDays, store, workshop, reorderPoint, reorderQty] = figures.map(Number);
    if (cells.length !== 14 || !SUPPLIERS[supplier!] || figures.some((f) => !/^\d+$/.test(f)))
      throw new Error(`bad part row: ${line}`);
    const oil = category === 'OIL';
    return {
      partNumber: partNumber!,
      maker: maker!,
      makerPartNumber: makerPartNumber!,
      nameZh: nameZh!,
      nameEn: nameEn!,
      category: category as PartCategory,
      unit: oil ? 'L' : '个',
      pieces: !oil,
      models: models!.split(' '),
      supplier: SUPPLIERS[supplier!]!,
      priceMinor: priceMinor!,
      leadTimeDays: leadTimeDays!,
      store: store!,
      workshop: workshop!,
      reorderPoint: reorderPoint!,
      reorderQty: reorderQty!,
    };
  });

/**
 * What a service uses per machine: a checklist step (matched by its words, either language) → a
 * catalog part and the quantity. Only parts that fit the plan's model are attached.
 */
export const SERVICE_USE: { step: RegExp; partNumber: string; quantity: number }[] = [
  { step: /机油滤芯|oil filter/i, partNumber: 'JD-OF-01', quantity: 1 },
  { step: /机油滤芯|oil filter/i, partNumber: 'JD-OIL-01', quantity: 19 },
  { step: /机油滤芯|oil filter/i, partNumber: 'LV-OF-01', quantity: 1 },
  { step: /机油滤芯|oil filter/i, partNumber: 'LV-OIL-01', quantity: 14 },
  { step: /柴油滤芯|fuel filter/i, partNumber: 'JD-FF-01', quantity: 1 },
  { step: /柴油滤芯|fuel filter/i, partNumber: 'JD-FF-02', quantity: 1 },
  { step: /柴油滤芯|fuel filter/i, partNumber: 'LV-FF-01', quantity: 1 },
  { step: /空气滤芯|air filter/i, partNumber: 'JD-AF-01', quantity: 1 },
  { step: /空气滤芯|air filter/i, partNumber: 'LV-AF-01', quantity: 1 },
  { step: /割台、链条和刀片|header, chains and knives/i, partNumber: 'LV-KN-01', quantity: 10 },
  { step: /桨叶|propellers/i, partNumber: 'DJ-PR-01', quantity: 1 },
  { step: /喷头流量|nozzle flow/i, partNumber: 'DJ-SC-01', quantity: 1 },
];

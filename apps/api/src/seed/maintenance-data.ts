import type { ModelRole } from './catalog.js';

/** A model-level maintenance plan the seed attaches to every powered model of a demo fleet. */
export interface PlanTemplate {
  zh: string;
  en: string;
  intervalHours: number;
  intervalDays: number;
  leadHours: number;
  leadDays: number;
  estimatedHours: number;
  checklist: [string, string][];
}

const ENGINE_CHECKS: [string, string][] = [
  ['更换机油和机油滤芯', 'Change engine oil and oil filter'],
  ['更换柴油滤芯', 'Replace fuel filter'],
  ['清洁/更换空气滤芯', 'Clean or replace air filter'],
  ['检查冷却液和皮带', 'Check coolant and belts'],
  ['全车润滑点加注黄油', 'Grease all lubrication points'],
];

export const PLAN_TEMPLATES: Partial<Record<ModelRole, PlanTemplate>> = {
  tractor: {
    zh: '250小时保养',
    en: '250-hour service',
    intervalHours: 250,
    intervalDays: 180,
    leadHours: 25,
    leadDays: 14,
    estimatedHours: 4,
    checklist: [...ENGINE_CHECKS, ['检查轮胎气压和磨损', 'Check tyre pressure and wear']],
  },
  combine: {
    zh: '季前检修',
    en: 'Pre-season service',
    intervalHours: 300,
    intervalDays: 365,
    leadHours: 30,
    leadDays: 30,
    estimatedHours: 8,
    checklist: [
      ...ENGINE_CHECKS,
      ['检查割台、链条和刀片', 'Inspect header, chains and knives'],
      ['检查脱粒滚筒和凹板间隙', 'Check threshing drum and concave clearance'],
    ],
  },
  forage: {
    zh: '200小时保养',
    en: '200-hour service',
    intervalHours: 200,
    intervalDays: 180,
    leadHours: 20,
    leadDays: 14,
    estimatedHours: 6,
    checklist: [...ENGINE_CHECKS, ['磨刀并调整定刀', 'Sharpen knives and set the shear bar']],
  },
  sprayer_sp: {
    zh: '200小时保养',
    en: '200-hour service',
    intervalHours: 200,
    intervalDays: 180,
    leadHours: 20,
    leadDays: 14,
    estimatedHours: 4,
    checklist: [...ENGINE_CHECKS, ['校准喷头流量', 'Calibrate nozzle flow']],
  },
  drone: {
    zh: '季度检查',
    en: 'Quarterly check',
    intervalHours: 100,
    intervalDays: 90,
    leadHours: 10,
    leadDays: 7,
    estimatedHours: 2,
    checklist: [
      ['检查桨叶和电机', 'Inspect propellers and motors'],
      ['电池健康检测', 'Battery health check'],
      ['校准喷头流量', 'Calibrate nozzle flow'],
      ['固件升级', 'Firmware update'],
    ],
  },
};

export interface PartSpec {
  name: [string, string];
  no: string;
  unitCny: number;
  /** quantity range (whole units) */
  qty: [number, number];
}

const OIL: PartSpec = {
  name: ['发动机机油 15W-40 (升)', 'Engine oil 15W-40 (L)'],
  no: 'OIL-1540',
  unitCny: 36,
  qty: [16, 28],
};
const OIL_FILTER: PartSpec = { name: ['机油滤芯', 'Oil filter'], no: 'FLT-OIL', unitCny: 120, qty: [1, 1] };
const FUEL_FILTER: PartSpec = { name: ['柴油滤芯', 'Fuel filter'], no: 'FLT-FUEL', unitCny: 95, qty: [1, 2] };
const AIR_FILTER: PartSpec = { name: ['空气滤芯', 'Air filter element'], no: 'FLT-AIR', unitCny: 280, qty: [1, 1] };
const GREASE: PartSpec = { name: ['锂基润滑脂 (公斤)', 'Lithium grease (kg)'], no: 'GRS-LI', unitCny: 30, qty: [1, 3] };

export const PM_PARTS: Partial<Record<ModelRole, PartSpec[]>> = {
  tractor: [OIL, OIL_FILTER, FUEL_FILTER, AIR_FILTER, GREASE],
  combine: [
    OIL,
    OIL_FILTER,
    FUEL_FILTER,
    AIR_FILTER,
    GREASE,
    { name: ['割台刀片', 'Knife sections'], no: 'HDR-KNF', unitCny: 18, qty: [10, 30] },
  ],
  forage: [
    OIL,
    OIL_FILTER,
    FUEL_FILTER,
    AIR_FILTER,
    { name: ['切碎刀片', 'Chopper knives'], no: 'CHP-KNF', unitCny: 160, qty: [4, 8] },
  ],
  sprayer_sp: [
    OIL,
    OIL_FILTER,
    FUEL_FILTER,
    { name: ['喷头', 'Spray nozzle'], no: 'NZL-110', unitCny: 45, qty: [6, 20] },
  ],
  drone: [{ name: ['桨叶', 'Propeller blade'], no: 'DJI-PRP', unitCny: 150, qty: [2, 4] }],
};

export interface Fault {
  zh: string;
  en: string;
  roles: ModelRole[];
  parts: PartSpec[];
}

export const CORRECTIVE_FAULTS: Fault[] = [
  {
    zh: '液压油管破裂',
    en: 'Hydraulic hose burst',
    roles: ['tractor', 'combine', 'forage', 'sprayer_sp'],
    parts: [
      { name: ['液压油管总成', 'Hydraulic hose assembly'], no: 'HYD-HOSE', unitCny: 450, qty: [1, 2] },
      { name: ['液压油 (升)', 'Hydraulic oil (L)'], no: 'OIL-HYD46', unitCny: 28, qty: [10, 30] },
    ],
  },
  {
    zh: '发动机过热',
    en: 'Engine overheating',
    roles: ['tractor', 'combine', 'forage', 'sprayer_sp'],
    parts: [
      { name: ['水泵', 'Water pump'], no: 'ENG-WP', unitCny: 2200, qty: [1, 1] },
      { name: ['冷却液 (升)', 'Coolant (L)'], no: 'CLT-50', unitCny: 25, qty: [10, 20] },
    ],
  },
  {
    zh: '启动困难，蓄电池亏电',
    en: 'Hard start, battery flat',
    roles: ['tractor', 'combine', 'forage', 'sprayer_sp'],
    parts: [{ name: ['蓄电池 12V 180Ah', 'Battery 12V 180Ah'], no: 'BAT-180', unitCny: 1200, qty: [1, 2] }],
  },
  {
    zh: '轮胎扎破',
    en: 'Tyre puncture',
    roles: ['tractor', 'sprayer_sp'],
    parts: [{ name: ['轮胎', 'Tyre'], no: 'TYR-R38', unitCny: 5800, qty: [1, 1] }],
  },
  {
    zh: '传动皮带断裂',
    en: 'Drive belt snapped',
    roles: ['combine', 'forage'],
    parts: [{ name: ['传动皮带', 'Drive belt'], no: 'BLT-DRV', unitCny: 680, qty: [1, 2] }],
  },
  {
    zh: '割台链条断裂',
    en: 'Header chain broken',
    roles: ['combine'],
    parts: [{ name: ['输送链条', 'Feeder chain'], no: 'CHN-FDR', unitCny: 950, qty: [1, 1] }],
  },
  {
    zh: '空调不制冷',
    en: 'Cab AC not cooling',
    roles: ['tractor', 'combine'],
    parts: [{ name: ['空调压缩机', 'AC compressor'], no: 'AC-CMP', unitCny: 3200, qty: [1, 1] }],
  },
  {
    zh: '喷头堵塞，喷幅不均',
    en: 'Nozzles clogged, uneven spray',
    roles: ['sprayer_sp', 'drone'],
    parts: [{ name: ['喷头', 'Spray nozzle'], no: 'NZL-110', unitCny: 45, qty: [6, 16] }],
  },
  {
    zh: '电机故障',
    en: 'Motor fault',
    roles: ['drone'],
    parts: [{ name: ['无刷电机', 'Brushless motor'], no: 'DJI-MTR', unitCny: 1800, qty: [1, 1] }],
  },
];

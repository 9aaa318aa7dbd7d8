import type { OperationType } from '@amms/db';

/** One field operation of a crop's year: the job is wanted on a day in [from, to] (month, day). */
export interface CropStep {
  op: OperationType;
  from: [number, number];
  to: [number, number];
}

export interface Crop {
  name: string;
  weight: number;
  steps: CropStep[];
}

/** How one demo org farms: where, what, with which machines. Everything the generator varies per org. */
export interface RegionProfile {
  lang: 'zh' | 'en';
  lat: number;
  lng: number;
  locationText: string;
  fieldPrefixes: string[];
  fieldName: (prefix: string, n: number) => string;
  crops: Crop[];
  /** fleet at scale 1: catalog key → count */
  fleet: Record<string, number>;
  fuelSuppliers: string[];
  partsSuppliers: string[];
}

const s = (op: OperationType, from: [number, number], to: [number, number]): CropStep => ({ op, from, to });

// Northern Jiangsu (淮安): winter wheat / rapeseed followed by rice, summer corn or soybeans.
const JIANGSU: Crop[] = [
  {
    name: '小麦',
    weight: 30,
    steps: [
      s('FERTILIZING', [2, 20], [3, 10]),
      s('CROP_PROTECTION', [4, 10], [4, 30]),
      s('HARVESTING', [5, 28], [6, 10]),
      s('TRANSPORT', [6, 1], [6, 12]),
      s('TILLAGE', [10, 20], [11, 5]),
      s('SOWING_PLANTING', [10, 28], [11, 12]),
    ],
  },
  {
    name: '水稻',
    weight: 18,
    steps: [
      s('TILLAGE', [6, 10], [6, 18]),
      s('SOWING_PLANTING', [6, 15], [6, 26]),
      s('FERTILIZING', [7, 10], [7, 20]),
      s('CROP_PROTECTION', [7, 20], [8, 20]),
      s('HARVESTING', [10, 20], [11, 5]),
      s('TRANSPORT', [10, 22], [11, 8]),
    ],
  },
  {
    name: '玉米',
    weight: 24,
    steps: [
      s('SOWING_PLANTING', [6, 10], [6, 20]),
      s('FERTILIZING', [7, 5], [7, 15]),
      s('CROP_PROTECTION', [7, 15], [8, 5]),
      s('HARVESTING', [9, 25], [10, 10]),
      s('TRANSPORT', [9, 27], [10, 14]),
      s('TILLAGE', [10, 12], [10, 25]),
    ],
  },
  {
    name: '大豆',
    weight: 12,
    steps: [
      s('SOWING_PLANTING', [6, 15], [6, 25]),
      s('CROP_PROTECTION', [7, 25], [8, 10]),
      s('HARVESTING', [10, 1], [10, 15]),
    ],
  },
  {
    name: '油菜',
    weight: 8,
    steps: [
      s('FERTILIZING', [2, 25], [3, 10]),
      s('CROP_PROTECTION', [3, 20], [4, 5]),
      s('HARVESTING', [5, 15], [5, 28]),
      s('SOWING_PLANTING', [10, 5], [10, 20]),
    ],
  },
  {
    name: '苜蓿',
    weight: 5,
    steps: [
      s('MOWING', [5, 10], [5, 20]),
      s('BALING', [5, 14], [5, 24]),
      s('MOWING', [7, 1], [7, 10]),
      s('BALING', [7, 4], [7, 14]),
      s('MOWING', [8, 25], [9, 5]),
      s('BALING', [8, 28], [9, 8]),
    ],
  },
  {
    name: '青贮玉米',
    weight: 3,
    steps: [
      s('SOWING_PLANTING', [6, 5], [6, 15]),
      s('FORAGE_HARVESTING', [9, 1], [9, 15]),
      s('TRANSPORT', [9, 2], [9, 16]),
    ],
  },
];

// Sanjiang plain (Heilongjiang): one season, large fields, spring wheat, corn, soybeans, rice.
const HEILONGJIANG: Crop[] = [
  {
    name: 'Wheat',
    weight: 22,
    steps: [
      s('TILLAGE', [4, 5], [4, 15]),
      s('SOWING_PLANTING', [4, 10], [4, 25]),
      s('CROP_PROTECTION', [6, 5], [6, 20]),
      s('HARVESTING', [8, 1], [8, 15]),
      s('TRANSPORT', [8, 3], [8, 18]),
      s('TILLAGE', [9, 1], [9, 15]),
    ],
  },
  {
    name: 'Corn',
    weight: 30,
    steps: [
      s('TILLAGE', [4, 20], [5, 1]),
      s('SOWING_PLANTING', [5, 1], [5, 15]),
      s('FERTILIZING', [6, 10], [6, 20]),
      s('CROP_PROTECTION', [7, 1], [7, 15]),
      s('HARVESTING', [10, 1], [10, 20]),
      s('TRANSPORT', [10, 3], [10, 22]),
      s('TILLAGE', [10, 20], [11, 5]),
    ],
  },
  {
    name: 'Soybeans',
    weight: 28,
    steps: [
      s('SOWING_PLANTING', [5, 10], [5, 25]),
      s('CROP_PROTECTION', [7, 1], [7, 20]),
      s('HARVESTING', [9, 20], [10, 5]),
    ],
  },
  {
    name: 'Rice',
    weight: 10,
    steps: [
      s('TILLAGE', [4, 25], [5, 5]),
      s('SOWING_PLANTING', [5, 10], [5, 25]),
      s('CROP_PROTECTION', [7, 10], [7, 25]),
      s('HARVESTING', [9, 25], [10, 10]),
    ],
  },
  {
    name: 'Alfalfa',
    weight: 6,
    steps: [
      s('MOWING', [6, 15], [6, 25]),
      s('BALING', [6, 18], [6, 28]),
      s('MOWING', [8, 1], [8, 10]),
      s('BALING', [8, 4], [8, 14]),
    ],
  },
  {
    name: 'Silage corn',
    weight: 4,
    steps: [
      s('SOWING_PLANTING', [5, 5], [5, 15]),
      s('FORAGE_HARVESTING', [9, 5], [9, 20]),
      s('TRANSPORT', [9, 6], [9, 21]),
    ],
  },
];

export const REGIONS: Record<string, RegionProfile> = {
  'green-valley': {
    lang: 'zh',
    lat: 33.52,
    lng: 118.95,
    locationText: '江苏省淮安市洪泽区',
    fieldPrefixes: [
      '东岗',
      '西洼',
      '南坡',
      '北塘',
      '河湾',
      '柳树屯',
      '大王庄',
      '李家洼',
      '后岭',
      '前滩',
      '杨树沟',
      '东大片',
      '西大片',
      '新开地',
      '老河套',
      '枣林',
      '高家圩',
      '三里桥',
    ],
    fieldName: (p, n) => `${p}${n}号地`,
    crops: JIANGSU,
    // 18 tractors, 8 combines (1 forage), 4 self-propelled sprayers/drones, 30 implements
    fleet: {
      'jd-6r155': 3,
      'jd-8r370': 1,
      'case-puma165': 2,
      'kubota-m7172': 2,
      'yto-lx2204': 5,
      'lovol-m2204': 5,
      'jd-s780': 1,
      'claas-lexion8700': 1,
      'lovol-gn70': 5,
      'claas-jaguar960': 1,
      'horsch-leeb6300': 1,
      'dji-t50': 3,
      'amazone-ux5201': 3,
      'vaderstad-tempo-v8': 2,
      'nonghaha-2bmzf6': 4,
      'lemken-juwel8': 3,
      'horsch-joker6': 3,
      'kuhn-gmd3125': 2,
      'krone-comprima': 2,
      'amazone-zats': 3,
      'krampe-bandit750': 2,
      'cimc-7cx12': 6,
    },
    fuelSuppliers: ['中国石化 洪泽加油站', '中国石油 淮安农机服务站'],
    partsSuppliers: ['淮安农机配件城', '约翰迪尔授权经销商 江苏', '雷沃服务站 淮安'],
  },
  'red-river': {
    lang: 'en',
    lat: 47.25,
    lng: 132.05,
    locationText: 'Fujin, Heilongjiang',
    fieldPrefixes: [
      'North Quarter',
      'River Bend',
      'Home Place',
      'East Section',
      'West Section',
      'Miller Place',
      'Creek Flats',
      'Long Field',
      'Old Mill',
      'South Forty',
      'Pine Ridge',
      'Levee Strip',
    ],
    fieldName: (p, n) => `${p} #${n}`,
    crops: HEILONGJIANG,
    fleet: {
      'jd-6r155': 4,
      'jd-8r370': 4,
      'case-puma165': 4,
      'kubota-m7172': 3,
      'yto-lx2204': 2,
      'lovol-m2204': 1,
      'jd-s780': 3,
      'claas-lexion8700': 3,
      'lovol-gn70': 1,
      'claas-jaguar960': 1,
      'horsch-leeb6300': 2,
      'dji-t50': 2,
      'amazone-ux5201': 3,
      'vaderstad-tempo-v8': 4,
      'nonghaha-2bmzf6': 2,
      'lemken-juwel8': 3,
      'horsch-joker6': 3,
      'kuhn-gmd3125': 2,
      'krone-comprima': 2,
      'amazone-zats': 3,
      'krampe-bandit750': 6,
      'cimc-7cx12': 2,
    },
    fuelSuppliers: ['Sinopec Fujin depot', 'PetroChina farm service'],
    partsSuppliers: ['Deere dealer Jiamusi', 'Case IH parts Harbin', 'Fujin farm supply'],
  },
};

/** Labels for job titles and cost lines. */
export const OP_LABEL: Record<'zh' | 'en', Record<OperationType, string>> = {
  zh: {
    TILLAGE: '整地',
    SOWING_PLANTING: '播种',
    FERTILIZING: '施肥',
    CROP_PROTECTION: '植保喷药',
    MOWING: '割草',
    BALING: '打捆',
    HARVESTING: '收获',
    FORAGE_HARVESTING: '青贮收获',
    TRANSPORT: '运输',
    OTHER: '其他作业',
  },
  en: {
    TILLAGE: 'tillage',
    SOWING_PLANTING: 'seeding',
    FERTILIZING: 'fertilizing',
    CROP_PROTECTION: 'spraying',
    MOWING: 'mowing',
    BALING: 'baling',
    HARVESTING: 'harvest',
    FORAGE_HARVESTING: 'forage harvest',
    TRANSPORT: 'grain haul',
    OTHER: 'field work',
  },
};

import type { MachineKind, OperationType } from '@amms/db';

/** What the fleet generator does with a model (not stored: the catalog row has kind + operation types). */
export type ModelRole = 'tractor' | 'combine' | 'forage' | 'sprayer_sp' | 'drone' | 'implement';

export interface CatalogModel {
  key: string;
  manufacturer: string;
  name: string;
  kind: MachineKind;
  operationTypes: OperationType[];
  workingWidthM: number | null;
  powerKw: number | null;
  role: ModelRole;
  /** list price new, CNY (purchase costs are drawn around it) */
  priceCny: number;
}

const TRACTOR_ALL: OperationType[] = ['TILLAGE', 'SOWING_PLANTING', 'FERTILIZING', 'CROP_PROTECTION', 'MOWING', 'BALING', 'TRANSPORT', 'OTHER'];
// big row-crop tractors pull ploughs, seeders and trailers, not mowers or balers
const TRACTOR_HEAVY: OperationType[] = ['TILLAGE', 'SOWING_PLANTING', 'FERTILIZING', 'TRANSPORT', 'OTHER'];

/**
 * The platform catalog (organizationId null, shared by every org). Figures are close to the
 * real machines' brochures; they only need to be plausible for demos and benchmarks.
 */
export const PLATFORM_CATALOG: CatalogModel[] = [
  { key: 'jd-6r155', manufacturer: 'John Deere', name: '6R 155', kind: 'POWER_UNIT', operationTypes: TRACTOR_ALL, workingWidthM: null, powerKw: 114, role: 'tractor', priceCny: 1_150_000 },
  { key: 'jd-8r370', manufacturer: 'John Deere', name: '8R 370', kind: 'POWER_UNIT', operationTypes: TRACTOR_HEAVY, workingWidthM: null, powerKw: 272, role: 'tractor', priceCny: 2_900_000 },
  { key: 'case-puma165', manufacturer: 'Case IH', name: 'Puma 165', kind: 'POWER_UNIT', operationTypes: TRACTOR_ALL, workingWidthM: null, powerKw: 121, role: 'tractor', priceCny: 1_050_000 },
  { key: 'kubota-m7172', manufacturer: 'Kubota', name: 'M7-172', kind: 'POWER_UNIT', operationTypes: TRACTOR_ALL, workingWidthM: null, powerKw: 126, role: 'tractor', priceCny: 980_000 },
  { key: 'yto-lx2204', manufacturer: '东方红', name: 'LX2204', kind: 'POWER_UNIT', operationTypes: TRACTOR_HEAVY, workingWidthM: null, powerKw: 162, role: 'tractor', priceCny: 420_000 },
  { key: 'lovol-m2204', manufacturer: '雷沃', name: '欧豹 M2204', kind: 'POWER_UNIT', operationTypes: TRACTOR_ALL, workingWidthM: null, powerKw: 162, role: 'tractor', priceCny: 380_000 },
  { key: 'jd-s780', manufacturer: 'John Deere', name: 'S780', kind: 'SELF_PROPELLED', operationTypes: ['HARVESTING'], workingWidthM: 10.7, powerKw: 353, role: 'combine', priceCny: 4_200_000 },
  { key: 'claas-lexion8700', manufacturer: 'Claas', name: 'Lexion 8700', kind: 'SELF_PROPELLED', operationTypes: ['HARVESTING'], workingWidthM: 12.3, powerKw: 581, role: 'combine', priceCny: 5_600_000 },
  { key: 'lovol-gn70', manufacturer: '雷沃', name: '谷神 GN70', kind: 'SELF_PROPELLED', operationTypes: ['HARVESTING'], workingWidthM: 4.6, powerKw: 162, role: 'combine', priceCny: 360_000 },
  { key: 'claas-jaguar960', manufacturer: 'Claas', name: 'Jaguar 960', kind: 'SELF_PROPELLED', operationTypes: ['FORAGE_HARVESTING'], workingWidthM: 7.5, powerKw: 463, role: 'forage', priceCny: 4_800_000 },
  { key: 'horsch-leeb6300', manufacturer: 'Horsch', name: 'Leeb 6.300', kind: 'SELF_PROPELLED', operationTypes: ['CROP_PROTECTION'], workingWidthM: 36, powerKw: 194, role: 'sprayer_sp', priceCny: 2_400_000 },
  { key: 'dji-t50', manufacturer: 'DJI', name: 'Agras T50', kind: 'SELF_PROPELLED', operationTypes: ['CROP_PROTECTION', 'FERTILIZING'], workingWidthM: 11, powerKw: null, role: 'drone', priceCny: 62_000 },
  { key: 'amazone-ux5201', manufacturer: 'Amazone', name: 'UX 5201 Super', kind: 'IMPLEMENT', operationTypes: ['CROP_PROTECTION'], workingWidthM: 30, powerKw: null, role: 'implement', priceCny: 650_000 },
  { key: 'vaderstad-tempo-v8', manufacturer: 'Väderstad', name: 'Tempo V 8', kind: 'IMPLEMENT', operationTypes: ['SOWING_PLANTING'], workingWidthM: 6, powerKw: null, role: 'implement', priceCny: 880_000 },
  { key: 'nonghaha-2bmzf6', manufacturer: '农哈哈', name: '2BMZF-6 免耕播种机', kind: 'IMPLEMENT', operationTypes: ['SOWING_PLANTING'], workingWidthM: 3.6, powerKw: null, role: 'implement', priceCny: 48_000 },
  { key: 'lemken-juwel8', manufacturer: 'Lemken', name: 'Juwel 8', kind: 'IMPLEMENT', operationTypes: ['TILLAGE'], workingWidthM: 2.5, powerKw: null, role: 'implement', priceCny: 320_000 },
  { key: 'horsch-joker6', manufacturer: 'Horsch', name: 'Joker 6 RT', kind: 'IMPLEMENT', operationTypes: ['TILLAGE'], workingWidthM: 6, powerKw: null, role: 'implement', priceCny: 410_000 },
  { key: 'kuhn-gmd3125', manufacturer: 'Kuhn', name: 'GMD 3125', kind: 'IMPLEMENT', operationTypes: ['MOWING'], workingWidthM: 3.1, powerKw: null, role: 'implement', priceCny: 150_000 },
  { key: 'krone-comprima', manufacturer: 'Krone', name: 'Comprima F 155', kind: 'IMPLEMENT', operationTypes: ['BALING'], workingWidthM: 2.15, powerKw: null, role: 'implement', priceCny: 520_000 },
  { key: 'amazone-zats', manufacturer: 'Amazone', name: 'ZA-TS 4200', kind: 'IMPLEMENT', operationTypes: ['FERTILIZING'], workingWidthM: 36, powerKw: null, role: 'implement', priceCny: 260_000 },
  { key: 'krampe-bandit750', manufacturer: 'Krampe', name: 'Bandit 750', kind: 'IMPLEMENT', operationTypes: ['TRANSPORT'], workingWidthM: null, powerKw: null, role: 'implement', priceCny: 310_000 },
  { key: 'cimc-7cx12', manufacturer: '中集', name: '7CX-12 农用自卸挂车', kind: 'IMPLEMENT', operationTypes: ['TRANSPORT'], workingWidthM: null, powerKw: null, role: 'implement', priceCny: 56_000 },
];

export const catalogKey = (manufacturer: string, name: string) => `${manufacturer}\u0000${name}`;

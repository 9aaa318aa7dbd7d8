import type { OperationType, Prisma, Role } from '@amms/db';
import type { GenInput, GenMember, SeedData } from '../types.js';
import type { CatalogModel } from '../catalog.js';
import type { PlanTemplate } from '../maintenance-data.js';
import { OP_LABEL, REGIONS, type RegionProfile } from '../regions.js';
import { DAY, IdSource, Rng, hashSeed } from '../../platform/random/prng.js';

export interface Machine {
  id: string;
  model: CatalogModel;
  modelId: string;
  teamId: string | null;
  powered: boolean;
  createdAt: number;
  retiredAt: number | null;
  freeAt: number;
  /** windows where the machine is booked by a work order in the plan period */
  blocks: [number, number][];
  meter: number; // tenths of an hour
  lastPmAt: number;
  lastPmMeter: number;
  pmFactor: number;
  plan: { id: string; t: PlanTemplate } | null;
  version: number;
  updatedAt: number;
  status: 'ACTIVE' | 'IN_MAINTENANCE' | 'RETIRED';
}

export interface Operator {
  m: GenMember;
  freeAt: number;
  blocks: [number, number][];
}

export interface FieldRow {
  id: string;
  name: string;
  teamId: string | null;
  crop: RegionProfile['crops'][number];
  areaM2: number;
}

/** A job wanted on a field: its window, priority and estimated hours */
export interface JobReq {
  field: FieldRow;
  op: OperationType;
  windowStart: number;
  windowEnd: number;
  estHours: number;
  priority: number;
}

/**
 * The state one org's generation shares between the per-domain generators: its input, the
 * random stream and id source (drawn from in one fixed order: that order is the output), the
 * time marks, the rows written so far and the resource timelines the scheduling walks.
 */
export interface Gen {
  input: GenInput;
  org: string;
  scale: number;
  region: RegionProfile;
  rng: Rng;
  ids: IdSource;
  /** Monday 00:00 of the current week */
  anchor: number;
  histStart: number;
  onboarded: number;
  /** next Monday: the plan covers the two weeks after the current one */
  planStart: number;
  planEnd: number;
  zh: boolean;
  L: Record<OperationType, string>;
  out: SeedData;
  dispatcher: GenMember;
  mechanics: GenMember[];
  acceptors: GenMember[];
  operators: Operator[];
  crewOf: (i: number) => string | null;
  machines: Machine[];
  assetRow: Map<string, Prisma.AssetCreateManyInput>;
  fields: FieldRow[];
  /** work orders with the instant they were opened (numbered in that order at the end) */
  wos: { row: Prisma.WorkOrderCreateManyInput; at: number }[];
}

export function createGen(input: GenInput): Gen {
  const region = REGIONS[input.slug];
  if (!region) throw new Error(`no demo region profile for org ${input.slug}`);
  const { organizationId: org, scale } = input;
  const anchor = input.anchor.getTime();
  const histStart = anchor - 364 * DAY;

  const byRole = (r: Role) => input.members.filter((m) => m.role === r);
  const one = (r: Role) => {
    const m = byRole(r)[0];
    if (!m) throw new Error(`demo org ${input.slug} has no ${r} member`);
    return m;
  };
  const dispatcher = one('DISPATCHER');
  const mechanics = byRole('MECHANIC');
  const acceptors = [dispatcher, dispatcher, dispatcher, one('ADMIN'), one('OWNER')];
  const operators: Operator[] = byRole('OPERATOR').map((m) => ({ m, freeAt: histStart, blocks: [] }));
  if (mechanics.length === 0 || operators.length === 0)
    throw new Error(`demo org ${input.slug} needs operators and mechanics`);
  const crews = input.crewTeamIds;

  return {
    input,
    org,
    scale,
    region,
    rng: new Rng(hashSeed(`${input.slug}:${scale}`)),
    ids: new IdSource(`amms-seed:${input.slug}:${scale}`),
    anchor,
    histStart,
    onboarded: anchor - 700 * DAY,
    planStart: anchor + 7 * DAY,
    planEnd: anchor + 21 * DAY,
    zh: region.lang === 'zh',
    L: OP_LABEL[region.lang],
    out: {
      fields: [],
      assets: [],
      maintenancePlans: [],
      jobs: [],
      assignments: [],
      assignmentMachines: [],
      workOrders: [],
      checklistItems: [],
      workOrderParts: [],
      machineBookings: [],
      operatorBookings: [],
      meterReadings: [],
      costDocuments: [],
      costLines: [],
    },
    dispatcher,
    mechanics,
    acceptors,
    operators,
    crewOf: (i: number) => (crews.length ? (crews[i % crews.length] as string) : null),
    machines: [],
    assetRow: new Map(),
    fields: [],
    wos: [],
  };
}

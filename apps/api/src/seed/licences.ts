import type { PrismaClient } from '@amms/db';
import type { ModelRole } from './catalog.js';
import type { GenMember, SeedData } from './types.js';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** What the operator of a model must hold (issue 25): self-propelled machines and drones need their licence. */
export const REQUIRED_BY_ROLE: Record<ModelRole, string[]> = {
  combine: ['COMBINE'],
  forage: ['FORAGE_HARVESTER'],
  sprayer_sp: ['SELF_PROPELLED_SPRAYER', 'PESTICIDE_APPLICATOR'],
  drone: ['DRONE_PILOT', 'PESTICIDE_APPLICATOR'],
  tractor: [],
  implement: [],
};

/**
 * The demo crew's licences by the operator's position (repeats every 10 at larger scales): most
 * hold a combine licence, three fly drones, two drive the self-propelled sprayer; 冯亮 (7) is a
 * young drone pilot without a combine licence and 蒋东 (9) a new hire with a tractor licence only.
 */
const CREW: readonly (readonly string[])[] = [
  ['TRACTOR', 'COMBINE', 'FORAGE_HARVESTER'],
  ['TRACTOR', 'COMBINE', 'DRONE_PILOT', 'PESTICIDE_APPLICATOR'],
  ['TRACTOR', 'COMBINE', 'FORAGE_HARVESTER'],
  ['TRACTOR', 'COMBINE', 'SELF_PROPELLED_SPRAYER', 'PESTICIDE_APPLICATOR'],
  ['TRACTOR', 'COMBINE', 'DRONE_PILOT', 'PESTICIDE_APPLICATOR'],
  ['TRACTOR', 'COMBINE'],
  ['TRACTOR', 'COMBINE', 'SELF_PROPELLED_SPRAYER', 'PESTICIDE_APPLICATOR'],
  ['TRACTOR', 'DRONE_PILOT', 'PESTICIDE_APPLICATOR'],
  ['TRACTOR', 'COMBINE', 'FORAGE_HARVESTER'],
  ['TRACTOR'],
];

/** licences run for years; a drone licence for two (the regulator's term), a certificate for three */
const YEARS: Record<string, number> = { DRONE_PILOT: 2, PESTICIDE_APPLICATOR: 3 };

export interface DemoLicence {
  membershipId: string;
  code: string;
  /** the last valid day (UTC date) */
  expiresAt: Date;
}

/**
 * The licences of the demo operators: the crew table above, and whoever the generated data books
 * on a machine from `now` on holds what that machine requires (the generator books without
 * licences; a demo must not open with a booking its own rules refuse).
 */
export function demoLicences(
  members: readonly GenMember[],
  data: Pick<SeedData, 'assets' | 'assignments' | 'assignmentMachines'>,
  modelRoles: ReadonlyMap<string, ModelRole>,
  now: Date,
): DemoLicence[] {
  const operators = members.filter((m) => m.role === 'OPERATOR');
  const held = new Map<string, Set<string>>(operators.map((m, i) => [m.membershipId, new Set(CREW[i % CREW.length])]));
  const roleOf = new Map(data.assets.map((a) => [a.id, modelRoles.get(a.modelId)]));
  const live = new Map(
    data.assignments
      .filter((a) => !a.releasedAt && new Date(a.endsAt) > now)
      .map((a) => [a.id, a.operatorMembershipId]),
  );
  for (const am of data.assignmentMachines) {
    const who = live.get(am.assignmentId);
    const role = roleOf.get(am.assetId);
    if (who && role) for (const q of REQUIRED_BY_ROLE[role]) held.get(who)?.add(q);
  }
  const out: DemoLicence[] = [];
  for (const [membershipId, codes] of held)
    for (const code of [...codes].sort()) {
      const years = YEARS[code] ?? 6;
      const d = new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate()));
      out.push({ membershipId, code, expiresAt: d });
    }
  return out;
}

/** Writes them; a licence already recorded (a second seed) is left as it is. */
export async function seedLicences(tx: Tx, organizationId: string, licences: readonly DemoLicence[]): Promise<number> {
  const r = await tx.memberQualification.createMany({
    data: licences.map((l) => ({ organizationId, ...l })),
    skipDuplicates: true,
  });
  return r.count;
}

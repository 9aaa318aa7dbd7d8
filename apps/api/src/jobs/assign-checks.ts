import type { TRole } from '@amms/contracts/permissions';
import type { Role } from '@amms/db';
import { JobErrors } from './jobs.errors.js';
import type { JobRow } from './jobs.mappers.js';
import type { JobsRepository } from './jobs.repository.js';
import { roleMay } from '../platform/access/permission.js';

/** Machines that can lead a set (pull or carry the implements). */
const LEAD_KINDS = new Set(['POWER_UNIT', 'SELF_PROPELLED']);

export type FoundAsset = Awaited<ReturnType<JobsRepository['findAssets']>>[number];
export interface SetMachine {
  assetId: string;
  role: 'PRIMARY' | 'IMPLEMENT';
}

/**
 * The assign checks on what was read, in the documented order (shared by the one-job assign and
 * the batched one): the machines exist (in `found`, read in the caller's asset scope), form a
 * valid set, are ACTIVE and together can do the job's operation. Returns the set, primary first.
 */
export function machineSetOf(
  job: Pick<JobRow, 'operationType'>,
  primaryId: string,
  implementIds: readonly string[],
  found: readonly FoundAsset[],
): SetMachine[] {
  const wanted = [primaryId, ...implementIds];
  const byId = new Map(found.map((a) => [a.id, a]));
  wanted.forEach((id, i) => {
    if (!byId.has(id)) throw JobErrors.assetNotFound(i === 0 ? 'primaryAssetId' : `implementAssetIds.${i - 1}`, id);
  });
  const primary = byId.get(primaryId)!;
  if (!LEAD_KINDS.has(primary.model.kind)) {
    throw JobErrors.invalidMachineSet('The primary machine must be a power unit or a self-propelled machine', {
      assetId: primaryId,
      kind: primary.model.kind,
    });
  }
  for (const id of implementIds) {
    const kind = byId.get(id)!.model.kind;
    if (kind !== 'IMPLEMENT')
      throw JobErrors.invalidMachineSet('Only implements can be attached to the primary machine', {
        assetId: id,
        kind,
      });
  }
  if (new Set(wanted).size !== wanted.length) {
    const dup = wanted.find((id, i) => wanted.indexOf(id) !== i)!;
    throw JobErrors.invalidMachineSet('A machine appears more than once in the set', { assetId: dup });
  }
  for (const id of wanted) {
    const a = byId.get(id)!;
    // IN_MAINTENANCE and RETIRED machines cannot work
    if (a.status !== 'ACTIVE') throw JobErrors.assetUnavailable(id, a.status);
  }
  const supported = [...new Set(wanted.flatMap((id) => byId.get(id)!.model.operationTypes))];
  if (!supported.includes(job.operationType)) throw JobErrors.capabilityMismatch(job.operationType, supported);
  return wanted.map((assetId, i) => ({ assetId, role: i === 0 ? ('PRIMARY' as const) : ('IMPLEMENT' as const) }));
}

/** The operator is an active member of this org whose role may execute jobs. */
export function assertOperatorEligible(
  membershipId: string,
  m: { role: Role | string; status: string } | null | undefined,
): void {
  if (!m || m.status !== 'ACTIVE' || !roleMay(m.role as TRole, 'job.execute'))
    throw JobErrors.operatorNotEligible(membershipId);
}

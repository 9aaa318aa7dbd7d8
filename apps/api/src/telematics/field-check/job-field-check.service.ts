import { Injectable } from '@nestjs/common';
import type { TJob } from '@amms/contracts/jobs';
import type { TJobFieldCheck } from '@amms/contracts/telematics';
import type { OrgContext } from '../../platform/access/context.js';
import { JobFieldCheckRepository, type FieldCheckRow } from './job-field-check.repository.js';

/**
 * The job's field against its machine's last position, in PostGIS: the distance outside the
 * field's boundary (0 inside); a field without a boundary is taken as the circle of its area
 * around its centroid (distance to the centroid minus that circle's radius), so a large field's
 * edge is not "far". Beyond the org's `farFromFieldMeters` → FAR_FROM_FIELD.
 */
export function judgeFieldCheck(r: FieldCheckRow): TJobFieldCheck | null {
  if (r.distanceM === null) return null;
  const radius = r.hasBoundary ? 0 : Math.sqrt(r.areaM2 / Math.PI);
  const distanceM = Math.max(0, Math.round(r.distanceM - radius));
  const state =
    distanceM > r.thresholdM ? 'FAR_FROM_FIELD' : distanceM === 0 || !r.hasBoundary ? 'IN_FIELD' : 'NEAR_FIELD';
  return {
    state,
    assetId: r.assetId,
    distanceM,
    measuredFrom: r.hasBoundary ? 'BOUNDARY' : 'CENTROID',
    thresholdM: r.thresholdM,
    at: r.at.toISOString(),
    latitude: r.latitude,
    longitude: r.longitude,
  };
}

/** "Working in field X" or not: an IN_PROGRESS job's primary machine against the job's field. */
@Injectable()
export class JobFieldCheckService {
  constructor(private readonly repo: JobFieldCheckRepository) {}

  /** GET /jobs/:id: a job the caller may read and, while it runs, where its machine is against its field. */
  async withCheck(ctx: OrgContext, job: TJob): Promise<TJob> {
    if (job.status !== 'IN_PROGRESS') return job;
    return { ...job, fieldCheck: await this.check(ctx.organizationId, job.id) };
  }

  /** Null unless the job is IN_PROGRESS and its primary machine reported a recent position. */
  async check(organizationId: string, jobId: string): Promise<TJobFieldCheck | null> {
    const row = await this.repo.measure(organizationId, jobId);
    return row ? judgeFieldCheck(row) : null;
  }
}

import { Injectable, Logger } from '@nestjs/common';
import type { TRole } from '@amms/contracts/permissions';
import { actingMembers } from '../tenancy/member-context.js';
import { assetScope } from '../platform/access/asset-scope.js';
import { may } from '../platform/access/permission.js';
import type { OrgContext } from '../platform/access/context.js';
import { FaultDiagnosisRepository } from './fault-diagnosis.repository.js';
import { AgentService } from './agent.service.js';

/** Who the diagnosis runs as: a mechanic of the machine first (they are told of the fault), else who confirms drafts. */
const ACTING_ROLES: readonly TRole[] = ['MECHANIC', 'DISPATCHER', 'ADMIN', 'OWNER'];

export type FaultDiagnosisResult =
  { skipped: 'gone' | 'cleared' | 'taken' | 'nobody' } | { runId: string; status: string; draftId: string | null };

/**
 * A new fault code (telematics/) → the agent's DIAGNOSE skill, as the manual diagnosis runs for a
 * mechanic who describes a fault: it reads the manual of THAT machine's model for the code, the
 * machine's history and bookings, and drafts one corrective work order citing the page. Nothing
 * is written but the draft (a person confirms it). Runs in the worker from the fault's
 * `telematics.diagnose` outbox row; each fault is taken once (`diagnosedAt`), a retry of the job
 * does not draft twice. The run is started as the first mechanic (in membership order) who may
 * read the machine, so it is in their agent runs; without one, as the first dispatcher, admin or
 * owner who may (ORG-scoped drafts are read by those who confirm them either way).
 */
@Injectable()
export class FaultDiagnosis {
  private readonly log = new Logger('FaultDiagnosis');

  constructor(
    private readonly repo: FaultDiagnosisRepository,
    private readonly agent: AgentService,
  ) {}

  async diagnose(organizationId: string, faultId: string): Promise<FaultDiagnosisResult> {
    const fault = await this.repo.fault(organizationId, faultId);
    if (!fault || fault.asset.deletedAt) return { skipped: 'gone' };
    if (fault.clearedAt) return { skipped: 'cleared' };
    const actor = await this.actingMember(organizationId, fault.assetId, faultId);
    if (!actor) return { skipped: 'nobody' };
    if (!(await this.repo.claim(organizationId, faultId))) return { skipped: 'taken' };
    const zh = actor.locale.toLowerCase().startsWith('zh');
    const goal = zh
      ? `${fault.asset.name} 报故障码 ${fault.code}`
      : `${fault.asset.name} reports fault code ${fault.code}`;
    const run = await this.agent.start(actor.ctx, { goal }, { faultCode: fault.code });
    await this.repo.setRun(organizationId, faultId, run.id);
    this.log.log(`fault ${faultId} (${fault.code}) → run ${run.id} ${run.status}`);
    return { runId: run.id, status: run.status, draftId: run.draft?.id ?? null };
  }

  private async actingMember(
    organizationId: string,
    assetId: string,
    faultId: string,
  ): Promise<{ ctx: OrgContext; locale: string } | null> {
    const members = await this.repo.members(organizationId, ACTING_ROLES);
    for (const actor of actingMembers(organizationId, members, ACTING_ROLES, `fault:${faultId}`)) {
      if (!may(actor.ctx, 'agent.run')) continue;
      if (await this.repo.sees(organizationId, assetId, assetScope(actor.ctx))) return actor;
    }
    return null;
  }
}

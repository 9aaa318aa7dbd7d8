import { Injectable, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { NOTIFICATION_TYPES, type TNotificationReason, type TNotificationType } from '@amms/contracts/notifications';
import { AssetsService } from '../assets/assets.service.js';
import { CostsService } from '../costs/costs.service.js';
import { PartsService } from '../inventory/parts.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { WorkOrdersService } from '../maintenance/work-orders.service.js';
import { AppError } from '../platform/errors/app-error.js';
import type { OrgContext } from '../platform/access/context.js';
import { memberContext } from '../tenancy/member-context.js';
import { NotificationsRepository, type CandidateRow, type NewNotification } from './notifications.repository.js';
import { may, rolesThatMay } from '../platform/access/permission.js';
import { readsWorkOrders } from '../platform/access/maintenance-scope.js';
import { OutboundSources } from './outbound/outbound-sources.js';

type ResourceType = 'work_order' | 'cost_document' | 'asset' | 'job' | 'part' | 'draft';

/** A member the event may concern, and why; `jobIds` only for a machine's downtime. */
interface Candidate {
  member: CandidateRow;
  reason: TNotificationReason;
  jobIds?: string[];
}

/**
 * Turns one domain event (the webhook module's `WebhookEvent`, written in the transaction of the
 * change) into the in-app notifications of the members it concerns. Runs in the worker from the
 * event's `notification.fanout` outbox row, so the recipients are computed on committed data.
 *
 * Recipients are never more than who may read the row: each candidate's context is built from
 * their membership as it is now (role, data scope, teams), the route's permission is checked, and
 * the row is read with the same service method as its GET (out of their scope → NOT_FOUND → not
 * told). The actor of the change is not told about their own action.
 */
@Injectable()
export class NotificationFanout {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly modules: ModuleRef,
  ) {}

  private service<T>(type: Type<T>): T {
    return this.modules.get(type, { strict: false });
  }

  async fanout(
    organizationId: string,
    eventId: string,
    actorMembershipId?: string,
  ): Promise<{ created: number; planned?: number }> {
    const event = await this.repo.findEvent(organizationId, eventId);
    if (!event || !(NOTIFICATION_TYPES as readonly string[]).includes(event.type)) return { created: 0 };
    const type = event.type as TNotificationType;
    const candidates = (await this.candidates(organizationId, type, event.resourceId)).filter(
      (c) => c.member.id !== actorMembershipId,
    );
    const seen = new Set<string>();
    const rows: NewNotification[] = [];
    for (const c of candidates) {
      if (seen.has(c.member.id)) continue; // one notification per member: the first reason wins
      seen.add(c.member.id);
      const row = await this.visibleTo(
        organizationId,
        eventId,
        type,
        event.resourceType as ResourceType,
        event.resourceId,
        c,
      );
      if (row) rows.push(row);
    }
    const created = await this.repo.insert(organizationId, eventId, rows);
    // the same recipients outside the app (push, e-mail) and the group bots: notifications/outbound
    const down =
      type === 'asset.status_changed' &&
      (await this.repo.assetStatus(organizationId, event.resourceId))?.status === 'IN_MAINTENANCE';
    const outbound = await this.service(OutboundSources).fromInApp(organizationId, eventId, type, rows, {
      type: event.resourceType,
      id: event.resourceId,
      down,
    });
    return { created, planned: outbound.planned };
  }

  /** Who the event may concern, before the read check. */
  private async candidates(org: string, type: TNotificationType, id: string): Promise<Candidate[]> {
    const as = (members: CandidateRow[], reason: TNotificationReason) => members.map((member) => ({ member, reason }));
    switch (type) {
      case 'work_order.assigned': {
        const wo = await this.repo.workOrderPeople(org, id);
        return wo ? as(await this.repo.members(org, { ids: [wo.assigneeMembershipId] }), 'ASSIGNEE') : [];
      }
      case 'work_order.submitted': {
        // those who may accept it: workorder.accept, and neither the submitter nor the assignee (SELF_ACCEPTANCE)
        const wo = await this.repo.workOrderPeople(org, id);
        if (!wo) return [];
        const barred = new Set([wo.submittedByMembershipId, wo.assigneeMembershipId]);
        const members = await this.repo.members(org, { roles: rolesThatMay('workorder.accept') });
        return as(
          members.filter((m) => !barred.has(m.id)),
          'ACCEPTOR',
        );
      }
      case 'work_order.accepted': {
        const wo = await this.repo.workOrderPeople(org, id);
        if (!wo) return [];
        return [
          ...as(await this.repo.members(org, { ids: [wo.reportedByMembershipId] }), 'REPORTER'),
          ...as(await this.repo.members(org, { ids: [wo.assigneeMembershipId] }), 'ASSIGNEE'),
        ];
      }
      case 'cost_document.submitted': {
        // those who may approve it: cost.approve, and neither its creator nor its submitter (SELF_APPROVAL)
        const doc = await this.repo.costDocumentPeople(org, id);
        if (!doc) return [];
        const members = await this.repo.members(org, { roles: rolesThatMay('cost.approve') });
        return as(
          members.filter(
            (m) =>
              m.id !== doc.createdByMembershipId &&
              m.userId !== doc.createdByUserId &&
              m.userId !== doc.submittedByUserId,
          ),
          'APPROVER',
        );
      }
      case 'cost_document.approved':
      case 'cost_document.rejected': {
        const doc = await this.repo.costDocumentPeople(org, id);
        if (!doc) return [];
        return as(
          await this.repo.members(org, {
            ids: [doc.createdByMembershipId],
            userIds: [doc.createdByUserId, doc.submittedByUserId],
          }),
          'CREATOR',
        );
      }
      case 'stock.low':
      case 'purchase.drafted':
        // the store keepers (inventory.write); the one who caused it is left out above
        return as(await this.repo.members(org, { roles: rolesThatMay('inventory.write') }), 'STORE_KEEPER');
      case 'asset.fault_raised':
        // a new fault code: the mechanics who may see the machine (a TEAM-scoped mechanic: their team's machines; the read check below)
        return as(await this.repo.members(org, { roles: ['MECHANIC'] }), 'MECHANIC');
      case 'asset.status_changed': {
        // a machine going down: the operators and the dispatchers (who assigned them) of the jobs it was booked for
        const asset = await this.repo.assetStatus(org, id);
        if (asset?.status !== 'IN_MAINTENANCE') return [];
        const jobs = await this.repo.affectedJobs(org, id, new Date());
        const byOperator = new Map<string, string[]>();
        const byDispatcherUser = new Map<string, string[]>();
        for (const a of jobs) {
          byOperator.set(a.operatorMembershipId, [...(byOperator.get(a.operatorMembershipId) ?? []), a.jobId]);
          if (a.createdByUserId)
            byDispatcherUser.set(a.createdByUserId, [...(byDispatcherUser.get(a.createdByUserId) ?? []), a.jobId]);
        }
        const operators = await this.repo.members(org, { ids: [...byOperator.keys()] });
        const dispatchers = await this.repo.members(org, { userIds: [...byDispatcherUser.keys()] });
        return [
          ...dispatchers.map((member) => ({
            member,
            reason: 'DISPATCHER' as const,
            jobIds: byDispatcherUser.get(member.userId) ?? [],
          })),
          ...operators.map((member) => ({
            member,
            reason: 'OPERATOR' as const,
            jobIds: byOperator.get(member.id) ?? [],
          })),
        ];
      }
    }
  }

  /** The notification for this candidate, or null when they may not read the row (or none of the jobs). */
  private async visibleTo(
    org: string,
    eventId: string,
    type: TNotificationType,
    resourceType: ResourceType,
    resourceId: string,
    c: Candidate,
  ): Promise<NewNotification | null> {
    const requestId = `notification:${eventId}`;
    const ctx = memberContext(
      org,
      { kind: 'USER', userId: c.member.userId, sessionId: requestId, isPlatformAdmin: c.member.user.isPlatformAdmin },
      { ...c.member, teamIds: c.member.teams.map((t) => t.teamId) },
      requestId,
    );
    const title = await this.titleIfReadable(ctx, resourceType, resourceId, type);
    if (title === undefined) return null;
    let jobIds: string[] = [];
    if (c.jobIds) {
      for (const jobId of c.jobIds)
        if ((await this.titleIfReadable(ctx, 'job', jobId)) !== undefined) jobIds.push(jobId);
      if (jobIds.length === 0) return null;
      jobIds = [...new Set(jobIds)];
    }
    return { recipientMembershipId: c.member.id, type, resourceType, resourceId, reason: c.reason, title, jobIds };
  }

  /** The row's label as this member reads it, or undefined when they may not read it. */
  private async titleIfReadable(
    ctx: OrgContext,
    resourceType: ResourceType,
    id: string,
    type?: TNotificationType,
  ): Promise<string | null | undefined> {
    try {
      switch (resourceType) {
        case 'work_order': {
          if (!readsWorkOrders(ctx)) return undefined;
          const w = await this.service(WorkOrdersService).get(ctx, id);
          return `WO-${String(w.number).padStart(6, '0')} ${w.title}`;
        }
        case 'cost_document': {
          if (!may(ctx, 'cost.read')) return undefined;
          const d = await this.service(CostsService).get(ctx, id);
          return `CD-${String(d.number).padStart(6, '0')}${d.description ? ` ${d.description}` : ''}`;
        }
        case 'asset': {
          if (!may(ctx, 'asset.read')) return undefined;
          const name = (await this.service(AssetsService).getFromDb(ctx, id)).name;
          if (type !== 'asset.fault_raised') return name;
          // the active codes, as the agent's diagnosis takes them ("<machine>: SPN 100 FMI 1")
          const codes = await this.repo.activeFaultCodes(ctx.organizationId, id);
          return codes.length ? `${name}: ${codes.join(', ')}` : name;
        }
        case 'part': {
          if (!may(ctx, 'inventory.read')) return undefined;
          const p = await this.service(PartsService).get(ctx, id);
          return `${p.partNumber} ${p.nameZh}`;
        }
        case 'draft': {
          if (!may(ctx, 'draft.read')) return undefined;
          const d = await this.repo.draft(ctx.organizationId, id);
          return d ? d.title : undefined;
        }
        case 'job': {
          if (!may(ctx, 'job.read')) return undefined;
          return (await this.service(JobsService).get(ctx, id)).title ?? null;
        }
      }
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return undefined;
      throw err;
    }
  }
}

import { Injectable } from '@nestjs/common';
import type { TNotifyEvent } from '@amms/contracts/notify-channels';
import type { TRole } from '@amms/contracts/permissions';
import { roleMay, rolesThatMay } from '../../platform/access/permission.js';
import type { NewNotification } from '../notifications.repository.js';
import type { OutboundOnlyEvent } from './notify-events.js';
import { OutboundPlanner } from './outbound-planner.js';
import { OutboundRepository } from './outbound.repository.js';

/** The in-app notification types that also go outside the app, and as which event. */
const FROM_IN_APP: Record<string, { event: TNotifyEvent; reasons: string[] }> = {
  'work_order.assigned': { event: 'WORK_ORDER_ASSIGNED', reasons: ['ASSIGNEE'] },
  'cost_document.submitted': { event: 'COST_AWAITING_APPROVAL', reasons: ['APPROVER'] },
  'asset.status_changed': { event: 'MACHINE_DOWN', reasons: ['OPERATOR', 'DISPATCHER'] },
  'stock.low': { event: 'STOCK_LOW', reasons: ['STORE_KEEPER'] },
  'asset.fault_raised': { event: 'FAULT_RAISED', reasons: ['MECHANIC'] },
};

/**
 * Where outside messages come from: the in-app fan-out (the same recipients, already checked to
 * read the row), and the events it does not carry (a draft left to confirm, an execution failed).
 */
@Injectable()
export class OutboundSources {
  constructor(
    private readonly planner: OutboundPlanner,
    private readonly repo: OutboundRepository,
  ) {}

  /** Called by the in-app fan-out with the rows it computed (inserted now or before). */
  async fromInApp(
    organizationId: string,
    eventId: string,
    type: string,
    rows: NewNotification[],
    resource: { type: string; id: string; down?: boolean },
  ): Promise<{ planned: number }> {
    const map = FROM_IN_APP[type];
    if (!map) return { planned: 0 };
    // a status change that is not "down" tells nobody (the fan-out found no one, and the group is not told)
    const group = type !== 'asset.status_changed' || resource.down === true;
    if (!group && rows.length === 0) return { planned: 0 };
    return this.planner.plan({
      organizationId,
      event: map.event,
      sourceKey: eventId,
      resourceType: resource.type,
      resourceId: resource.id,
      group,
      recipients: rows
        .filter((r) => map.reasons.includes(r.reason))
        .map((r) => ({ membershipId: r.recipientMembershipId, label: r.title, jobCount: r.jobIds.length })),
    });
  }

  /** A draft waiting (its creator if they may confirm, else those who may) or an execution that failed. */
  async fromEvent(organizationId: string, event: OutboundOnlyEvent, resourceId: string): Promise<{ planned: number }> {
    if (event === 'DRAFT_AWAITING_CONFIRMATION') {
      const draft = await this.repo.draft(organizationId, resourceId);
      if (draft?.status !== 'OPEN') return { planned: 0 };
      const creators = (await this.repo.membershipsOfUsers(organizationId, [draft.createdByUserId])).filter((m) =>
        roleMay(m.role as TRole, 'draft.confirm'),
      );
      const who = creators.length
        ? creators
        : await this.repo.membersWithRoles(organizationId, rolesThatMay('draft.confirm'));
      return this.planner.plan({
        organizationId,
        event,
        sourceKey: `draft:${draft.id}`,
        resourceType: 'draft',
        resourceId: draft.id,
        group: true,
        recipients: who.map((m) => ({ membershipId: m.id, label: draft.title })),
      });
    }
    const exec = await this.repo.execution(organizationId, resourceId);
    if (!exec || (exec.status !== 'FAILED' && exec.status !== 'PARTIAL')) return { planned: 0 };
    const creators = await this.repo.membershipsOfUsers(organizationId, [exec.draft.createdByUserId]);
    const ids = [exec.initiatorMembershipId, ...creators.map((c) => c.id)].filter((x): x is string => !!x);
    return this.planner.plan({
      organizationId,
      event,
      sourceKey: `execution:${exec.id}`,
      resourceType: 'draft',
      resourceId: exec.draftId,
      group: true,
      recipients: ids.map((membershipId) => ({ membershipId, label: `${exec.draft.title} (${exec.status})` })),
    });
  }
}

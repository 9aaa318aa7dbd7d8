import { Inject, Injectable } from '@nestjs/common';
import { AssetsService } from '../../assets/assets.service.js';
import { BookingsService } from '../../bookings/bookings.service.js';
import { FieldsService } from '../../jobs/fields.service.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { MaintenancePlansService } from '../../maintenance/maintenance-plans.service.js';
import { WorkOrdersService } from '../../maintenance/work-orders.service.js';
import { MembersService } from '../../tenancy/members.service.js';
import { TeamsService } from '../../tenancy/teams.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import type { AnyTool } from '../../platform/tools/tool.js';
import { WorkCalendarRepository, type OrgCalendar } from './work-calendar.repository.js';
import { WorldFactsRepository } from './world-facts.repository.js';
import { maintenanceDueTool, mechanicsTool, servicePartsTool } from './maintenance-tools.js';
import { PARTS_AVAILABILITY, type PartsAvailability } from './parts-availability.js';
import { PURCHASE_NEEDS, partsToOrderTool, type PurchaseNeeds } from './purchase-needs.js';
import {
  bookingsTool,
  candidateMachinesTool,
  knownNamesTool,
  listJobsTool,
  operatorsTool,
  type PlanningToolDeps,
} from './schedule-tools.js';

export type {
  BusyFacts,
  DueFact,
  JobFact,
  KnownNames,
  MachineFact,
  MachineWorldFact,
  MechanicFact,
  OperatorFact,
  Ref,
  ServicePartsFact,
} from './tool-facts.js';

/**
 * The agent's read-only tools, each bound to the module services (same permission checks
 * and data scope as REST). The runner checks `permissions` against the caller's context.
 * The tools themselves: schedule-tools.ts (names, jobs, machines, operators, bookings) and
 * maintenance-tools.ts (the due list); their facts' shapes: tool-facts.ts.
 */
@Injectable()
export class AgentTools {
  readonly all: ReadonlyMap<string, AnyTool>;

  constructor(
    teams: TeamsService,
    fields: FieldsService,
    assets: AssetsService,
    members: MembersService,
    jobs: JobsService,
    bookings: BookingsService,
    maintenance: MaintenancePlansService,
    private readonly calendars: WorkCalendarRepository,
    workOrders: WorkOrdersService,
    @Inject(PARTS_AVAILABILITY) parts: PartsAvailability,
    world: WorldFactsRepository,
    @Inject(PURCHASE_NEEDS) purchases: PurchaseNeeds,
  ) {
    const d: PlanningToolDeps = { teams, fields, assets, members, jobs, bookings, maintenance, world };
    const tools: AnyTool[] = [
      knownNamesTool(d),
      listJobsTool(d),
      candidateMachinesTool(d),
      operatorsTool(d),
      bookingsTool(d),
      maintenanceDueTool(d),
      mechanicsTool(d, workOrders, async (org) => (await calendars.read(org)).maxDailyHours ?? null),
      servicePartsTool(workOrders, parts),
      partsToOrderTool(purchases),
    ];
    this.all = new Map(tools.map((t) => [t.name, t]));
  }

  /** The org's working calendar (day limit, break, where daylight is): settings, not a tool step. */
  workCalendar(ctx: OrgContext): Promise<OrgCalendar> {
    return this.calendars.read(ctx.organizationId);
  }
}

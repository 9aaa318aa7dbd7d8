import type { Prisma, Role } from '@amms/db';

/** Shapes shared by the generator parts (generate.ts, costs.ts): kept apart so they import no code of each other. */
export interface GenMember {
  membershipId: string;
  userId: string;
  role: Role;
  teamIds: string[];
}

export interface GenInput {
  slug: string;
  organizationId: string;
  scale: number;
  /** Monday 00:00 Asia/Shanghai of the current week: history ends here, the plan starts a week later */
  anchor: Date;
  /**
   * The seed's clock: the days of the current week before today get completed jobs, today gets
   * a few scheduled ones. Only its local date matters (the output is the same all day long).
   */
  now: Date;
  /** platform catalog ids by catalog key */
  modelIds: Record<string, string>;
  crewTeamIds: string[];
  members: GenMember[];
}

/** Every row the seed inserts for one org, in insertion order (parents before children). */
export interface SeedData {
  fields: Prisma.FieldCreateManyInput[];
  assets: Prisma.AssetCreateManyInput[];
  maintenancePlans: Prisma.MaintenancePlanCreateManyInput[];
  jobs: Prisma.JobCreateManyInput[];
  assignments: Prisma.AssignmentCreateManyInput[];
  assignmentMachines: Prisma.AssignmentMachineCreateManyInput[];
  workOrders: Prisma.WorkOrderCreateManyInput[];
  checklistItems: Prisma.WorkOrderChecklistItemCreateManyInput[];
  workOrderParts: Prisma.WorkOrderPartCreateManyInput[];
  machineBookings: Prisma.MachineBookingCreateManyInput[];
  operatorBookings: Prisma.OperatorBookingCreateManyInput[];
  meterReadings: Prisma.MeterReadingCreateManyInput[];
  costDocuments: Prisma.CostDocumentCreateManyInput[];
  costLines: Prisma.CostLineCreateManyInput[];
}

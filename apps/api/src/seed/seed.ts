import { seedPrestartLists } from './prestart.js';
import type { PrismaClient, Role } from '@amms/db';
import { hashPassword } from '../auth/password.js';
import { DEMO_ORGS, DEMO_PASSWORD, PLATFORM_ADMIN, demoStaff, demoUsers } from './demo-data.js';
import { generateOrgData, type GenMember, type SeedData } from './generate.js';
import { weekAnchor } from '../platform/random/prng.js';
import type { AppConfig } from '../platform/config/config.js';
import { seedManuals, type ManualsReport } from './manuals/load.js';
import { ensureCatalog, hasBusinessData, insertSeedData, resetBusiness } from './write.js';
import { seedBoundaries } from './boundaries.js';
import { seedInventory } from './inventory.js';
import { demoLicences, seedLicences } from './licences.js';
import { PLATFORM_CATALOG } from './catalog.js';

export interface SeedOptions {
  /** multiplies machines, fields, jobs and staff (benchmarks); default 1 */
  scale?: number;
  /** delete each demo org's business rows first (never the audit log) */
  resetBusiness?: boolean;
  /** the clock the demo data is relative to (tests pin it); default now */
  now?: Date;
  /**
   * load the demo manuals into the platform library through the upload service (blob store +
   * outbox: the worker ingests them); needs the app config for the blob store. Off when absent.
   */
  manuals?: AppConfig;
}

export interface SeedReport {
  created: number;
  unchanged: number;
  catalogCreated: number;
  /** per demo org: 'unchanged' (it already had business data) or the rows inserted per table */
  business: Record<string, 'unchanged' | Record<keyof SeedData, number>>;
  manuals: ManualsReport | null;
}

/**
 * Idempotent: looks rows up by natural keys (org slug, email, team name) and only
 * creates what is missing. Existing rows are left as they are (a second run changes
 * nothing, and a demo user's changed password is not reset).
 */
export async function seedDemo(db: PrismaClient, opts: SeedOptions = {}): Promise<SeedReport> {
  const scale = opts.scale ?? 1;
  if (!Number.isInteger(scale) || scale < 1 || scale > 100)
    throw new Error(`--scale must be an integer from 1 to 100 (got ${scale})`);
  const now = opts.now ?? new Date();
  const anchor = weekAnchor(now);
  const report: SeedReport = { created: 0, unchanged: 0, catalogCreated: 0, business: {}, manuals: null };
  let passwordHash: string | undefined;
  const hash = async () => (passwordHash ??= await hashPassword(DEMO_PASSWORD));

  const ensureUser = async (email: string, name: string, locale: string, isPlatformAdmin = false) => {
    const existing = await db.user.findUnique({ where: { email } });
    if (existing) {
      report.unchanged++;
      return existing;
    }
    report.created++;
    return db.user.create({ data: { email, name, locale, isPlatformAdmin, passwordHash: await hash() } });
  };

  const admin = await ensureUser(PLATFORM_ADMIN.email, PLATFORM_ADMIN.name, 'en', true);
  const catalog = await ensureCatalog(db);
  report.catalogCreated = catalog.created;
  if (opts.manuals) report.manuals = await seedManuals(db, opts.manuals, admin.id);

  for (const [index, o] of DEMO_ORGS.entries()) {
    let org = await db.organization.findUnique({ where: { slug: o.slug } });
    if (!org) {
      org = await db.organization.create({
        // a cooperative's working day: a 10 h limit per operator and a midday meal break (planning)
        data: { slug: o.slug, name: o.name, timezone: 'Asia/Shanghai', maxDailyHours: 10, workBreak: '12:00-13:00' },
      });
      report.created++;
    } else report.unchanged++;

    const teamIds = new Map<string, string>();
    for (const t of o.teams) {
      let team = await db.team.findUnique({ where: { organizationId_name: { organizationId: org.id, name: t.name } } });
      if (!team) {
        team = await db.team.create({ data: { organizationId: org.id, name: t.name, description: t.description } });
        report.created++;
      } else report.unchanged++;
      teamIds.set(t.name, team.id);
    }

    // the generator gets exactly these people, in this order (not whoever else joined the org)
    const members: GenMember[] = [];
    for (const u of [...demoUsers(o, index), ...demoStaff(o, index, scale)]) {
      const user = await ensureUser(u.email, u.name, u.locale);
      const ids = u.teams.map((name) => teamIds.get(name)).filter((x): x is string => Boolean(x));
      const existing = await db.membership.findUnique({
        where: { organizationId_userId: { organizationId: org.id, userId: user.id } },
      });
      if (existing) {
        report.unchanged++;
        const teams = await db.teamMember.findMany({
          where: { organizationId: org.id, membershipId: existing.id },
          select: { teamId: true },
        });
        if (existing.status === 'ACTIVE' && existing.role === u.role)
          members.push({
            membershipId: existing.id,
            userId: user.id,
            role: u.role as Role,
            teamIds: teams.map((t) => t.teamId),
          });
        continue;
      }
      const m = await db.membership.create({
        data: { organizationId: org.id, userId: user.id, role: u.role, dataScope: u.dataScope },
      });
      if (ids.length)
        await db.teamMember.createMany({
          data: ids.map((teamId) => ({ organizationId: org.id, teamId, membershipId: m.id })),
        });
      members.push({ membershipId: m.id, userId: user.id, role: u.role as Role, teamIds: ids });
      report.created++;
    }

    const orgId = org.id;
    const crewTeamIds = o.crews.map((name) => teamIds.get(name)).filter((x): x is string => Boolean(x));
    // Seeding is a data load, not a business action: rows are written directly (no service, no
    // audit events), but with the statuses, versions and links the services would have left.
    // One transaction per org: a failed load leaves nothing half-written.
    report.business[o.slug] = await db.$transaction(
      async (tx) => {
        // two seeds at once: the second waits here, then sees the first one's rows
        await tx.$queryRaw`SELECT id FROM "Organization" WHERE id = ${orgId}::uuid FOR UPDATE`;
        if (opts.resetBusiness) await resetBusiness(tx, orgId);
        else if (await hasBusinessData(tx, orgId)) return 'unchanged' as const;
        const data = generateOrgData({
          slug: o.slug,
          organizationId: orgId,
          scale,
          anchor,
          now,
          modelIds: catalog.modelIds,
          crewTeamIds,
          members,
        });
        const counts = await insertSeedData(tx, data);
        // who may drive what: the crew's licences (the models require them, see licences.ts)
        const roles = new Map(PLATFORM_CATALOG.map((m) => [catalog.modelIds[m.key]!, m.role]));
        await seedLicences(tx, orgId, demoLicences(members, data, roles, now));
        await seedBoundaries(tx, orgId);
        await seedInventory(tx, orgId, catalog.modelIds, now);
        await seedPrestartLists(tx, orgId, catalog.modelIds);
        return counts;
      },
      { timeout: 15 * 60_000, maxWait: 30_000 },
    );
  }
  return report;
}

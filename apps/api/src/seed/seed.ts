import type { PrismaClient } from '@amms/db';
import { hashPassword } from '../auth/password.js';
import { DEMO_ORGS, DEMO_PASSWORD, PLATFORM_ADMIN, demoUsers } from './demo-data.js';

export interface SeedReport {
  created: number;
  unchanged: number;
}

/**
 * Idempotent: looks rows up by natural keys (org slug, email, team name) and only
 * creates what is missing. Existing rows are left as they are (a second run changes
 * nothing, and a demo user's changed password is not reset).
 */
export async function seedDemo(db: PrismaClient): Promise<SeedReport> {
  const report: SeedReport = { created: 0, unchanged: 0 };
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

  await ensureUser(PLATFORM_ADMIN.email, PLATFORM_ADMIN.name, 'en', true);

  for (const [index, o] of DEMO_ORGS.entries()) {
    let org = await db.organization.findUnique({ where: { slug: o.slug } });
    if (!org) {
      org = await db.organization.create({ data: { slug: o.slug, name: o.name, timezone: 'Asia/Shanghai' } });
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

    for (const u of demoUsers(o, index)) {
      const user = await ensureUser(u.email, u.name, u.locale);
      const existing = await db.membership.findUnique({ where: { organizationId_userId: { organizationId: org.id, userId: user.id } } });
      if (existing) {
        report.unchanged++;
        continue;
      }
      const m = await db.membership.create({ data: { organizationId: org.id, userId: user.id, role: u.role, dataScope: u.dataScope } });
      const ids = u.teams.map((name) => teamIds.get(name)).filter((x): x is string => Boolean(x));
      if (ids.length) await db.teamMember.createMany({ data: ids.map((teamId) => ({ organizationId: org.id, teamId, membershipId: m.id })) });
      report.created++;
    }
  }
  return report;
}

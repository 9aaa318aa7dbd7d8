import { Injectable } from '@nestjs/common';
import type { DataScope, MembershipStatus, Prisma, PrismaClient, Role } from '@amms/db';
import { keysetArgs, type ScopedKeysetPage } from '../platform/http/list-page.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import type { MemberFacts } from './member-context.js';

export interface MemberFilter extends ScopedKeysetPage<
  Prisma.MembershipWhereInput,
  Prisma.MembershipOrderByWithRelationInput
> {
  status?: MembershipStatus;
  role?: Role;
  q?: string;
}

const withUserAndTeams = {
  user: { select: { id: true, email: true, name: true } },
  teams: { select: { teamId: true } },
} as const;

@Injectable()
export class MembershipsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findById(organizationId: string, id: string, scope: Prisma.MembershipWhereInput = {}) {
    return this.prisma.client.membership.findFirst({
      where: { AND: [{ id, organizationId }, scope] },
      include: withUserAndTeams,
    });
  }

  /** as findById, inside `tx` when given */
  findByIdTx(tx: Tx | undefined, organizationId: string, id: string, scope: Prisma.MembershipWhereInput = {}) {
    return this.db(tx).membership.findFirst({
      where: { AND: [{ id, organizationId }, scope] },
      include: withUserAndTeams,
    });
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  private db(tx: Tx | undefined) {
    return tx ?? this.prisma.client;
  }

  findUserByEmail(email: string) {
    return this.prisma.client.user.findUnique({ where: { email } });
  }

  /** a new user who must change the one-time password at the first sign-in */
  createUser(tx: Tx, data: { email: string; name: string; passwordHash: string }) {
    return tx.user.create({ data: { ...data, mustChangePassword: true } });
  }

  /** the user's membership of the org, whatever its status */
  findOfUser(tx: Tx, organizationId: string, userId: string) {
    return tx.membership.findUnique({ where: { organizationId_userId: { organizationId, userId } } });
  }

  /** a one-time password an admin set: to be changed at the next sign-in */
  setOneTimePassword(tx: Tx, userId: string, passwordHash: string) {
    return tx.user.update({ where: { id: userId }, data: { passwordHash, mustChangePassword: true } });
  }

  async isPlatformAdmin(tx: Tx | undefined, userId: string): Promise<boolean> {
    const user = await this.db(tx).user.findUniqueOrThrow({ where: { id: userId }, select: { isPlatformAdmin: true } });
    return user.isPlatformAdmin;
  }

  /** Locks the membership and its user (FOR UPDATE) until the transaction ends. */
  async lockMemberAndUser(tx: Tx, organizationId: string, id: string): Promise<void> {
    await tx.$queryRaw`
      SELECT m.id FROM "Membership" m JOIN "User" u ON u.id = m."userId"
       WHERE m.id = ${id}::uuid AND m."organizationId" = ${organizationId}::uuid
         FOR UPDATE`;
  }

  /** Memberships of the user in other organizations that still count (active or suspended). */
  countOtherOrgMemberships(tx: Tx | undefined, organizationId: string, userId: string) {
    return this.db(tx).membership.count({
      where: { userId, organizationId: { not: organizationId }, status: { not: 'REMOVED' } },
    });
  }

  list(organizationId: string, f: MemberFilter) {
    return this.prisma.client.membership.findMany({
      ...keysetArgs(
        f,
        { organizationId },
        f.status ? { status: f.status } : { status: { not: 'REMOVED' } },
        f.role ? { role: f.role } : {},
        f.q
          ? {
              user: {
                OR: [
                  { email: { contains: f.q, mode: 'insensitive' } },
                  { name: { contains: f.q, mode: 'insensitive' } },
                ],
              },
            }
          : {},
      ),
      include: withUserAndTeams,
    });
  }

  /** What planning needs of the active members in scope: who runs machines, their own day limits. */
  planningProfiles(organizationId: string, scope: Prisma.MembershipWhereInput) {
    return this.prisma.client.membership.findMany({
      where: { AND: [{ organizationId, status: 'ACTIVE' }, scope] },
      select: {
        id: true,
        role: true,
        operatesMachines: true,
        maxDailyHours: true,
        qualifications: { select: { code: true, expiresAt: true }, orderBy: { code: 'asc' } },
      },
    });
  }

  /** Locks the org's active owners (FOR UPDATE) so "last owner" checks cannot race. */
  async lockActiveOwners(tx: Tx, organizationId: string): Promise<string[]> {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Membership"
      WHERE "organizationId" = ${organizationId}::uuid AND role = 'OWNER' AND status = 'ACTIVE'
      ORDER BY id FOR UPDATE`;
    return rows.map((r) => r.id);
  }

  async create(
    tx: Tx,
    data: { organizationId: string; userId: string; role: Role; dataScope: DataScope; teamIds: readonly string[] },
  ) {
    const m = await tx.membership.create({
      data: { organizationId: data.organizationId, userId: data.userId, role: data.role, dataScope: data.dataScope },
    });
    await this.replaceTeams(tx, data.organizationId, m.id, data.teamIds);
    return tx.membership.findUniqueOrThrow({ where: { id: m.id }, include: withUserAndTeams });
  }

  /** Conditional update on the version the caller saw: 0 rows → someone changed it. */
  async updateIfVersion(
    tx: Tx,
    organizationId: string,
    id: string,
    version: number,
    data: { role?: Role; dataScope?: DataScope; status?: MembershipStatus },
  ): Promise<boolean> {
    const res = await tx.membership.updateMany({
      where: { id, organizationId, version },
      data: { ...data, version: { increment: 1 } },
    });
    return res.count === 1;
  }

  async replaceTeams(tx: Tx, organizationId: string, membershipId: string, teamIds: readonly string[]): Promise<void> {
    await tx.teamMember.deleteMany({ where: { organizationId, membershipId } });
    if (teamIds.length) {
      await tx.teamMember.createMany({ data: teamIds.map((teamId) => ({ organizationId, teamId, membershipId })) });
    }
  }

  countTeams(tx: Tx, organizationId: string, teamIds: readonly string[]) {
    return tx.team.count({ where: { organizationId, id: { in: [...teamIds] } } });
  }
}

/** What a membership's rights are decided from: role, data scope, status, teams, the user's platform flag. */
export const memberFactsSelect = {
  id: true,
  role: true,
  dataScope: true,
  status: true,
  userId: true,
  user: { select: { isPlatformAdmin: true } },
  teams: { select: { teamId: true }, orderBy: { teamId: 'asc' } },
} as const satisfies Prisma.MembershipSelect;

/** A membership of `organizationId` with its user and teams, as it is now (null: none). */
export async function loadMember(
  db: PrismaClient,
  organizationId: string,
  membershipId: string,
): Promise<(MemberFacts & { userId: string; isPlatformAdmin: boolean }) | null> {
  const m = await db.membership.findFirst({
    where: { id: membershipId, organizationId },
    select: memberFactsSelect,
  });
  if (!m) return null;
  return {
    id: m.id,
    role: m.role,
    dataScope: m.dataScope,
    status: m.status,
    userId: m.userId,
    isPlatformAdmin: m.user.isPlatformAdmin,
    teamIds: m.teams.map((t) => t.teamId),
  };
}

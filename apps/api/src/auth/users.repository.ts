import { Injectable } from '@nestjs/common';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

/** The user rows sign-in, password change and `me` read and write (a user belongs to no organization). */
@Injectable()
export class UsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  findByEmail(email: string) {
    return this.prisma.client.user.findUnique({ where: { email } });
  }

  get(id: string) {
    return this.prisma.client.user.findUniqueOrThrow({ where: { id } });
  }

  /** Sets the new hash only while the stored one is still `expectedHash`: true when it did. */
  async replacePasswordIf(tx: Tx, id: string, expectedHash: string, passwordHash: string): Promise<boolean> {
    const changed = await tx.user.updateMany({
      where: { id, passwordHash: expectedHash },
      data: { passwordHash, mustChangePassword: false },
    });
    return changed.count === 1;
  }

  /** The user's active memberships with their organizations, oldest first. */
  activeMemberships(userId: string) {
    return this.prisma.client.membership.findMany({
      where: { userId, status: 'ACTIVE' },
      include: { organization: true },
      orderBy: { createdAt: 'asc' },
    });
  }
}

import { Injectable } from '@nestjs/common';
import type { Attachment, AttachmentOwnerType, Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

export interface NewAttachment {
  organizationId: string;
  ownerType: AttachmentOwnerType;
  ownerId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  blobKey: string;
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
  locationKept: boolean;
  createdByMembershipId: string | null;
  createdByUserId: string | null;
  createdByApiKeyId: string | null;
}

/** Where an attachment hangs, with the owner's scope fragment (the caller must see the owner). */
export type OwnerScope =
  | { ownerType: 'WORK_ORDER'; scope: Prisma.WorkOrderWhereInput }
  | { ownerType: 'COST_DOCUMENT'; scope: Prisma.CostDocumentWhereInput };

@Injectable()
export class AttachmentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  /** The owner row, inside the caller's scope (another org's or out of scope → false). */
  async ownerVisible(db: Tx | undefined, organizationId: string, ownerId: string, owner: OwnerScope): Promise<boolean> {
    const c = db ?? this.prisma.client;
    if (owner.ownerType === 'WORK_ORDER')
      return (
        (await c.workOrder.findFirst({
          where: { AND: [{ id: ownerId, organizationId }, owner.scope] },
          select: { id: true },
        })) !== null
      );
    return (
      (await c.costDocument.findFirst({
        where: { AND: [{ id: ownerId, organizationId, deletedAt: null }, owner.scope] },
        select: { id: true },
      })) !== null
    );
  }

  /**
   * The owner's status, its row locked (FOR UPDATE) until the transaction ends so a close or an
   * approval cannot slip between the check and a delete; null when out of the caller's scope.
   */
  async lockOwnerStatus(tx: Tx, organizationId: string, ownerId: string, owner: OwnerScope): Promise<string | null> {
    if (owner.ownerType === 'WORK_ORDER') {
      await tx.$queryRaw`SELECT id FROM "WorkOrder" WHERE id = ${ownerId}::uuid FOR UPDATE`;
      const wo = await tx.workOrder.findFirst({
        where: { AND: [{ id: ownerId, organizationId }, owner.scope] },
        select: { status: true },
      });
      return wo?.status ?? null;
    }
    await tx.$queryRaw`SELECT id FROM "CostDocument" WHERE id = ${ownerId}::uuid FOR UPDATE`;
    const doc = await tx.costDocument.findFirst({
      where: { AND: [{ id: ownerId, organizationId, deletedAt: null }, owner.scope] },
      select: { status: true },
    });
    return doc?.status ?? null;
  }

  /** Deletes one attachment row; false when it was already gone (a concurrent delete). */
  async remove(tx: Tx, organizationId: string, id: string): Promise<boolean> {
    return (await tx.attachment.deleteMany({ where: { id, organizationId } })).count === 1;
  }

  async setKeepsPhotoLocation(tx: Tx, organizationId: string, keep: boolean): Promise<void> {
    await tx.organization.update({ where: { id: organizationId }, data: { keepPhotoLocation: keep } });
  }

  async keepsPhotoLocation(organizationId: string, db?: Tx): Promise<boolean> {
    const org = await (db ?? this.prisma.client).organization.findUnique({
      where: { id: organizationId },
      select: { keepPhotoLocation: true },
    });
    return org?.keepPhotoLocation ?? false;
  }

  insert(tx: Tx, a: NewAttachment): Promise<Attachment> {
    const { ownerId, ...rest } = a;
    return tx.attachment.create({
      data: {
        ...rest,
        workOrderId: a.ownerType === 'WORK_ORDER' ? ownerId : null,
        costDocumentId: a.ownerType === 'COST_DOCUMENT' ? ownerId : null,
      },
    });
  }

  /** Attachments of one owner, oldest first (capped: a work order collects tens, not thousands). */
  listForOwner(organizationId: string, ownerType: AttachmentOwnerType, ownerId: string): Promise<Attachment[]> {
    return this.prisma.client.attachment.findMany({
      where: {
        organizationId,
        ownerType,
        ...(ownerType === 'WORK_ORDER' ? { workOrderId: ownerId } : { costDocumentId: ownerId }),
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 500,
    });
  }

  findById(organizationId: string, id: string): Promise<Attachment | null> {
    return this.prisma.client.attachment.findFirst({ where: { id, organizationId } });
  }
}

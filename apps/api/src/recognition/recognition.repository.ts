import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService } from '../platform/prisma/prisma.service.js';

export interface CatalogModel {
  id: string;
  manufacturer: string;
  name: string;
}

export interface NewRecognition {
  organizationId: string;
  modelVersion: string | null;
  candidates: Prisma.InputJsonValue;
  photoSha256: string;
  createdByUserId: string | null;
  createdByApiKeyId: string | null;
}

@Injectable()
export class RecognitionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every model this org can pick: the platform catalog and its own (hundreds, not millions). */
  visibleModels(organizationId: string): Promise<CatalogModel[]> {
    return this.prisma.client.machineModel.findMany({
      where: { OR: [{ organizationId: null }, { organizationId }] },
      select: { id: true, manufacturer: true, name: true },
      orderBy: { id: 'asc' },
      take: 20_000,
    });
  }

  async insert(r: NewRecognition): Promise<string> {
    const row = await this.prisma.client.machineRecognition.create({ data: r, select: { id: true } });
    return row.id;
  }
}

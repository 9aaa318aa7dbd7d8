import { Injectable } from '@nestjs/common';
import type { TTelematicsSettings } from '@amms/contracts/telematics';
import { PrismaService, type Tx } from '../../platform/prisma/prisma.service.js';

/** The org's telematics settings (columns of Organization). */
@Injectable()
export class TelematicsSettingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  async find(organizationId: string, tx?: Tx): Promise<TTelematicsSettings> {
    const o = await (tx ?? this.prisma.client).organization.findUniqueOrThrow({
      where: { id: organizationId },
      select: { fuelPriceMinorPerLitre: true, farFromFieldMeters: true },
    });
    return {
      fuelPriceMinorPerLitre: o.fuelPriceMinorPerLitre === null ? null : o.fuelPriceMinorPerLitre.toString(),
      farFromFieldMeters: o.farFromFieldMeters,
    };
  }

  async update(tx: Tx, organizationId: string, s: TTelematicsSettings): Promise<void> {
    await tx.organization.update({
      where: { id: organizationId },
      data: {
        fuelPriceMinorPerLitre: s.fuelPriceMinorPerLitre === null ? null : BigInt(s.fuelPriceMinorPerLitre),
        farFromFieldMeters: s.farFromFieldMeters,
      },
    });
  }
}

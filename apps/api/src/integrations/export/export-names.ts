import { Injectable } from '@nestjs/common';
import type { TCostLine } from '@amms/contracts/costs';
import { toCostLine } from '../../costs/costs.mappers.js';
import { PrismaService } from '../../platform/prisma/prisma.service.js';
import type { Names } from './export-kinds.js';

/**
 * Reads for the readable columns of an export page: team and model names of the ids on the page,
 * and the lines of a page of cost documents. Every query is bound to the ids the scoped list
 * returned (and to the org), so nothing outside the caller's list is read.
 */
@Injectable()
export class ExportLookups {
  constructor(private readonly prisma: PrismaService) {}

  async names(
    organizationId: string,
    teamIds: readonly (string | null)[],
    modelIds: readonly (string | null)[] = [],
  ): Promise<Names> {
    const teams = uniq(teamIds);
    const models = uniq(modelIds);
    const [teamRows, modelRows] = await Promise.all([
      teams.length
        ? this.prisma.client.team.findMany({
            where: { organizationId, id: { in: teams } },
            select: { id: true, name: true },
          })
        : [],
      models.length
        ? this.prisma.client.machineModel.findMany({
            where: { id: { in: models }, OR: [{ organizationId }, { organizationId: null }] },
            select: { id: true, manufacturer: true, name: true },
          })
        : [],
    ]);
    const teamName = new Map(teamRows.map((t) => [t.id, t.name]));
    const modelName = new Map(modelRows.map((m) => [m.id, `${m.manufacturer} ${m.name}`]));
    return {
      team: (id) => (id ? (teamName.get(id) ?? null) : null),
      model: (id) => (id ? (modelName.get(id) ?? null) : null),
    };
  }

  async costLines(organizationId: string, documentIds: readonly string[]): Promise<Map<string, TCostLine[]>> {
    const out = new Map<string, TCostLine[]>();
    if (documentIds.length === 0) return out;
    const rows = await this.prisma.client.costLine.findMany({
      where: { organizationId, documentId: { in: [...documentIds] } },
      orderBy: [{ documentId: 'asc' }, { position: 'asc' }],
    });
    for (const r of rows) {
      const list = out.get(r.documentId) ?? [];
      list.push(toCostLine(r));
      out.set(r.documentId, list);
    }
    return out;
  }
}

const uniq = (ids: readonly (string | null)[]) => [...new Set(ids.filter((x): x is string => !!x))];

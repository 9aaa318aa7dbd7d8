import { Injectable } from '@nestjs/common';
import type { TCostLine } from '@amms/contracts/costs';
import { toCostLine } from '../../costs/costs.mappers.js';
import { ExportLookupsRepository } from './export-lookups.repository.js';
import type { Names } from './export-kinds.js';

/**
 * Reads for the readable columns of an export page: team and model names of the ids on the page,
 * and the lines of a page of cost documents. Every query is bound to the ids the scoped list
 * returned (and to the org), so nothing outside the caller's list is read.
 */
@Injectable()
export class ExportLookups {
  constructor(private readonly repo: ExportLookupsRepository) {}

  async names(
    organizationId: string,
    teamIds: readonly (string | null)[],
    modelIds: readonly (string | null)[] = [],
  ): Promise<Names> {
    const teams = uniq(teamIds);
    const models = uniq(modelIds);
    const [teamRows, modelRows] = await Promise.all([
      teams.length ? this.repo.teams(organizationId, teams) : [],
      models.length ? this.repo.models(organizationId, models) : [],
    ]);
    const teamName = new Map(teamRows.map((t) => [t.id, t.name]));
    const modelName = new Map(modelRows.map((m) => [m.id, `${m.manufacturer} ${m.name}`]));
    return {
      team: (id) => (id ? (teamName.get(id) ?? null) : null),
      model: (id) => (id ? (modelName.get(id) ?? null) : null),
    };
  }

  /** the org's time zone (its calendar names export files) */
  async timezone(organizationId: string): Promise<string> {
    return (await this.repo.timezone(organizationId))?.timezone ?? 'Asia/Shanghai';
  }

  async costLines(organizationId: string, documentIds: readonly string[]): Promise<Map<string, TCostLine[]>> {
    const out = new Map<string, TCostLine[]>();
    if (documentIds.length === 0) return out;
    const rows = await this.repo.costLines(organizationId, documentIds);
    for (const r of rows) {
      const list = out.get(r.documentId) ?? [];
      list.push(toCostLine(r));
      out.set(r.documentId, list);
    }
    return out;
  }
}

const uniq = (ids: readonly (string | null)[]) => [...new Set(ids.filter((x): x is string => !!x))];

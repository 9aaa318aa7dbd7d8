import { Injectable } from '@nestjs/common';
import type { TPersonRef } from '@amms/contracts/members';
import { PeopleRepository } from './people.repository.js';

export type PersonLookup = (id: string | null) => TPersonRef | null;

/**
 * Names for the ids a record keeps (reporter, submitter, approver…): one query per kind of id.
 * The role is the person's role in this org now; null once they have left it (the name stays, as
 * the record of who did it).
 */
@Injectable()
export class PeopleService {
  constructor(private readonly repo: PeopleRepository) {}

  async byMembership(organizationId: string, ids: readonly (string | null)[]): Promise<PersonLookup> {
    const wanted = unique(ids);
    const rows = wanted.length === 0 ? [] : await this.repo.memberships(organizationId, wanted);
    const map = new Map(rows.map((r) => [r.id, { name: r.user.name, role: r.status === 'REMOVED' ? null : r.role }]));
    return (id) => (id ? (map.get(id) ?? null) : null);
  }

  async byUser(organizationId: string, ids: readonly (string | null)[]): Promise<PersonLookup> {
    const wanted = unique(ids);
    const rows = wanted.length === 0 ? [] : await this.repo.users(organizationId, wanted);
    const map = new Map(rows.map((u) => [u.id, { name: u.name, role: u.memberships[0]?.role ?? null }]));
    return (id) => (id ? (map.get(id) ?? null) : null);
  }
}

function unique(ids: readonly (string | null)[]): string[] {
  return [...new Set(ids.filter((v): v is string => v !== null))];
}

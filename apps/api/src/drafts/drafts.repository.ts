import { Injectable } from '@nestjs/common';
import type { DraftKind, DraftStatus, Prisma } from '@amms/db';
import { keysetArgs, type ScopedKeysetPage } from '../platform/http/list-page.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

export interface NewVersion {
  version: number;
  basedOnVersion: number | null;
  items: unknown;
  unplaced: unknown;
  validation: unknown;
  evidence: unknown;
  contentHash: string;
  note: string | null;
  createdByUserId: string | null;
}

const json = (v: unknown) => v as Prisma.InputJsonValue;

/** Drafts and their immutable versions. Every method is bound to one org. */
@Injectable()
export class DraftsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, { maxWait: 10_000, timeout: 20_000 });
  }

  async create(
    tx: Tx,
    organizationId: string,
    d: { kind: DraftKind; title: string; runId: string | null; createdByUserId: string | null },
    v: NewVersion,
  ) {
    const draft = await tx.draft.create({ data: { organizationId, ...d, currentVersion: v.version } });
    await this.insertVersion(tx, organizationId, draft.id, v);
    return draft;
  }

  async insertVersion(tx: Tx, organizationId: string, draftId: string, v: NewVersion): Promise<void> {
    await tx.draftVersion.create({
      data: {
        organizationId,
        draftId,
        version: v.version,
        basedOnVersion: v.basedOnVersion,
        items: json(v.items),
        unplaced: json(v.unplaced),
        validation: json(v.validation),
        evidence: json(v.evidence),
        contentHash: v.contentHash,
        note: v.note,
        createdByUserId: v.createdByUserId,
      },
    });
  }

  findById(db: Tx | undefined, organizationId: string, id: string, scope: Prisma.DraftWhereInput) {
    return (db ?? this.prisma.client).draft.findFirst({ where: { AND: [{ id, organizationId }, scope] } });
  }

  findVersion(db: Tx | undefined, organizationId: string, draftId: string, version: number) {
    return (db ?? this.prisma.client).draftVersion.findFirst({ where: { organizationId, draftId, version } });
  }

  versions(organizationId: string, draftId: string) {
    return this.prisma.client.draftVersion.findMany({
      where: { organizationId, draftId },
      orderBy: { version: 'desc' },
    });
  }

  /** At most one per version (unique draftId + version), so bounded by the draft's versions. */
  executions(organizationId: string, draftId: string) {
    return this.prisma.client.execution.findMany({
      where: { organizationId, draftId },
      select: { id: true, version: true, status: true, createdAt: true, finishedAt: true },
      orderBy: [{ createdAt: 'desc' }, { version: 'desc' }],
    });
  }

  list(
    organizationId: string,
    f: ScopedKeysetPage<Prisma.DraftWhereInput, Prisma.DraftOrderByWithRelationInput> & {
      status?: DraftStatus | undefined;
      kind?: DraftKind | undefined;
    },
  ) {
    return this.prisma.client.draft.findMany({
      ...keysetArgs(f, { organizationId }, f.status ? { status: f.status } : {}, f.kind ? { kind: f.kind } : {}),
    });
  }

  /** Optimistic write on the draft row: applies only at `rowVersion` and in `status`; false → it changed. */
  async updateIf(
    tx: Tx,
    organizationId: string,
    id: string,
    expect: { rowVersion: number; status: DraftStatus },
    data: Prisma.DraftUncheckedUpdateManyInput,
  ): Promise<boolean> {
    const res = await tx.draft.updateMany({
      where: { id, organizationId, rowVersion: expect.rowVersion, status: expect.status },
      data: { ...data, rowVersion: { increment: 1 } },
    });
    return res.count === 1;
  }

  /** A person's name as it is now (recorded with an edit, so the record reads without a lookup). */
  async userName(userId: string | null): Promise<string | null> {
    return (await this.user(userId))?.name ?? null;
  }

  /** A person's locale (the language they read the API's own sentences in), null without a user. */
  async userLocale(userId: string | null): Promise<string | null> {
    return (await this.user(userId))?.locale ?? null;
  }

  private user(userId: string | null) {
    if (!userId) return Promise.resolve(null);
    return this.prisma.client.user.findUnique({ where: { id: userId }, select: { name: true, locale: true } });
  }

  /** The constraints the run that made a draft planned under (its goal's limits), null without a run. */
  async runConstraints(organizationId: string, runId: string | null): Promise<unknown> {
    if (!runId) return null;
    const run = await this.prisma.client.agentRun.findFirst({
      where: { id: runId, organizationId },
      select: { constraints: true },
    });
    return run?.constraints ?? null;
  }

  async orgTimezone(organizationId: string): Promise<string> {
    const org = await this.prisma.client.organization.findUnique({
      where: { id: organizationId },
      select: { timezone: true },
    });
    return org?.timezone ?? 'Asia/Shanghai';
  }

  runIdOf(organizationId: string, id: string) {
    return this.prisma.client.draft.findFirst({ where: { id, organizationId }, select: { runId: true } });
  }
}

import { Injectable, type OnModuleInit } from '@nestjs/common';
import type {
  TAnyDraftItem,
  TAnyUnplaced,
  TCreateDraftVersionRequest,
  TConfirmDraftRequest,
  TDraft,
  TDraftDetail,
  TDraftEvidence,
  TDraftItem,
  TDraftItemEdit,
  TDraftValidation,
  TDraftVersion,
  TMaintenanceItem,
  TUnplacedMaintenance,
  TListDraftsQuery,
  TListDraftsResponse,
  TRejectDraftRequest,
  TUnplacedJob,
} from '@amms/contracts/drafts';
import type { Draft, Prisma } from '@amms/db';
import { AuditService, type RelatedEntities } from '../audit/audit.service.js';
import { pageOf } from '../platform/http/cursor.js';
import { keysetOrder } from '../platform/http/keyset.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../tenancy/context.js';
import { scopeWhere } from '../tenancy/data-scope.js';
import { contentHashOf, draftContent, schedulerInput } from '../planning/draft-content.js';
import { loadFacts } from '../planning/facts.js';
import { itemKeyOf } from '../planning/scheduler/scheduler.js';
import { validate } from '../planning/scheduler/validator.js';
import { AgentTools, type BusyFacts, type DueFact, type MachineFact } from '../planning/tools/agent-tools.js';
import { maintenanceItemKey, validateMaintenance } from '../planning/maintenance-plan.js';
import { ToolRunner } from '../planning/tools/runner.js';
import { DraftsRepository, type NewVersion } from './drafts.repository.js';
import { DraftErrors } from './drafts.errors.js';
import { toDraft, toExecutionSummary, toVersion } from './drafts.mappers.js';
import { WebhookEvents } from '../integrations/webhooks/webhook-events.js';

/**
 * Drafts are org-wide for ORG-scoped members. A TEAM- or ASSIGNED-scoped member only sees the
 * drafts they created: a draft's items may name jobs and machines outside their scope.
 */
export function draftScope(ctx: OrgContext): Prisma.DraftWhereInput {
  return scopeWhere<Prisma.DraftWhereInput>(ctx, {
    team: () => ({ createdByUserId: ctx.actorUserId ?? '00000000-0000-0000-0000-000000000000' }),
    assigned: () => ({ createdByUserId: ctx.actorUserId ?? '00000000-0000-0000-0000-000000000000' }),
  }) as Prisma.DraftWhereInput;
}

/** What a run stores as version 1 (either kind). */
export interface RunDraftContent {
  items: TAnyDraftItem[];
  unplaced: TAnyUnplaced[];
  validation: TDraftValidation;
  contentHash: string;
}

const byJob = (items: readonly TDraftItem[]) => new Map(items.map((i) => [i.jobId, i]));

@Injectable()
export class DraftsService implements OnModuleInit {
  constructor(
    private readonly repo: DraftsRepository,
    private readonly audit: AuditService,
    private readonly tools: AgentTools,
  ) {}

  private readonly trail: RelatedEntities[] = [];

  /** More entities of a draft's audit trail, from modules drafts does not import (executions). */
  addTrail(resolver: RelatedEntities): void {
    this.trail.push(resolver);
  }

  /** The audit trail of a draft includes its run's events (goal, plan, tool calls) and what addTrail adds. */
  onModuleInit(): void {
    this.audit.registerReader('draft', (ctx, id) => this.get(ctx, id));
    this.audit.registerRelated('draft', async (organizationId, draftId) => {
      const d = await this.repo.runIdOf(organizationId, draftId);
      const more = await Promise.all(this.trail.map((r) => r(organizationId, draftId)));
      return [...(d?.runId ? [{ entityType: 'agent_run', entityId: d.runId }] : []), ...more.flat()];
    });
  }

  async list(ctx: OrgContext, q: TListDraftsQuery): Promise<TListDraftsResponse> {
    const order = keysetOrder<Prisma.DraftWhereInput, Prisma.DraftOrderByWithRelationInput>(q, {
      createdAt: { type: 'date' },
    });
    const rows = await this.repo.list(ctx.organizationId, {
      status: q.status,
      kind: q.kind,
      after: order.after,
      orderBy: order.orderBy,
      limit: q.limit + 1,
      scope: draftScope(ctx),
    });
    return pageOf(rows, q.limit, toDraft, order.position);
  }

  async get(ctx: OrgContext, id: string): Promise<TDraftDetail> {
    const d = await this.load(undefined, ctx, id);
    const [versions, executions] = await Promise.all([
      this.repo.versions(ctx.organizationId, id),
      this.repo.executions(ctx.organizationId, id),
    ]);
    return { ...toDraft(d), versions: versions.map(toVersion), executions: executions.map(toExecutionSummary) };
  }

  /** Version 1 of a run's draft (SCHEDULE: job items; MAINTENANCE: work-order items), inside the run's final transaction. */
  async createForRun(
    tx: Tx,
    ctx: OrgContext,
    runId: string,
    title: string,
    content: RunDraftContent,
    evidence: unknown,
    kind: 'SCHEDULE' | 'MAINTENANCE' = 'SCHEDULE',
    note: string | null = null,
  ): Promise<Draft> {
    const draft = await this.repo.create(
      tx,
      ctx.organizationId,
      { kind, title, runId, createdByUserId: ctx.actorUserId },
      {
        version: 1,
        basedOnVersion: null,
        ...content,
        evidence,
        note,
        createdByUserId: ctx.actorUserId,
      },
    );
    await this.audit.append(
      tx,
      this.audit.forCtx(ctx, 'draft.version_created', 'draft', draft.id, {
        version: 1,
        kind,
        runId,
        contentHash: content.contentHash,
        items: content.items.length,
        unplaced: content.unplaced.length,
        violations: content.validation.violations.length,
      }),
    );
    return draft;
  }

  /**
   * Edit → version N+1. Facts are re-read through the tools, the edited items re-validated:
   * a version with hard violations is still stored (the person sees what is wrong) but cannot
   * be confirmed. Any confirmation is voided: a confirmation of N never covers N+1.
   */
  async createVersion(ctx: OrgContext, id: string, input: TCreateDraftVersionRequest): Promise<TDraftDetail> {
    const draft = await this.load(undefined, ctx, id);
    if (draft.kind === 'MAINTENANCE' && input.items.length > 0) throw DraftErrors.wrongItemList(draft.kind, 'items');
    if (draft.kind === 'SCHEDULE' && input.workOrderItems.length > 0)
      throw DraftErrors.wrongItemList(draft.kind, 'workOrderItems');
    if (draft.status !== 'OPEN') throw DraftErrors.notOpen(draft.status);
    const prev = await this.repo.findVersion(undefined, ctx.organizationId, id, draft.currentVersion);
    if (!prev) throw DraftErrors.notFound();
    if (input.basedOnVersion !== draft.currentVersion)
      throw DraftErrors.stale({ currentVersion: draft.currentVersion, contentHash: prev.contentHash });
    const prevV = toVersion(prev);
    // a diagnosis' corrective work order is confirmed or rejected as the agent wrote it (a new diagnosis makes a new draft)
    if (prevV.correctiveItems.length > 0)
      throw DraftErrors.editNotSupported('a diagnosis draft (CORRECTIVE work order)');
    const tz = await this.repo.orgTimezone(ctx.organizationId);
    const next = draft.currentVersion + 1;
    const edit: TDraftItemEdit = {
      version: next,
      byUserId: ctx.actorUserId,
      byName: await this.repo.userName(ctx.actorUserId),
      note: input.note ?? null,
    };
    const made =
      draft.kind === 'MAINTENANCE'
        ? await this.maintenanceVersion(ctx, prevV, input, tz, next, edit)
        : await this.scheduleVersion(ctx, prevV, input, tz, next, edit);
    const nv: NewVersion = {
      version: next,
      basedOnVersion: draft.currentVersion,
      ...made.content,
      note: input.note ?? null,
      createdByUserId: ctx.actorUserId,
    };

    await this.repo.transaction(async (tx) => {
      const ok = await this.repo.updateIf(
        tx,
        ctx.organizationId,
        id,
        { rowVersion: draft.rowVersion, status: 'OPEN' },
        {
          currentVersion: next,
          confirmedVersion: null,
          confirmedHash: null,
          confirmedByUserId: null,
          confirmedByMembershipId: null,
          confirmedAt: null,
        },
      );
      if (!ok) await this.lostRace(ctx, id);
      await this.repo.insertVersion(tx, ctx.organizationId, id, nv);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'draft.version_created', 'draft', id, {
          version: next,
          basedOnVersion: draft.currentVersion,
          contentHash: nv.contentHash,
          diff: made.diff,
          note: nv.note,
          violations: made.content.validation.violations.length,
          confirmationVoided: draft.confirmedVersion !== null,
        }),
      );
    });
    return this.get(ctx, id);
  }

  /** SCHEDULE: the edited job items re-validated against fresh facts (jobs, machines, operators, bookings). */
  private async scheduleVersion(
    ctx: OrgContext,
    prevV: TDraftVersion,
    input: TCreateDraftVersionRequest,
    tz: string,
    next: number,
    edit: TDraftItemEdit,
  ) {
    const jobIds = [
      ...new Set([
        ...input.items.map((i) => i.jobId),
        ...prevV.items.map((i) => i.jobId),
        ...prevV.unplaced.map((u) => u.jobId),
      ]),
    ];
    const starts = input.items.map((i) => Date.parse(i.startsAt));
    const ends = input.items.map((i) => Date.parse(i.endsAt));
    const range =
      input.items.length > 0
        ? {
            from: new Date(Math.min(...starts)).toISOString(),
            to: new Date(Math.max(...ends, Math.min(...starts) + 1)).toISOString(),
          }
        : null;
    const runner = new ToolRunner(ctx, this.tools.all);
    const { facts, steps } = await loadFacts(runner, { jobIds }, range);
    const sin = schedulerInput(facts, { now: new Date().toISOString(), timezone: tz });
    const validation = validate(sin, input.items);
    const version = new Map(facts.jobs.map((j) => [j.id, j.version]));
    const keyed = input.items.map((it) => {
      const item = {
        jobId: it.jobId,
        primaryAssetId: it.primaryAssetId,
        implementAssetIds: [...it.implementAssetIds],
        operatorMembershipId: it.operatorMembershipId,
        startsAt: iso(it.startsAt),
        endsAt: iso(it.endsAt),
      };
      return { ...item, itemKey: itemKeyOf(item, version.get(it.jobId) ?? 0) };
    });
    // jobs of the previous version that the edit left out stay visible as unplaced
    const kept = new Set(keyed.map((i) => i.jobId));
    const prevUnplaced = new Map(prevV.unplaced.map((u) => [u.jobId, u]));
    const unplaced = jobIds
      .filter((j) => !kept.has(j) && (prevUnplaced.has(j) || prevV.items.some((i) => i.jobId === j)))
      .sort()
      .map(
        (j) =>
          prevUnplaced.get(j) ?? {
            jobId: j,
            reason: 'REMOVED_BY_EDIT',
            detail: `Removed from the draft in version ${next}`,
          },
      );
    const content = draftContent(facts, keyed, unplaced, validation);
    // a job no longer readable (e.g. scheduled meanwhile) keeps its summary from the previous version
    const prevJob = new Map([
      ...prevV.items.map((i) => [i.jobId, i.job] as const),
      ...prevV.unplaced.map((u) => [u.jobId, u.job] as const),
    ]);
    const fill = <T extends { jobId: string; job: TUnplacedJob['job'] }>(x: T): T =>
      x.job ? x : { ...x, job: prevJob.get(x.jobId) ?? null };
    const final = {
      items: content.items.map(fill),
      unplaced: content.unplaced.map(fill),
      validation: content.validation,
    };
    const contentHash = contentHashOf(final.items, final.unplaced, final.validation);
    void steps; // the edit's own tool calls are not steps of the run: edited items say who edited them instead
    const sig = (i: TDraftItem) =>
      [i.primaryAssetId, [...i.implementAssetIds].sort().join(','), i.operatorMembershipId, i.startsAt, i.endsAt].join(
        '|',
      );
    const evidence = carryEvidence(prevV, final.items, (i) => i.jobId, sig, edit);
    return { content: { ...final, evidence, contentHash }, diff: diffItems(prevV.items, final.items) };
  }

  /**
   * MAINTENANCE: the edited work-order items (a window moved, an item dropped, a due plan × machine
   * of the previous version's unplaced list placed by hand) re-validated against fresh facts: the
   * due list (plan applies, no open order), the machines and their bookings. Names and due status
   * come from the facts (the previous version when a fact is gone); items left out become unplaced
   * REMOVED_BY_EDIT.
   */
  private async maintenanceVersion(
    ctx: OrgContext,
    prevV: TDraftVersion,
    input: TCreateDraftVersionRequest,
    tz: string,
    next: number,
    edit: TDraftItemEdit,
  ) {
    const runner = new ToolRunner(ctx, this.tools.all);
    const ends = input.workOrderItems.map((i) => Date.parse(i.plannedEnd));
    const starts = input.workOrderItems.map((i) => Date.parse(i.plannedStart));
    const horizon = ends.length ? Math.max(...ends) : Date.now();
    const withinDays = Math.min(365, Math.max(0, Math.ceil((horizon - Date.now()) / 86_400_000)));
    const due = await runner.call<DueFact[]>('maintenance_due', { withinDays });
    const machines = await runner.call<MachineFact[]>('candidate_machines', {});
    const range = starts.length
      ? {
          from: new Date(Math.min(...starts)).toISOString(),
          to: new Date(Math.max(...ends, Math.min(...starts) + 1)).toISOString(),
        }
      : null;
    const busy = range ? await runner.call<BusyFacts>('bookings', range) : null;

    const key = (x: { planId: string; assetId: string }) => `${x.planId}:${x.assetId}`;
    const dueOf = new Map(due.result.map((d) => [key(d), d]));
    const machineOf = new Map(machines.result.map((m) => [m.id, m]));
    const prevItem = new Map(prevV.workOrderItems.map((i) => [key(i), i]));
    const prevUnplaced = new Map(prevV.unplacedWorkOrders.map((u) => [key(u), u]));
    const items: TMaintenanceItem[] = input.workOrderItems.map((it) => {
      const d = dueOf.get(key(it));
      const before = prevItem.get(key(it)) ?? prevUnplaced.get(key(it));
      const planName = d?.planName ?? before?.planName ?? '';
      const window = { plannedStart: iso(it.plannedStart), plannedEnd: iso(it.plannedEnd) };
      return {
        kind: 'WORK_ORDER',
        itemKey: maintenanceItemKey({ planId: it.planId, assetId: it.assetId, ...window }),
        planId: it.planId,
        planName,
        assetId: it.assetId,
        assetName: machineOf.get(it.assetId)?.name ?? before?.assetName ?? null,
        title: planName,
        dueStatus: d?.status ?? (before && 'dueStatus' in before ? before.dueStatus : 'UNKNOWN'),
        ...window,
      };
    });
    const validation = validateMaintenance(items, {
      due: due.result,
      machines: machines.result,
      busy: busy?.result.machines ?? [],
      timezone: tz,
    });
    const kept = new Set(items.map(key));
    const unplaced: TUnplacedMaintenance[] = [
      ...prevV.unplacedWorkOrders.filter((u) => !kept.has(key(u))),
      ...prevV.workOrderItems
        .filter((i) => !kept.has(key(i)))
        .map((i) => ({
          planId: i.planId,
          planName: i.planName,
          assetId: i.assetId,
          assetName: i.assetName,
          reason: 'REMOVED_BY_EDIT',
          detail: `Removed from the draft in version ${next}`,
        })),
    ].sort((a, b) => key(a).localeCompare(key(b)));
    const contentHash = contentHashOf(items, unplaced, validation);
    const sig = (i: TMaintenanceItem) => `${i.plannedStart}|${i.plannedEnd}`;
    const evidence = carryEvidence(prevV, items, key, sig, edit);
    const diff = {
      added: [...kept].filter((k) => !prevItem.has(k)).sort(),
      removed: [...prevItem.keys()].filter((k) => !kept.has(k)).sort(),
      changed: items
        .filter((i) => prevItem.has(key(i)) && sig(prevItem.get(key(i))!) !== sig(i))
        .map(key)
        .sort(),
    };
    return { content: { items, unplaced, validation, evidence, contentHash }, diff };
  }

  /**
   * Confirms exactly one version + content hash. A repeat of the same confirmation (by anyone)
   * answers 200 with the recorded one and writes no new event; it does not change who confirmed.
   * Confirmation never widens permissions: the executor re-checks the confirmer's rights.
   */
  async confirm(ctx: OrgContext, id: string, input: TConfirmDraftRequest): Promise<TDraft> {
    return this.repo.transaction(async (tx) => {
      const d = await this.load(tx, ctx, id);
      if (d.status !== 'OPEN') throw DraftErrors.notOpen(d.status);
      const current = await this.repo.findVersion(tx, ctx.organizationId, id, d.currentVersion);
      if (!current) throw DraftErrors.notFound();
      if (input.version !== d.currentVersion || input.contentHash !== current.contentHash) {
        throw DraftErrors.stale({ currentVersion: d.currentVersion, contentHash: current.contentHash });
      }
      if (d.confirmedVersion === input.version && d.confirmedHash === input.contentHash) return toDraft(d);
      const violations = toVersion(current).validation.violations;
      if (violations.length > 0) throw DraftErrors.invalid(violations);
      const ok = await this.repo.updateIf(
        tx,
        ctx.organizationId,
        id,
        { rowVersion: d.rowVersion, status: 'OPEN' },
        {
          confirmedVersion: input.version,
          confirmedHash: input.contentHash,
          confirmedByUserId: ctx.actorUserId,
          confirmedByMembershipId: ctx.membershipId,
          confirmedAt: new Date(),
        },
      );
      if (!ok) {
        // a concurrent confirm of the same version + hash won: same answer, no second event
        const now = await this.load(tx, ctx, id);
        if (now.status === 'OPEN' && now.confirmedVersion === input.version && now.confirmedHash === input.contentHash)
          return toDraft(now);
        await this.lostRace(ctx, id);
      }
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'draft.confirmed', 'draft', id, {
          version: input.version,
          contentHash: input.contentHash,
          confirmedByMembershipId: ctx.membershipId,
        }),
      );
      await WebhookEvents.emit(tx, ctx, 'draft.confirmed', id);
      return toDraft(await this.load(tx, ctx, id));
    });
  }

  async reject(ctx: OrgContext, id: string, input: TRejectDraftRequest): Promise<TDraft> {
    return this.repo.transaction(async (tx) => {
      const d = await this.load(tx, ctx, id);
      if (d.status !== 'OPEN') throw DraftErrors.notOpen(d.status);
      const ok = await this.repo.updateIf(
        tx,
        ctx.organizationId,
        id,
        { rowVersion: d.rowVersion, status: 'OPEN' },
        {
          status: 'REJECTED',
          rejectedByUserId: ctx.actorUserId,
          rejectedAt: new Date(),
          rejectionReason: input.reason,
        },
      );
      if (!ok) await this.lostRace(ctx, id);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'draft.rejected', 'draft', id, {
          before: { status: 'OPEN' },
          after: { status: 'REJECTED' },
          reason: input.reason,
          version: d.currentVersion,
        }),
      );
      return toDraft(await this.load(tx, ctx, id));
    });
  }

  private async load(tx: Tx | undefined, ctx: OrgContext, id: string): Promise<Draft> {
    const d = await this.repo.findById(tx, ctx.organizationId, id, draftScope(ctx));
    if (!d) throw DraftErrors.notFound();
    return d;
  }

  /** Someone changed the draft between our read and our write: say what it is now. */
  private async lostRace(ctx: OrgContext, id: string): Promise<never> {
    const now = await this.repo.findById(undefined, ctx.organizationId, id, {});
    if (!now) throw DraftErrors.notFound();
    if (now.status !== 'OPEN') throw DraftErrors.notOpen(now.status);
    const v = await this.repo.findVersion(undefined, ctx.organizationId, id, now.currentVersion);
    throw DraftErrors.stale({ currentVersion: now.currentVersion, contentHash: v?.contentHash ?? '' });
  }
}

const iso = (s: string) => new Date(s).toISOString();

/**
 * Evidence of an edited version: an item the edit left as it was keeps the evidence it had
 * (its run steps, or an earlier edit); a changed or added item records this edit instead.
 */
function carryEvidence<T extends TAnyDraftItem>(
  prevV: TDraftVersion,
  items: readonly T[],
  key: (i: T) => string,
  sig: (i: T) => string,
  edit: TDraftItemEdit,
): TDraftEvidence {
  const prevItems = (prevV.items.length > 0 ? prevV.items : prevV.workOrderItems) as unknown as T[];
  const prevByKey = new Map(prevItems.map((i) => [key(i), i]));
  const prevEvidence = new Map(prevV.evidence.map((e) => [e.itemKey, e]));
  return items.map((i) => {
    const before = prevByKey.get(key(i));
    const kept = before && sig(before) === sig(i) ? prevEvidence.get(before.itemKey) : undefined;
    const jobId = 'jobId' in i ? (i.jobId as string) : '';
    return kept ? { ...kept, itemKey: i.itemKey, jobId } : { itemKey: i.itemKey, jobId, steps: {}, edit };
  });
}

/** What an edit changed, by job: added, removed, changed (machine set, operator or time). */
export function diffItems(before: readonly TDraftItem[], after: readonly TDraftItem[]) {
  const b = byJob(before);
  const a = byJob(after);
  const sig = (i: TDraftItem) =>
    [i.primaryAssetId, i.implementAssetIds.join(','), i.operatorMembershipId, i.startsAt, i.endsAt].join('|');
  return {
    added: [...a.keys()].filter((j) => !b.has(j)).sort(),
    removed: [...b.keys()].filter((j) => !a.has(j)).sort(),
    changed: [...a.keys()].filter((j) => b.has(j) && sig(b.get(j)!) !== sig(a.get(j)!)).sort(),
  };
}

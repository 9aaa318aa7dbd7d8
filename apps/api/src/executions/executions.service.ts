import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TDraftItem, TExecuteDraftRequest, TExecution } from '@amms/contracts/drafts';
import { AuditService } from '../audit/audit.service.js';
import { DraftsRepository } from '../drafts/drafts.repository.js';
import { DraftErrors } from '../drafts/drafts.errors.js';
import { DraftsService } from '../drafts/drafts.service.js';
import { draftScope } from '../platform/access/own-scope.js';
import { AppError } from '../platform/errors/app-error.js';
import { OutboxService } from '../platform/outbox/outbox.service.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import type { OrgContext } from '../platform/access/context.js';
import { ExecutionErrors } from './executions.errors.js';
import { toExecution } from './executions.mappers.js';
import { ExecutionsRepository } from './executions.repository.js';
import { EXECUTE_PERMISSION } from './execution-recheck.js';
import { may } from '../platform/access/permission.js';

/** Thrown inside the request transaction when the draft row moved under us (rowVersion). */
class DraftMoved extends Error {}

/**
 * Requesting an execution of a confirmed draft version, and reading it. The work itself is done
 * by the worker (DraftExecutor) from an outbox row written in the same transaction.
 */
@Injectable()
export class ExecutionsService implements OnModuleInit {
  constructor(
    private readonly repo: ExecutionsRepository,
    private readonly drafts: DraftsRepository,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly draftsService: DraftsService,
  ) {}

  /** The draft's audit trail also holds its executions' events (requested … finished). */
  onModuleInit(): void {
    this.draftsService.addTrail(async (organizationId, draftId) =>
      (await this.repo.idsOfDraft(organizationId, draftId)).map((e) => ({ entityType: 'execution', entityId: e.id })),
    );
  }

  /**
   * One execution per (draft, version), whoever asks and however often: a repeat (or a
   * concurrent duplicate that lost the unique index race) answers with the first one.
   * `created` tells the controller 202 (new) from 200 (existing).
   */
  async execute(
    ctx: OrgContext,
    draftId: string,
    input: TExecuteDraftRequest,
    retried = false,
  ): Promise<{ execution: TExecution; created: boolean }> {
    // the worker rebuilds the initiator from its membership: an API key has none to re-check
    if (ctx.principal.kind !== 'USER' || !ctx.membershipId)
      throw new AppError('FORBIDDEN', 'Only a member (not an API key) can execute a draft');
    try {
      const id = await this.repo.transaction(async (tx) => {
        const draft = await this.drafts.findById(tx, ctx.organizationId, draftId, draftScope(ctx));
        if (!draft) throw DraftErrors.notFound();
        // what executing this kind writes with (the worker checks it again when it runs)
        if (!may(ctx, EXECUTE_PERMISSION[draft.kind]))
          throw new AppError('FORBIDDEN', `Executing a ${draft.kind} draft needs ${EXECUTE_PERMISSION[draft.kind]}`, {
            missing: [EXECUTE_PERMISSION[draft.kind]],
          });
        const existing = await this.repo.findByVersion(tx, ctx.organizationId, draftId, input.version);
        if (existing) return { id: existing.id, created: false };
        if (draft.status !== 'OPEN') throw DraftErrors.notOpen(draft.status);
        // a confirmation covers exactly one version (an edit voids it, see drafts.service)
        if (
          draft.confirmedVersion === null ||
          draft.confirmedVersion !== input.version ||
          draft.confirmedVersion !== draft.currentVersion
        ) {
          throw ExecutionErrors.notConfirmed(input.version, draft);
        }
        const version = await this.drafts.findVersion(tx, ctx.organizationId, draftId, input.version);
        if (!version || version.contentHash !== draft.confirmedHash)
          throw ExecutionErrors.notConfirmed(input.version, { ...draft, confirmedVersion: null });
        const violations = (version.validation as { violations?: unknown[] }).violations ?? [];
        if (violations.length > 0) throw DraftErrors.invalid(violations);
        const items = version.items as TDraftItem[];

        // the unique (draftId, version) index decides concurrent requests: losers wait for the
        // winner's commit, fail here, and read the winner's execution (below)
        const exec = await this.repo.create(tx, ctx.organizationId, {
          draftId,
          version: input.version,
          itemsTotal: items.length,
          initiatorUserId: ctx.actorUserId,
          initiatorMembershipId: ctx.membershipId,
        });
        const moved = !(await this.drafts.updateIf(
          tx,
          ctx.organizationId,
          draftId,
          { rowVersion: draft.rowVersion, status: 'OPEN' },
          { status: 'EXECUTING' },
        ));
        if (moved) throw new DraftMoved();
        // ids only: the worker re-reads and re-checks everything when it runs
        const outboxId = await this.outbox.enqueue(tx, ctx.organizationId, 'draft.execute', {
          organizationId: ctx.organizationId,
          executionId: exec.id,
        });
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'execution.requested', 'execution', exec.id, {
            draftId,
            version: input.version,
            contentHash: version.contentHash,
            itemsTotal: items.length,
            outboxId,
            before: { draftStatus: 'OPEN' },
            after: { draftStatus: 'EXECUTING', status: 'PENDING' },
          }),
        );
        return { id: exec.id, created: true };
      });
      return { execution: await this.get(ctx, id.id), created: id.created };
    } catch (err) {
      if (!(err instanceof DraftMoved) && !isUniqueViolation(err)) throw err;
      const winner = await this.repo.findByVersion(undefined, ctx.organizationId, draftId, input.version);
      if (winner) return { execution: await this.get(ctx, winner.id), created: false };
      // the draft moved for another reason (edit, reject): answer from its new state
      if (retried) throw DraftErrors.notOpen('changed');
      return this.execute(ctx, draftId, input, true);
    }
  }

  /** An execution with its receipts; visible to whoever may see its draft. */
  async get(ctx: OrgContext, id: string): Promise<TExecution> {
    const exec = await this.repo.findById(undefined, ctx.organizationId, id);
    if (!exec) throw ExecutionErrors.notFound();
    const draft = await this.drafts.findById(undefined, ctx.organizationId, exec.draftId, draftScope(ctx));
    if (!draft) throw ExecutionErrors.notFound();
    return toExecution(exec, await this.repo.receipts(undefined, ctx.organizationId, id));
  }
}

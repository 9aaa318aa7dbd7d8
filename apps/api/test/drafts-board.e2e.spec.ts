import { describe, expect, it } from 'vitest';
import { ZDraft, ZDraftDetail, editedItem, type TDraftDetail, type TEditedItem } from '@amms/contracts/drafts';
import { ZJob, type TJob } from '@amms/contracts/jobs';
import {
  appForFile,
  assetRow,
  combineModel,
  DAY,
  fieldWorld,
  HOUR,
  machineRow,
  orgApi,
  orgWorld,
} from './support/world.js';
import { expectError, expectStatus } from './assertions.js';

const h = appForFile();
const { get, post } = orgApi(() => h);

/**
 * The board (issue 31 §3): a dispatcher drags a SCHEDULED job onto another machine's or
 * operator's lane; the move is a draft (no agent run) validated like a hand edit.
 */
async function world() {
  const w = await fieldWorld(h, 'board');
  const tractor2 = await machineRow(h.db, w.org.id, 'Tractor 2');
  const combine = await assetRow(h.db, w.org.id, (await combineModel(h.db, w.org.id)).id, 'Combine 1');
  const base = Math.ceil(Date.now() / HOUR) * HOUR + DAY;
  const at = (hours: number) => new Date(base + hours * HOUR).toISOString();
  const job = async (machine: string, from: number) => {
    const j = await post(w.t.DISPATCHER, w.org.id, '/jobs', {
      fieldId: w.fieldId,
      operationType: 'TILLAGE',
      estimatedHours: 4,
      windowStart: at(-12),
      windowEnd: at(72),
    });
    expectStatus(j, 201);
    const a = await post(w.t.DISPATCHER, w.org.id, `/jobs/${(j.body as TJob).id}/assign`, {
      primaryAssetId: machine,
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      startsAt: at(from),
      endsAt: at(from + 4),
    });
    expectStatus(a, 200);
    return ZJob.parse(a.body);
  };
  const moved = await job(w.tractor, 0);
  const other = await job(tractor2, 24);
  const item = (p: Partial<TEditedItem>): TEditedItem => ({
    jobId: moved.id,
    primaryAssetId: w.tractor,
    implementAssetIds: [],
    operatorMembershipId: w.org.users.OPERATOR.membershipId,
    startsAt: at(0),
    endsAt: at(4),
    ...p,
  });
  return { ...w, tractor2, combine, at, moved, other, item };
}

const codes = (d: TDraftDetail) => d.versions[0]!.validation.violations.map((v) => v.code).sort();

describe('board drafts: a drag becomes a draft, validated like a hand edit', () => {
  it('a SCHEDULED job moved to another machine later that day → draft v1 without violations, its own booking no clash; confirm is hash-bound', async () => {
    const w = await world();
    const r = await post(
      w.t.DISPATCHER,
      w.org.id,
      '/drafts',
      { title: 'Board', items: [w.item({ primaryAssetId: w.tractor2, startsAt: w.at(2), endsAt: w.at(6) })] },
      'board-1',
    );
    expectStatus(r, 201);
    const d = ZDraftDetail.parse(r.body);
    expect(d).toMatchObject({ kind: 'SCHEDULE', status: 'OPEN', runId: null, currentVersion: 1, title: 'Board' });
    const v1 = d.versions[0]!;
    expect(v1.items).toHaveLength(1);
    expect(v1.items[0]).toMatchObject({ jobId: w.moved.id, primaryAssetId: w.tractor2, startsAt: w.at(2) });
    expect(v1.validation.violations).toEqual([]);
    expect(v1.evidence[0]?.edit?.version).toBe(1);

    // the same Idempotency-Key answers the same draft, no second one
    const again = await post(
      w.t.DISPATCHER,
      w.org.id,
      '/drafts',
      { title: 'Board', items: [w.item({ primaryAssetId: w.tractor2, startsAt: w.at(2), endsAt: w.at(6) })] },
      'board-1',
    );
    expect((again.body as { id: string }).id).toBe(d.id);

    expectError(
      await post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/confirm`, { version: 1, contentHash: '0'.repeat(64) }),
      409,
      'DRAFT_STALE',
    );
    const c = await post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/confirm`, {
      version: 1,
      contentHash: v1.contentHash,
    });
    expectStatus(c, 200);
    expect(ZDraft.parse(c.body).confirmedVersion).toBe(1);
  }, 60_000);

  it('conflicts, machine type and operator-only are violations shown in the version; a second move is version 2 of the same draft', async () => {
    const w = await world();
    // onto the other job's booking on tractor 2 (and the operator's too)
    const busy = await post(w.t.DISPATCHER, w.org.id, '/drafts', {
      title: 'Board',
      items: [w.item({ primaryAssetId: w.tractor2, startsAt: w.at(25), endsAt: w.at(29) })],
    });
    expectStatus(busy, 201);
    const d = ZDraftDetail.parse(busy.body);
    expect(codes(d)).toEqual(['MACHINE_BUSY', 'OPERATOR_BUSY']);
    expect(d.versions[0]!.validation.violations.find((v) => v.code === 'MACHINE_BUSY')?.clash).toMatchObject({
      kind: 'JOB',
      id: w.other.id,
    });
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/confirm`, {
        version: 1,
        contentHash: d.versions[0]!.contentHash,
      }),
      422,
      'DRAFT_INVALID',
    );

    // the combine cannot till; an accountant is no operator
    const wrong = await post(w.t.DISPATCHER, w.org.id, '/drafts', {
      title: 'Board',
      items: [w.item({ primaryAssetId: w.combine, operatorMembershipId: w.org.users.ACCOUNTANT.membershipId })],
    });
    expectStatus(wrong, 201);
    expect(codes(ZDraftDetail.parse(wrong.body))).toEqual(['CAPABILITY_MISMATCH', 'UNKNOWN_OPERATOR']);

    // a second drag on the board: version 2 holds both moves (the SCHEDULED jobs are found again)
    // both jobs moved on the board: the moved job to [a, a+4) h, the other (on the second tractor) to [b, b+4) h
    const bothMoved = (basedOnVersion: number, a: number, b: number) =>
      post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/versions`, {
        basedOnVersion,
        items: [
          w.item({ startsAt: w.at(a), endsAt: w.at(a + 4) }),
          {
            ...editedItem(w.item({ jobId: w.other.id, primaryAssetId: w.tractor2 })),
            startsAt: w.at(b),
            endsAt: w.at(b + 4),
          },
        ],
      });
    const v2 = await bothMoved(1, 30, 48);
    expectStatus(v2, 201);
    const d2 = ZDraftDetail.parse(v2.body);
    expect(d2.currentVersion).toBe(2);
    expect(d2.versions[0]!.items.map((i) => i.jobId).sort()).toEqual([w.moved.id, w.other.id].sort());
    // each job's own booking is the one it replaces; the other's still holds until executed
    expect(codes(d2)).toEqual([]);
    const swap = await bothMoved(2, 24, 0);
    expectStatus(swap, 201);
    // a swap in one step would meet the other's booking before it moves: said, not hidden
    expect(codes(ZDraftDetail.parse(swap.body))).toEqual(['OPERATOR_BUSY', 'OPERATOR_BUSY']);
  });

  it('bad input is a 400, an operator may not draft, another org sees nothing', async () => {
    const w = await world();
    expectError(
      await post(w.t.DISPATCHER, w.org.id, '/drafts', { title: 'Board', items: [] }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await post(w.t.DISPATCHER, w.org.id, '/drafts', { title: 'Board', items: [w.item({})], runId: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await post(w.t.OPERATOR, w.org.id, '/drafts', { title: 'Board', items: [w.item({})] }),
      403,
      'FORBIDDEN',
    );
    const r = await post(w.t.DISPATCHER, w.org.id, '/drafts', { title: 'Board', items: [w.item({})] });
    expectStatus(r, 201);
    const id = (r.body as { id: string }).id;
    const stranger = await orgWorld(h, 'board-other');
    expectError(await get(stranger.t.DISPATCHER, stranger.org.id, `/drafts/${id}`), 404, 'NOT_FOUND');
    // their own board draft naming our job: the job is unknown to them, a violation, nothing of ours shown
    const theirs = await post(stranger.t.DISPATCHER, stranger.org.id, '/drafts', {
      title: 'Board',
      items: [w.item({})],
    });
    expectStatus(theirs, 201);
    const td = ZDraftDetail.parse(theirs.body);
    expect(codes(td)).toContain('UNKNOWN_JOB');
    expect(td.versions[0]!.items[0]!.job).toBeNull();
  });
});

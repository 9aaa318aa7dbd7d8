import type { TCorrectiveItem, TDraftItem } from '@amms/contracts/drafts';
import type { TCalendarAssignment } from '@amms/contracts/jobs';
import { describe, expect, it } from 'vitest';
import { draftMessages } from './messages';
import { buildDraftTimeline, type ModelInput } from './timeline-model';
import { draftItem, id } from './test-items';

const item = (n: number, patch: Partial<TDraftItem> = {}): TDraftItem =>
  draftItem(n, {
    job: { title: `Job ${n}`, operationType: 'HARVEST', fieldName: `Field ${n}`, priority: 3 },
    ...patch,
  });

const booking = (n: number, patch: Partial<TCalendarAssignment>): TCalendarAssignment => ({
  id: id(500 + n),
  jobId: id(600 + n),
  operatorMembershipId: id(700 + n),
  operatorName: `Booked operator ${n}`,
  startsAt: '2026-06-01T02:00:00.000Z',
  endsAt: '2026-06-01T06:00:00.000Z',
  machines: [{ assetId: id(800 + n), role: 'PRIMARY', name: `Tractor ${n}`, kind: 'POWER_UNIT', status: 'ACTIVE' }],
  part: null,
  createdAt: '2026-05-01T00:00:00.000Z',
  job: {
    id: id(600 + n),
    title: `Booked job ${n}`,
    status: 'SCHEDULED',
    operationType: 'TILLAGE',
    fieldId: id(900 + n),
    fieldName: `Booked field ${n}`,
  },
  ...patch,
});

type V = ModelInput['version'];
const version = (patch: Partial<V>): V => ({
  items: [],
  workOrderItems: [],
  correctiveItems: [],
  validation: { ok: true, violations: [], warnings: [] },
  ...patch,
});

const build = (v: V, bookings: TCalendarAssignment[] = [], status: 'OPEN' | 'EXECUTED' = 'OPEN') =>
  buildDraftTimeline({
    orgId: id(1),
    draft: { status },
    version: v,
    diff: null,
    bookings,
    workOrders: [],
    op: (t) => t,
    findingText: (code) => `finding ${code}`,
    range: (s, e) => `${s}–${e}`,
    path: (p) => `/o/${p}`,
    t: draftMessages.en.timelineCard,
    locale: 'en',
  });

describe('the draft timeline model', () => {
  it('gives every machine and every operator of the version a lane, machines first', () => {
    const { rows } = build(version({ items: [item(1), item(2)] }));
    expect(rows.map((r) => [r.group, r.label])).toEqual([
      ['Machines', 'Harvester 1'],
      ['Machines', 'Harvester 2'],
      ['Operators', 'Operator 1'],
      ['Operators', 'Operator 2'],
    ]);
  });

  it('draws an operator conflict on the operator lane, not on the free machine', () => {
    const mine = item(1);
    const other = booking(1, { operatorMembershipId: mine.operatorMembershipId, operatorName: 'Operator 1' });
    const { bars } = build(
      version({
        items: [mine],
        validation: {
          ok: false,
          violations: [{ itemIndex: 0, jobId: mine.jobId, code: 'OPERATOR_BUSY', message: 'busy' }],
          warnings: [],
        },
      }),
      [other],
    );
    const onMachine = bars.find((b) => b.id === `p-${mine.itemKey}`)!;
    const onOperator = bars.find((b) => b.id === `po-${mine.itemKey}`)!;
    expect(onMachine.rowId).toBe(`m-${mine.primaryAssetId}`);
    expect(onMachine.kind).toBe('proposed');
    expect(onMachine.card!.notes).toEqual([]);
    expect(onOperator.rowId).toBe(`o-${mine.operatorMembershipId}`);
    expect(onOperator.kind).toBe('conflict');
    // the card links the booking it clashes with
    const clash = onOperator.card!.notes!.find((n) => n.href);
    expect(clash).toMatchObject({ tone: 'conflict', href: `/o/jobs/${other.jobId}` });
    expect(clash!.text).toContain('Booked job 1');
    // the existing booking is drawn on the operator's lane too (its machine is not the draft's)
    expect(bars.filter((b) => b.id.endsWith(other.id)).map((b) => b.rowId)).toEqual([`o-${mine.operatorMembershipId}`]);
  });

  it('links a machine clash to the existing job on that machine and a double booking to the other item', () => {
    const a = item(1);
    const b = item(2, { primaryAssetId: a.primaryAssetId, primaryAssetName: a.primaryAssetName });
    const busy = booking(2, {
      machines: [
        { assetId: a.primaryAssetId, role: 'PRIMARY', name: 'Harvester 1', kind: 'SELF_PROPELLED', status: 'ACTIVE' },
      ],
    });
    const unrelated = booking(3, { startsAt: '2026-06-02T00:00:00.000Z', endsAt: '2026-06-02T04:00:00.000Z' });
    const { bars } = build(
      version({
        items: [a, b],
        validation: {
          ok: false,
          violations: [
            { itemIndex: 0, jobId: a.jobId, code: 'MACHINE_BUSY', message: 'busy' },
            { itemIndex: 1, jobId: b.jobId, code: 'MACHINE_DOUBLE_BOOKED', message: 'twice', otherItemIndex: 0 },
          ],
          warnings: [],
        },
      }),
      [busy, unrelated],
    );
    const first = bars.find((x) => x.id === `p-${a.itemKey}`)!;
    expect(first.kind).toBe('conflict');
    expect(first.card!.notes!.filter((n) => n.href).map((n) => n.href)).toEqual([`/o/jobs/${busy.jobId}`]);
    const second = bars.find((x) => x.id === `p-${b.itemKey}`)!;
    expect(second.kind).toBe('conflict');
    expect(second.card!.notes!.find((n) => n.href)).toMatchObject({ href: `#item-${a.jobId}` });
    // machine findings stay off the operators' lanes
    expect(bars.find((x) => x.id === `po-${a.itemKey}`)!.kind).toBe('proposed');
  });

  it('links exactly the booking the validator named in the finding', () => {
    const mine = item(1);
    const named = booking(4, { jobId: id(640) });
    const { bars } = build(
      version({
        items: [mine],
        validation: {
          ok: false,
          violations: [
            {
              itemIndex: 0,
              jobId: mine.jobId,
              code: 'MACHINE_BUSY',
              message: 'busy',
              clash: { kind: 'WORK_ORDER', id: id(650), startsAt: mine.startsAt, endsAt: mine.endsAt },
            },
          ],
          warnings: [],
        },
      }),
      [named],
    );
    const notes = bars.find((b) => b.id === `p-${mine.itemKey}`)!.card!.notes!;
    expect(notes.filter((n) => n.href).map((n) => n.href)).toEqual([`/o/maintenance/work-orders/${id(650)}`]);
  });

  it('draws a diagnosis’ corrective work order on its machine', () => {
    const c: TCorrectiveItem = {
      kind: 'CORRECTIVE_WORK_ORDER',
      itemKey: 'cw1',
      assetId: id(300),
      assetName: '6R 155 #01',
      modelName: '6R 155',
      title: 'Engine overheating',
      symptom: 'coolant temperature high',
      faultCode: null,
      priority: 2,
      causes: [],
      checklist: [],
      parts: [],
      estimatedHours: 3,
      plannedStart: '2026-06-03T01:00:00.000Z',
      plannedEnd: '2026-06-03T04:00:00.000Z',
      manualEvidence: false,
      citations: [],
    };
    const { rows, bars } = build(version({ correctiveItems: [c] }));
    expect(rows.map((r) => r.label)).toEqual(['6R 155 #01']);
    expect(bars).toHaveLength(1);
    expect(bars[0]).toMatchObject({ rowId: `m-${c.assetId}`, kind: 'proposed', label: 'Engine overheating' });
    expect(bars[0]!.card!.lines.map((l) => l.value)).toContain('coolant temperature high');
  });

  it('once executed, shows the bookings only', () => {
    const mine = item(1);
    const { bars } = build(version({ items: [mine] }), [], 'EXECUTED');
    expect(bars).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { maintenanceItemKey, planMaintenance, validateMaintenance } from './maintenance-plan.js';
import type { DueFact, MachineFact } from './tools/agent-tools.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const P = '00000000-0000-4000-8000-000000000001';
const machine = (id: string, status: MachineFact['status'] = 'ACTIVE'): MachineFact => ({
  id,
  name: id.slice(-1),
  kind: 'SELF_PROPELLED',
  operationTypes: ['HARVESTING'],
  status,
  teamId: null,
  dueForMaintenance: true,
  serviceDueInHours: null,
});
const due = (assetId: string, o: Partial<DueFact> = {}): DueFact => ({
  planId: P,
  planName: '250h',
  assetId,
  assetName: assetId.slice(-1),
  status: 'OVERDUE',
  nextDueAt: null,
  remainingDays: null,
  remainingHours: -10,
  openWorkOrderId: null,
  estimatedHours: null,
  ...o,
});
// Wed 2026-12-02 00:00 Asia/Shanghai = 2026-12-01T16:00Z; period Dec 2 .. Dec 3 (two days)
const range = { from: '2026-12-01T16:00:00.000Z', to: '2026-12-03T16:00:00.000Z' };
const base = { range, now: '2026-12-01T20:00:00.000Z' /* 04:00 local */, timezone: 'Asia/Shanghai' };

describe('planMaintenance', () => {
  it('most overdue first, default 4 h, 07:00 local, after bookings; deterministic', () => {
    const input = {
      ...base,
      due: [
        due(B, { remainingHours: -5 }),
        due(A, { remainingHours: -50 }),
        due(A, { planId: '00000000-0000-4000-8000-000000000002', status: 'OK' }),
      ],
      machines: [machine(A), machine(B)],
      busy: [{ assetId: B, startsAt: '2026-12-01T23:00:00.000Z', endsAt: '2026-12-02T01:30:00.000Z' }], // B busy 07:00–09:30 local
    };
    const r = planMaintenance(input);
    expect(r.items.map((i) => [i.assetId, i.plannedStart, i.plannedEnd])).toEqual([
      [A, '2026-12-01T23:00:00.000Z', '2026-12-02T03:00:00.000Z'],
      [B, '2026-12-02T01:30:00.000Z', '2026-12-02T05:30:00.000Z'],
    ]);
    expect(r.validation.ok).toBe(true);
    expect(planMaintenance(input).contentHash).toBe(r.contentHash);
    expect(r.items[0]!.itemKey).toBe(maintenanceItemKey(r.items[0]!));
  });

  it('open work orders and retired machines are skipped; no room → NO_FREE_SLOT; longer than a day → TOO_LONG', () => {
    const r = planMaintenance({
      ...base,
      due: [
        due(A, { openWorkOrderId: P }),
        due(B, { estimatedHours: 13 }),
        due(A, { planId: '00000000-0000-4000-8000-000000000003', estimatedHours: 12 }),
      ],
      machines: [machine(A), machine(B)],
      busy: [
        { assetId: A, startsAt: '2026-12-02T00:00:00.000Z', endsAt: '2026-12-02T01:00:00.000Z' },
        { assetId: A, startsAt: '2026-12-03T00:00:00.000Z', endsAt: '2026-12-03T01:00:00.000Z' },
      ],
    });
    expect(r.items).toEqual([]);
    expect(r.unplaced.map((u) => u.reason).sort()).toEqual(['NO_FREE_SLOT', 'TOO_LONG']);
    expect(r.skipped).toBe(1);
    expect(planMaintenance({ ...base, due: [due(A)], machines: [machine(A, 'RETIRED')], busy: [] }).skipped).toBe(1);
  });

  it('validation: overlapping items, busy windows, unknown plans and invalid windows are hard violations', () => {
    const item = (assetId: string, s: string, e: string, planId = P) => ({
      kind: 'WORK_ORDER' as const,
      itemKey: 'k',
      planId,
      planName: 'x',
      assetId,
      assetName: null,
      title: 'x',
      dueStatus: 'OVERDUE',
      plannedStart: s,
      plannedEnd: e,
    });
    const v = validateMaintenance(
      [
        item(A, '2026-12-02T00:00:00Z', '2026-12-02T02:00:00Z'),
        item(A, '2026-12-02T01:00:00Z', '2026-12-02T03:00:00Z'),
        item(B, '2026-12-02T05:00:00Z', '2026-12-02T04:00:00Z'),
        item(B, '2026-12-02T06:00:00Z', '2026-12-02T07:00:00Z', '00000000-0000-4000-8000-000000000009'),
      ],
      {
        due: [due(A), due(B)],
        machines: [machine(A), machine(B)],
        busy: [{ assetId: A, startsAt: '2026-12-02T01:30:00Z', endsAt: '2026-12-02T01:45:00Z' }],
      },
    );
    expect(v.ok).toBe(false);
    expect(v.violations.map((f) => [f.itemIndex, f.code])).toEqual([
      [0, 'MACHINE_BUSY'],
      [1, 'MACHINE_BUSY'],
      [1, 'ITEM_OVERLAP'],
      [2, 'INVALID_WINDOW'],
      [3, 'PLAN_NOT_APPLICABLE'],
    ]);
  });
});

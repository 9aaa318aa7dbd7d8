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

describe('planMaintenance with the workshop', () => {
  const C = '00000000-0000-4000-8000-00000000000c';
  const M1 = '00000000-0000-4000-8000-0000000000f1';
  const M2 = '00000000-0000-4000-8000-0000000000f2';
  const mech = (
    membershipId: string,
    name: string,
    o: Partial<{
      dailyHours: number;
      teamIds: string[];
      load: { workOrderId: string; number: number; startsAt: string; endsAt: string }[];
    }> = {},
  ) => ({
    membershipId,
    name,
    teamIds: [],
    dailyHours: 8,
    load: [],
    ...o,
  });
  const three = [due(A, { remainingHours: -30 }), due(B, { remainingHours: -20 }), due(C, { remainingHours: -10 })];

  it('one mechanic: the orders are staggered (one at a time) and a day holds at most their hours; the mechanic is named', () => {
    const r = planMaintenance({
      ...base,
      due: three,
      machines: [machine(A), machine(B), machine(C)],
      busy: [],
      mechanics: [mech(M1, '王师傅')],
    });
    expect(r.items.map((i) => [i.assetId, i.plannedStart, i.mechanicName])).toEqual([
      [A, '2026-12-01T23:00:00.000Z', '王师傅'], // Dec 2 07:00–11:00
      [B, '2026-12-02T03:00:00.000Z', '王师傅'], // 11:00–15:00: 8 h that day
      [C, '2026-12-02T23:00:00.000Z', '王师傅'], // Dec 3 07:00
    ]);
  });

  it('two mechanics work in parallel; their open orders count; a mechanic of the machine’s team first', () => {
    const busyM2 = {
      workOrderId: P,
      number: 7,
      startsAt: '2026-12-01T23:00:00.000Z',
      endsAt: '2026-12-02T03:00:00.000Z',
    };
    const r = planMaintenance({
      ...base,
      due: three,
      machines: [machine(A), machine(B), { ...machine(C), teamId: 'T' }],
      busy: [],
      mechanics: [mech(M1, '王师傅'), mech(M2, '李师傅', { load: [busyM2], teamIds: ['T'] })],
    });
    expect(r.items.map((i) => [i.assetId, i.plannedStart, i.mechanicName])).toEqual([
      [A, '2026-12-01T23:00:00.000Z', '王师傅'],
      [B, '2026-12-02T03:00:00.000Z', '李师傅'], // the fewer hours that day (4 vs 4: by name → 李 before 王)
      [C, '2026-12-02T03:00:00.000Z', '王师傅'],
    ]);
  });

  it('no mechanic free within their day → NO_MECHANIC_FREE (not "no free window"); a part not in stock → WAITING_FOR_PART, in the goal language', () => {
    const r = planMaintenance({
      ...base,
      due: [due(A), due(B)],
      machines: [machine(A), machine(B)],
      busy: [],
      mechanics: [mech(M1, '王师傅', { dailyHours: 2 })],
      parts: [
        {
          planId: P,
          assetId: B,
          fromWorkOrder: 3,
          parts: [{ partNumber: 'RE504836', name: '机油滤芯', quantity: 1, available: false }],
        },
      ],
      language: 'zh',
    });
    expect(r.items).toEqual([]);
    expect(r.unplaced.map((u) => [u.assetId, u.reason])).toEqual([
      [A, 'NO_MECHANIC_FREE'],
      [B, 'WAITING_FOR_PART'],
    ]);
    expect(r.unplaced[1]!.detail).toBe('等配件：机油滤芯 (RE504836) ×1（不在库）');
  });
});

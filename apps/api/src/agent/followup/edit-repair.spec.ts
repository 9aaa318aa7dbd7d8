import { describe, expect, it } from 'vitest';
import type { TEditedItem } from '@amms/contracts/drafts';
import { L, combine, instance, job, operator } from '../../planning/scheduler/test-fixtures.js';
import { validate } from '../../planning/scheduler/validator.js';
import { repairEdit, type RepairAsk } from './edit-repair.js';

/** Tue 3 March: combine c-1 is booked 07–19 by another job; the draft's job j-1 (4 h) was moved onto that day. */
const base = () =>
  instance({
    jobs: [job('j-1', { windowStart: L('02 00:00'), windowEnd: L('06 00:00') })],
    machines: [combine('c-1'), combine('c-2')],
    operators: [operator('o-1'), operator('o-2')],
    busy: {
      machines: [{ assetId: 'c-1', startsAt: L('03 07:00'), endsAt: L('03 19:00') }],
      operators: [],
    },
  });
const moved: TEditedItem = {
  jobId: 'j-1',
  primaryAssetId: 'c-1',
  implementAssetIds: [],
  operatorMembershipId: 'o-1',
  startsAt: L('03 07:00'),
  endsAt: L('03 11:00'),
};
const ask = (p: Partial<RepairAsk> = {}): RepairAsk => ({
  jobId: 'j-1',
  keepMachine: false,
  keepOperator: false,
  avoidAssetIds: [],
  avoidOperatorIds: [],
  ...p,
});

describe('a follow-up edit made whole (edit-repair)', () => {
  it('a move onto a day where the machine is booked keeps the day, the hours and the operator, and takes the free machine', () => {
    const input = base();
    expect(validate(input, [moved]).violations.map((v) => v.code)).toContain('MACHINE_BUSY');
    const r = repairEdit(input, [moved], [ask()]);
    expect(r.items[0]).toMatchObject({ primaryAssetId: 'c-2', operatorMembershipId: 'o-1', startsAt: L('03 07:00') });
    expect(r.repaired).toEqual([{ jobId: 'j-1', moved: ['MACHINE'], because: ['MACHINE_BUSY'] }]);
    expect(validate(input, r.items).violations).toEqual([]);
  });

  it('the same crew later that day comes first when it is free then', () => {
    const input = base();
    const busyMorning = {
      ...input,
      busy: { machines: [{ assetId: 'c-1', startsAt: L('03 07:00'), endsAt: L('03 10:00') }], operators: [] },
    };
    const r = repairEdit(busyMorning, [moved], [ask()]);
    expect(r.items[0]).toMatchObject({ primaryAssetId: 'c-1', operatorMembershipId: 'o-1', startsAt: L('03 10:00') });
    expect(r.repaired[0]!.moved).toEqual(['TIME']);
  });

  it('a machine the dispatcher named is kept: the operator or the time gives way', () => {
    const input = {
      ...base(),
      busy: { machines: [], operators: [{ membershipId: 'o-1', startsAt: L('03 07:00'), endsAt: L('03 19:00') }] },
    };
    const r = repairEdit(input, [moved], [ask({ keepMachine: true })]);
    expect(r.items[0]).toMatchObject({ primaryAssetId: 'c-1', operatorMembershipId: 'o-2', startsAt: L('03 07:00') });
  });

  it('"不要用 o-1": the operator is replaced, machine and hours kept', () => {
    const input = { ...base(), busy: { machines: [], operators: [] } };
    const r = repairEdit(input, [moved], [ask({ avoidOperatorIds: ['o-1'] })]);
    expect(r.items[0]).toMatchObject({ primaryAssetId: 'c-1', operatorMembershipId: 'o-2', startsAt: L('03 07:00') });
    expect(r.repaired[0]).toMatchObject({ moved: ['OPERATOR'], because: [] });
  });

  it('nothing free that day: the plain edit stays (its violations are shown), never another day', () => {
    const input = {
      ...base(),
      busy: {
        machines: ['c-1', 'c-2'].map((assetId) => ({ assetId, startsAt: L('03 00:00'), endsAt: L('04 00:00') })),
        operators: [],
      },
    };
    const r = repairEdit(input, [moved], [ask()]);
    expect(r.items).toEqual([moved]);
    expect(r.repaired).toEqual([]);
  });

  it('the rest of the draft holds its machines: a repair never double-books another item', () => {
    const input = base();
    const other: TEditedItem = { ...moved, jobId: 'j-2', primaryAssetId: 'c-2', operatorMembershipId: 'o-2' };
    const withOther = {
      ...input,
      jobs: [...input.jobs, job('j-2', { windowStart: L('02 00:00'), windowEnd: L('06 00:00') })],
    };
    const r = repairEdit(withOther, [moved, other], [ask()]);
    expect(validate(withOther, r.items).violations).toEqual([]);
    expect(r.items[0]!.primaryAssetId).toBe('c-2');
    expect(r.items[0]!.startsAt).toBe(L('03 11:00'));
  });
});

import { describe, expect, it } from 'vitest';
import type { TDraftItem } from '@amms/contracts/drafts';
import type { MachineCandidate } from '../skills/machine-match.js';
import { applyEdit } from './edit-apply.js';
import { parseEdit } from './edit-grammar.js';

const machine = (id: string, name: string, status = 'ACTIVE'): MachineCandidate => ({
  id,
  name,
  status,
  teamId: null,
  modelId: name.includes('GN70') ? 'gn70' : 's780',
  modelName: name.includes('GN70') ? 'GN70' : 'S780',
  manufacturer: name.includes('GN70') ? '雷沃' : 'John Deere',
  kind: 'SELF_PROPELLED',
  operationTypes: ['HARVESTING'],
});
const machines = [
  machine('s780', 'John Deere S780 #01'),
  machine('gn1', '雷沃 谷神 GN70 #01'),
  machine('gn2', '雷沃 谷神 GN70 #02'),
  machine('gn5', '雷沃 谷神 GN70 #05', 'IN_MAINTENANCE'),
];
const item = {
  jobId: 'j-1',
  job: { fieldName: '高家圩1号地', operationType: 'HARVESTING' },
  primaryAssetId: 's780',
  primaryAssetName: 'John Deere S780 #01',
  implementAssetIds: [],
  operatorMembershipId: 'o-1',
  operatorName: '吴斌',
  startsAt: '2026-12-13T23:00:00.000Z',
  endsAt: '2026-12-14T00:30:00.000Z',
  itemKey: 'k-1',
} as unknown as TDraftItem;
const known = { fields: [{ id: 'f-1', name: '高家圩1号地' }], assets: [], operators: [] };
const edit = (goal: string, list = machines) => {
  const cmd = parseEdit(goal, known, '2026-12-07');
  expect(cmd?.kind).toBe('MACHINE');
  return applyEdit(cmd as never, [item], { timezone: 'Asia/Shanghai', lang: 'zh', machines: list });
};

describe('a machine said by a model several working machines share', () => {
  it('"高家圩1号地用GN70收": any free working GN70 (the repair picks it), never the one in the workshop, no question', () => {
    const r = edit('高家圩1号地用GN70收');
    expect(r.kind).toBe('edit');
    if (r.kind !== 'edit') return;
    expect(r.replacing).toBe(true);
    expect(r.changed).toEqual(['j-1']);
    expect([...r.asks[0]!.avoidAssetIds].sort()).toEqual(['gn5', 's780']);
  });

  it('one working machine of that model: it is the machine', () => {
    const r = edit('高家圩1号地用GN70收', [machines[0]!, machines[1]!, machines[3]!]);
    expect(r.kind).toBe('edit');
    if (r.kind === 'edit') expect(r.items[0]!.primaryAssetId).toBe('gn1');
  });

  it('none working: the question names them', () => {
    const r = edit('高家圩1号地用GN70收', [
      machines[0]!,
      machine('gn1', '雷沃 谷神 GN70 #01', 'IN_MAINTENANCE'),
      machines[3]!,
    ]);
    expect(r).toMatchObject({ kind: 'question' });
  });
});

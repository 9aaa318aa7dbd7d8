import type { TWorkOrderPartsView } from '@amms/contracts/inventory';
import { describe, expect, it } from 'vitest';
import { summarizeWorkOrderParts } from './wo-parts-model';

const WO = '00000000-0000-4000-8000-0000000000aa';
const LOC = '00000000-0000-4000-8000-0000000000bb';
const FILTER = '00000000-0000-4000-8000-000000000001';
const OIL = '00000000-0000-4000-8000-000000000002';

const move = (type: 'ISSUE' | 'RETURN', partId: string, delta: number) => ({
  id: crypto.randomUUID(),
  type,
  partId,
  locationId: LOC,
  counterLocationId: null,
  transferId: null,
  delta,
  unitCostMinor: '100',
  valueMinor: String(delta * 100),
  workOrderId: WO,
  reason: null,
  actorUserId: null,
  occurredAt: '2026-12-06T00:00:00Z',
  createdAt: '2026-12-06T00:00:00Z',
});

describe('summarizeWorkOrderParts', () => {
  it('sums issues and returns per part beside the reservation, including parts issued without one', () => {
    const view: TWorkOrderPartsView = {
      workOrderId: WO,
      reservations: [
        {
          partId: FILTER,
          partNumber: 'RE504836',
          nameZh: '机油滤清器',
          locationId: LOC,
          reserved: 2,
          issued: 1,
          open: 1,
        },
      ],
      movements: [
        move('ISSUE', FILTER, -1),
        move('ISSUE', OIL, -0.1),
        move('ISSUE', OIL, -0.2),
        move('RETURN', OIL, 0.1),
      ],
      partsCostMinor: '200',
    };
    expect(summarizeWorkOrderParts(view)).toEqual([
      { partId: FILTER, partNumber: 'RE504836', nameZh: '机油滤清器', reserved: 2, issued: 1, returned: 0, open: 1 },
      // 0.1 + 0.2 is exactly 0.3 here (thousandths), not 0.30000000000000004
      { partId: OIL, partNumber: null, nameZh: null, reserved: 0, issued: 0.3, returned: 0.1, open: 0 },
    ]);
  });
  it('an order without parts has no rows', () => {
    expect(summarizeWorkOrderParts({ workOrderId: WO, reservations: [], movements: [], partsCostMinor: '0' })).toEqual(
      [],
    );
  });
});

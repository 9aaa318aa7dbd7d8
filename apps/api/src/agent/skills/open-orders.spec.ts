import { describe, expect, it } from 'vitest';
import { openOrderLines, openOrders, sameFault } from './open-orders.js';

const wo = (number: number, title: string, status: string, type = 'CORRECTIVE') => ({
  id: `00000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
  number,
  type,
  status,
  title,
  createdAt: '2026-12-01T00:00:00.000Z',
});

describe('open work orders named by a diagnosis', () => {
  it('the same fault by shared words or character pairs, or by the fault code', () => {
    expect(sameFault('故障维修：发动机水温过高', '发动机水温过高', null)).toBe(true);
    expect(sameFault('水温高报警', '发动机水温过高', null)).toBe(false);
    expect(sameFault('Repair: hydraulic pressure loss', 'loses hydraulic pressure', null)).toBe(true);
    expect(sameFault('故障码 E-12：喷头堵塞', '不出药', 'E12')).toBe(true);
    expect(sameFault('割台卡死', '发动机水温过高', null)).toBe(false);
  });

  it('closed and cancelled orders are not named; the same fault comes first, in the goal language', () => {
    const o = openOrders(
      {
        workOrders: [
          wo(12, '故障维修：发动机水温过高', 'IN_PROGRESS'),
          wo(9, '250小时保养', 'OPEN', 'PREVENTIVE'),
          wo(7, '发动机水温过高', 'CLOSED'),
        ],
        failedChecks: [],
        meterReadings: [],
      },
      '发动机水温过高',
      null,
    );
    expect(o.same.map((w) => w.number)).toEqual([12]);
    expect(o.other.map((w) => w.number)).toEqual([9]);
    const [first, second] = openOrderLines(o, true);
    expect(first).toContain('#12“故障维修：发动机水温过高”（维修中）');
    expect(second).toContain('#9“250小时保养”（待处理）');
    expect(openOrderLines(o, false)[0]).toContain('#12 "故障维修：发动机水温过高" (In progress)');
    expect(openOrderLines({ same: [], other: [] }, true)).toEqual([]);
  });
});

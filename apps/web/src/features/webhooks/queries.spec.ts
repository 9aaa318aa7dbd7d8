import type { TListWebhookDeliveriesResponse } from '@amms/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { deliveriesInFlight } from './queries';

type Delivery = TListWebhookDeliveriesResponse['items'][number];
const pages = (...statuses: Delivery['status'][][]) => ({
  pages: statuses.map((s) => ({ items: s.map((status) => ({ status }) as Delivery), nextCursor: null })),
  pageParams: statuses.map(() => undefined),
});

describe('the delivery log asks again while a delivery is under way', () => {
  it('a pending or retrying delivery on any loaded page keeps it polling', () => {
    expect(deliveriesInFlight(pages(['SUCCEEDED'], ['PENDING']))).toBe(true);
    expect(deliveriesInFlight(pages(['RETRYING']))).toBe(true);
  });
  it('every outcome known (or nothing loaded): no polling', () => {
    expect(deliveriesInFlight(pages(['SUCCEEDED', 'FAILED', 'SKIPPED']))).toBe(false);
    expect(deliveriesInFlight(undefined)).toBe(false);
  });
});

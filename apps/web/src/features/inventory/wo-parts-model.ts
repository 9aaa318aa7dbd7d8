import type { TWorkOrderPartsView } from '@amms/contracts/inventory';

/** One part on a work order: what was reserved, issued and returned, and what is still held. */
export type WoPartRow = {
  partId: string;
  partNumber: string | null;
  nameZh: string | null;
  reserved: number;
  issued: number;
  returned: number;
  /** reservation still held (reserved − issued while the order is open) */
  open: number;
};

/** thousandths: quantities have at most 3 decimals, so sums are exact in integers */
const milli = (n: number) => Math.round(n * 1000);

/**
 * The work order's stock parts per part, in the order they first appear: reservations (with
 * their names) first, then parts issued without a reservation. Issued and returned come from the
 * ledger's movements of the order (an issue's delta is negative at its location, a return's
 * positive); reserved and open from the reservations.
 */
export function summarizeWorkOrderParts(view: TWorkOrderPartsView): WoPartRow[] {
  const rows = new Map<
    string,
    { row: WoPartRow; m: { reserved: number; issued: number; returned: number; open: number } }
  >();
  const get = (partId: string) => {
    let r = rows.get(partId);
    if (!r) {
      r = {
        row: { partId, partNumber: null, nameZh: null, reserved: 0, issued: 0, returned: 0, open: 0 },
        m: { reserved: 0, issued: 0, returned: 0, open: 0 },
      };
      rows.set(partId, r);
    }
    return r;
  };
  for (const res of view.reservations) {
    const r = get(res.partId);
    r.row.partNumber = res.partNumber;
    r.row.nameZh = res.nameZh;
    r.m.reserved += milli(res.reserved);
    r.m.open += milli(res.open);
  }
  for (const mv of view.movements) {
    if (mv.type === 'ISSUE') get(mv.partId).m.issued += milli(-mv.delta);
    else if (mv.type === 'RETURN') get(mv.partId).m.returned += milli(mv.delta);
  }
  return [...rows.values()].map(({ row, m }) => ({
    ...row,
    reserved: m.reserved / 1000,
    issued: m.issued / 1000,
    returned: m.returned / 1000,
    open: m.open / 1000,
  }));
}

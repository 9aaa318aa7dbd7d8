import type { Prisma } from '@amms/db';

/**
 * Stock quantities are DECIMAL(12,3). The service computes in exact integer thousandths
 * (bigint "milli") and writes decimal strings, so no float ever touches a balance.
 */
export function toMilli(q: number | string | Prisma.Decimal): bigint {
  const s = typeof q === 'number' ? q.toFixed(3) : typeof q === 'string' ? q : q.toFixed(3);
  const m = /^(-)?(\d+)(?:\.(\d{1,3})\d*)?$/.exec(s.trim());
  if (!m) throw new RangeError(`not a quantity: ${s}`);
  const v = BigInt(m[2]!) * 1000n + BigInt((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -v : v;
}

/** milli → decimal string for Prisma / SQL ("-1.500") */
export function milliText(m: bigint): string {
  const neg = m < 0n;
  const a = neg ? -m : m;
  return `${neg ? '-' : ''}${a / 1000n}.${(a % 1000n).toString().padStart(3, '0')}`;
}

export function milliNumber(m: bigint): number {
  return Number(milliText(m));
}

export const isWhole = (m: bigint) => m % 1000n === 0n;

/** round-half-up(|milli| × unit / 1000), sign of milli */
export function valueOf(m: bigint, unitCostMinor: bigint): bigint {
  const a = m < 0n ? -m : m;
  const v = (a * unitCostMinor + 500n) / 1000n;
  return m < 0n ? -v : v;
}

/** New moving average after `inMilli` arrive at `unit` on top of `onHandMilli` at `avg` (rounded half up). */
export function movingAverage(onHandMilli: bigint, avg: bigint, inMilli: bigint, unit: bigint): bigint {
  const total = onHandMilli + inMilli;
  if (total <= 0n) return unit;
  const base = onHandMilli > 0n ? onHandMilli : 0n;
  return (base * avg + inMilli * unit + total / 2n) / total;
}

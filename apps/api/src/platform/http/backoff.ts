/** Retry n (n ≥ 1) waits base × 2^(n-1), ± 10 % jitter so a burst of failures does not retry in lockstep. */
export function backoffMs(base: number, retry: number): number {
  const raw = base * 2 ** (retry - 1);
  return Math.round(raw * (0.9 + Math.random() * 0.2));
}

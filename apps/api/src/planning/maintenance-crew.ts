/**
 * Who does a maintenance work order: a mechanic free for the whole window whose hours that
 * local day (their open orders, and the orders this draft gives them) stay within their day
 * (`dailyHours`). Each mechanic works one order at a time, so the workshop's capacity is its
 * mechanics: with two mechanics, a third order at the same hour moves to the next free window.
 * Preference: a mechanic of the machine's team, then the one with the fewest hours that day,
 * then by name. Pure and deterministic.
 */
import { DAY, HOUR, utcOffsetMs } from './scheduler/calendar.js';
import type { MechanicFact } from './tools/tool-facts.js';

interface Interval {
  s: number;
  e: number;
}

const localDay = (t: number, timezone: string) => {
  const off = utcOffsetMs(timezone, t);
  return Math.floor((t + off) / DAY) * DAY - off;
};

export class Crew {
  private readonly busy = new Map<string, Interval[]>();

  constructor(
    readonly mechanics: readonly MechanicFact[],
    private readonly timezone: string,
  ) {
    for (const m of mechanics)
      this.busy.set(
        m.membershipId,
        m.load.map((l) => ({ s: Date.parse(l.startsAt), e: Date.parse(l.endsAt) })),
      );
  }

  /** hours `membershipId` works on the local day of `t` */
  private hoursOn(membershipId: string, t: number): number {
    const day = localDay(t, this.timezone);
    const end = day + DAY;
    let ms = 0;
    for (const b of this.busy.get(membershipId) ?? []) ms += Math.max(0, Math.min(b.e, end) - Math.max(b.s, day));
    return ms / HOUR;
  }

  /** the mechanic for `slot` (null: nobody is free for it within their day) */
  pick(slot: Interval, machineTeamId: string | null): MechanicFact | null {
    const hours = (slot.e - slot.s) / HOUR;
    const free = this.mechanics.filter(
      (m) =>
        !(this.busy.get(m.membershipId) ?? []).some((b) => b.s < slot.e && slot.s < b.e) &&
        this.hoursOn(m.membershipId, slot.s) + hours <= m.dailyHours + 1e-9,
    );
    const sameTeam = (m: MechanicFact) => (machineTeamId && m.teamIds.includes(machineTeamId) ? 0 : 1);
    return (
      [...free].sort(
        (a, b) =>
          sameTeam(a) - sameTeam(b) ||
          this.hoursOn(a.membershipId, slot.s) - this.hoursOn(b.membershipId, slot.s) ||
          a.name.localeCompare(b.name) ||
          a.membershipId.localeCompare(b.membershipId),
      )[0] ?? null
    );
  }

  book(membershipId: string, slot: Interval): void {
    this.busy.get(membershipId)?.push(slot);
  }
}

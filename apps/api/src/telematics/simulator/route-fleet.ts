import type { FleetModel, SimFault, SimSample, SimUnit } from './aemp-server.js';

export interface Place {
  name: string;
  lat: number;
  lon: number;
}

const STEP_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
/** km/h on the road between fields, and while working a field (a slow loop around its centre) */
const ROAD_KMH = 25;
const WORK_HOURS = 3;

/** a small deterministic hash → [0, 1) (the same machine drives the same way every run) */
function unit01(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return ((h >>> 0) % 1_000_000) / 1_000_000;
}

const km = (a: Place, b: Place) => {
  const dLat = (b.lat - a.lat) * 111;
  const dLon = (b.lon - a.lon) * 111 * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dLat, dLon);
};

/**
 * Machines driving between fields, as a function of time (no state): each machine works a field
 * for WORK_HOURS (up and down strips around its centre), drives to the next field of its own round at
 * ROAD_KMH, and so on through the day, from 06:00 to 18:00 local (the demo is in China, UTC+8);
 * at night it stands where it stopped. Hours and fuel count up while it runs. One machine raises a
 * fault code in the afternoon.
 */
export class RouteFleet implements FleetModel {
  constructor(
    private readonly machines: (SimUnit & { startHours: number })[],
    private readonly fields: Place[],
    private readonly faultyIndex = 0,
  ) {}

  units(): SimUnit[] {
    return this.machines;
  }

  /** Where the machine is and what its counters say at `t`. */
  state(u: SimUnit & { startHours: number }, t: number): SimSample {
    const seed = unit01(u.equipmentId);
    const dayStart = Math.floor((t + 8 * 3_600_000) / DAY_MS) * DAY_MS - 8 * 3_600_000;
    const workStart = dayStart + 6 * 3_600_000;
    const workEnd = dayStart + 18 * 3_600_000;
    const daysSinceEpoch = Math.floor(dayStart / DAY_MS);
    const runningBefore = daysSinceEpoch * 12 * 0.8; // ~0.8 of the 12 h day with the engine on
    const active = Math.max(0, Math.min(t, workEnd) - workStart);
    const hours = u.startHours + (runningBefore % 5000) * 0.01 + (active / 3_600_000) * 0.8;
    const fields = this.fields.length ? this.fields : [{ name: 'home', lat: 45.75, lon: 126.64 }];
    const round = fields.map((_, i) => fields[(i + Math.floor(seed * fields.length)) % fields.length]!);
    // walk the round: work, then drive, until `active` is spent
    let left = active;
    let i = 0;
    let pos: Place = round[0]!;
    while (left > 0) {
      const here = round[i % round.length]!;
      const work = WORK_HOURS * 3_600_000;
      if (left <= work) {
        // up and down 12 strips across the field
        const x = (left / work) * 12;
        const strip = Math.min(11, Math.floor(x));
        const along = strip % 2 === 0 ? x - strip : 1 - (x - strip);
        pos = { name: here.name, lat: here.lat - 0.002 + (0.004 * strip) / 11, lon: here.lon - 0.003 + 0.006 * along };
        break;
      }
      left -= work;
      const next = round[(i + 1) % round.length]!;
      const drive = (km(here, next) / ROAD_KMH) * 3_600_000;
      if (left <= drive) {
        const f = drive === 0 ? 1 : left / drive;
        pos = { name: next.name, lat: here.lat + (next.lat - here.lat) * f, lon: here.lon + (next.lon - here.lon) * f };
        break;
      }
      left -= drive;
      pos = next;
      i++;
    }
    return {
      at: new Date(t),
      lat: Math.round(pos.lat * 1e6) / 1e6,
      lon: Math.round(pos.lon * 1e6) / 1e6,
      hours: Math.round(hours * 10) / 10,
      fuelL: Math.round(hours * 14 * 10) / 10,
    };
  }

  samples(u: SimUnit, from: Date, to: Date): SimSample[] {
    const m = this.machines.find((x) => x.equipmentId === u.equipmentId)!;
    const out: SimSample[] = [];
    const start = Math.max(from.getTime(), to.getTime() - 7 * DAY_MS);
    for (let t = Math.ceil(start / STEP_MS) * STEP_MS; t <= to.getTime(); t += STEP_MS) out.push(this.state(m, t));
    return out;
  }

  faults(u: SimUnit, from: Date, to: Date): SimFault[] {
    if (this.machines[this.faultyIndex]?.equipmentId !== u.equipmentId) return [];
    const out: SimFault[] = [];
    // every afternoon at 14:00 local (06:00 UTC): coolant temperature high
    for (let d = Math.floor(from.getTime() / DAY_MS); d <= Math.floor(to.getTime() / DAY_MS); d++) {
      const at = new Date(d * DAY_MS + 6 * 3_600_000);
      if (at >= from && at <= to)
        out.push({ at, code: 'SPN 110 FMI 0', description: 'Engine coolant temperature high' });
    }
    return out;
  }
}

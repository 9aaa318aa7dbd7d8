import type { OperationType } from '@amms/db';
import { DAY, type Rng, localParts } from '../../platform/random/prng.js';
import type { FieldRow, Gen } from './context.js';

/** The org's fields: 150 × scale, named by the region, each with one crop and its calendar. */
export function addFields(g: Gen) {
  const { rng, region } = g;
  const nFields = 150 * g.scale;
  const prefixes = rng.shuffle(region.fieldPrefixes);
  for (let i = 0; i < nFields; i++) {
    const name = region.fieldName(prefixes[i % prefixes.length] as string, Math.floor(i / prefixes.length) + 1);
    const crop = rng.weighted(region.crops.map((c) => [c, c.weight] as const));
    const ha = Math.exp(rng.float(Math.log(3), Math.log(80)));
    const f: FieldRow = { id: g.ids.next(), name, teamId: g.crewOf(i), crop, areaM2: Math.round(ha * 10_000) };
    g.fields.push(f);
    g.out.fields.push({
      id: f.id,
      organizationId: g.org,
      teamId: f.teamId,
      name,
      areaM2: f.areaM2,
      crop: crop.name,
      latitude: (region.lat + rng.float(-0.15, 0.15)).toFixed(6),
      longitude: (region.lng + rng.float(-0.2, 0.2)).toFixed(6),
      locationText: region.locationText,
      notes: null,
      version: 1,
      createdAt: new Date(g.onboarded + 2 * DAY),
      updatedAt: new Date(g.onboarded + 2 * DAY),
    });
  }
}

// the plan (and this week's work) picks fields whose crop is closest to its season for that
// operation (in December that is the late rice or corn, not the wheat), so the demo reads as
// plausibly as it can
const dayOfYear = (m: number, d: number) => m * 31 + d;
const seasonGap = (from: [number, number], to: [number, number], at: number) => {
  const p = localParts(at);
  const x = dayOfYear(p.month, p.day);
  const a = dayOfYear(...from);
  const b = dayOfYear(...to);
  if (x >= a && x <= b) return 0;
  return Math.min((a - x + 372) % 372, (x - b + 372) % 372);
};

/** a field for `op` around `at`, not yet in `taken` (field:op), drawn from `r` */
export function pickField(g: Gen, op: OperationType, at: number, r: Rng, taken: Set<string>) {
  const { fields } = g;
  const gap = (f: FieldRow) =>
    Math.min(...f.crop.steps.filter((x) => x.op === op).map((x) => seasonGap(x.from, x.to, at)));
  const free = fields.filter((f) => !taken.has(`${f.id}:${op}`));
  const scored = free.map((f) => ({ f, g: gap(f) })).filter((x) => Number.isFinite(x.g));
  const best = Math.min(...scored.map((x) => x.g));
  const f = scored.length ? r.pick(scored.filter((x) => x.g <= best + 20)).f : r.pick(free.length ? free : fields);
  taken.add(`${f.id}:${op}`);
  return f;
}

/**
 * The figures behind an item's hours, in the goal's language (issue 25 §4):
 * - OUTPUT: the set's output × the job's area → working hours, against the fastest other
 *   machine that does the operation ("Lexion 5.8 ha/h × 74 ha ≈ 12.8 h; GN70 #04 1.5 ha/h would
 *   need 49.3 h"), or the job's own estimate when the area or the output is not known;
 * - WORKING_HOURS: the day's working window the item keeps to (sunrise/sunset at the org's
 *   fields, the break, the day limit) and the working hours inside the booking;
 * - LICENCE: what the set requires and that the operator holds it (until when), or what they lack
 *   (an item a person edited);
 * - HOURS_LIMIT: the operator's working hours on the item's busiest day against their limit.
 */
import { resolveOptions, utcOffsetMs, WorkCalendar, DAY, HOUR } from '../../planning/scheduler/calendar.js';
import { sunTimes } from '../../planning/scheduler/daylight.js';
import type { ScheduleItem, SchedMachine } from '../../planning/scheduler/types.js';
import { lacking, requiredOf, setRate, workHours } from '../../planning/scheduler/world-rules.js';
import type { ExplainContext } from './findings.js';
import { licenceWord } from './findings-world.js';
import { partJob } from '../../planning/scheduler/parts.js';
import { localClock, localWhen, nameList, opWord, type ItemReason } from './wording.js';

type Item = Omit<ScheduleItem, 'itemKey'>;

const one = (n: number) => (Math.round(n * 10) / 10).toString();
const minuteClock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export function workReasons(c: ExplainContext, item: Item, all: readonly Item[]): ItemReason[] {
  const zh = c.lang === 'zh';
  const found = c.input.jobs.find((j) => j.id === item.jobId);
  if (!found) return [];
  // a split job's part: its own hectares
  const sj = partJob(found, item.part);
  const out: ItemReason[] = [];
  const add = (code: string, params: Record<string, string | number>, text: string) => out.push({ code, params, text });
  const byId = (id: string) => c.input.machines.find((m) => m.id === id);
  const lead = byId(item.primaryAssetId);
  const impl = item.implementAssetIds.map(byId).find((m): m is SchedMachine => !!m) ?? null;
  const op = sj.operationType;
  const opName = zh ? opWord(op, c.lang) : opWord(op, c.lang).toLowerCase();

  // output × area → hours
  if (lead) {
    const rate = setRate(lead, impl, op);
    const hours = workHours(sj, rate);
    const worker = impl ?? lead;
    if (rate && sj.areaHa) {
      // the other machines of the same kind doing this operation, fastest first
      const others = c.input.machines
        .filter(
          (m) =>
            m.kind === worker.kind &&
            m.id !== worker.id &&
            m.status === 'ACTIVE' &&
            m.operationTypes.includes(op) &&
            (m.ratesHaPerHour?.[op] ?? 0) > 0,
        )
        .sort((a, b) => b.ratesHaPerHour![op]! - a.ratesHaPerHour![op]! || a.name.localeCompare(b.name));
      const fastest = others[0];
      const slowest = others[others.length - 1];
      const cmp = (m: SchedMachine) => {
        const r = m.ratesHaPerHour![op]!;
        const h = sj.areaHa! / r;
        return zh
          ? `${m.name} ${one(r)} 公顷/小时要 ${one(h)} 小时`
          : `${m.name} at ${one(r)} ha/h would need ${one(h)} h`;
      };
      const alt = [fastest, slowest !== fastest ? slowest : undefined]
        .filter((m): m is SchedMachine => !!m && Math.abs(m.ratesHaPerHour![op]! - rate) > 0.05)
        .map(cmp);
      add(
        'OUTPUT',
        { machine: worker.name, rateHaPerHour: Math.round(rate * 100) / 100, areaHa: sj.areaHa, hours: one(hours) },
        zh
          ? `产量：${worker.name} ${opName} ${one(rate)} 公顷/小时 × ${one(sj.areaHa)} 公顷 ≈ ${one(hours)} 小时作业${alt.length ? `（对比：${alt.join('；')}）` : ''}`
          : `output: ${worker.name} ${one(rate)} ha/h × ${one(sj.areaHa)} ha ≈ ${one(hours)} h of ${opName}${alt.length ? ` (compare: ${alt.join('; ')})` : ''}`,
      );
    } else
      add(
        'OUTPUT',
        { machine: worker.name, hours: one(hours) },
        zh
          ? `工时：按作业预估 ${one(hours)} 小时（${sj.areaHa ? `${worker.name} 没有${opName}产量数据` : '作业没有面积'}）`
          : `hours: the job's estimate of ${one(hours)} h (${sj.areaHa ? `no ${opName} output known for ${worker.name}` : 'the job has no area'})`,
      );
  }

  // the working day the item keeps to
  const o = resolveOptions(c.input);
  const s = Date.parse(item.startsAt);
  const e = Date.parse(item.endsAt);
  const cal = new WorkCalendar(o, Date.parse(c.input.now), s, e);
  const day0 = cal.localDayStart(s);
  const win = cal.dayWindow(day0);
  const worked = cal.workingTimeIn(s, e) / HOUR;
  if (win) {
    const rules: string[] = [];
    if (o.daylight) {
      // the local day's noon, as the UTC day the solar formula takes (the calendar's convention)
      const offset = utcOffsetMs(o.timezone, Date.parse(c.input.now));
      const sun = sunTimes(o.daylight.latitude, o.daylight.longitude, day0 + offset + 12 * HOUR);
      if (sun.rise !== null && sun.set !== null && !sun.allDay) {
        const rise = localClock(new Date(sun.rise).toISOString(), c.timezone);
        const set = localClock(new Date(sun.set).toISOString(), c.timezone);
        rules.push(zh ? `日出 ${rise}、日落 ${set}` : `sunrise ${rise}, sunset ${set}`);
      }
    }
    if (o.workBreak)
      rules.push(
        zh
          ? `${minuteClock(o.workBreak.startMinute)}–${minuteClock(o.workBreak.endMinute)} 休息`
          : `break ${minuteClock(o.workBreak.startMinute)}–${minuteClock(o.workBreak.endMinute)}`,
      );
    if (o.maxDailyHours != null)
      rules.push(zh ? `每天最多 ${o.maxDailyHours} 小时` : `at most ${o.maxDailyHours} h a day`);
    const from = localClock(new Date(win[0]).toISOString(), c.timezone);
    const to = localClock(new Date(win[1]).toISOString(), c.timezone);
    const days = Math.round((cal.localDayStart(e - 1) - day0) / DAY) + 1;
    add(
      'WORKING_HOURS',
      { from, to, days, workingHours: one(worked) },
      zh
        ? `工作时段：${localWhen(item.startsAt, c.timezone, c.lang).split(' ')[0]} 起每天 ${from}–${to}${rules.length ? `（${rules.join('；')}）` : ''}，${days > 1 ? `跨 ${days} 天，` : ''}共 ${one(worked)} 小时作业`
        : `working hours: ${from}–${to} a day${rules.length ? ` (${rules.join('; ')})` : ''}, ${days > 1 ? `over ${days} days, ` : ''}${one(worked)} h of work in all`,
    );
  }

  // licences and the operator's day
  const operator = c.input.operators.find((p) => p.membershipId === item.operatorMembershipId);
  if (operator) {
    const set = [lead, ...item.implementAssetIds.map(byId)];
    const required = requiredOf(set);
    // an edited item may give the set to someone without its licence: say what is missing (NOT_QUALIFIED)
    const missing = required.length ? lacking(operator, required, Date.parse(item.endsAt)) : [];
    const setNames = set.filter((m): m is SchedMachine => !!m).map((m) => m.name);
    if (missing.length)
      add(
        'LICENCE',
        { operator: operator.name, licences: required.join(','), missing: missing.join(',') },
        zh
          ? `资质：${operator.name} 没有${nameList(
              missing.map((q) => licenceWord(q, 'zh')),
              'zh',
            )}（${nameList(setNames, 'zh')} 要求）`
          : `licence: ${operator.name} lacks the ${nameList(
              missing.map((q) => licenceWord(q, 'en')),
              'en',
            )} that ${nameList(setNames, 'en')} requires`,
      );
    else if (required.length) {
      const held = required.map((q) => {
        const ends = operator.qualifications?.find((x) => x.code === q)?.expiresAt;
        // expiresAt is exclusive (the next midnight after the stored last day): say the last day
        const last = ends ? new Date(Date.parse(ends) - 1).toISOString().slice(0, 10) : null;
        const w = licenceWord(q, c.lang);
        return last ? (zh ? `${w}（有效至 ${last}）` : `${w} (valid through ${last})`) : w;
      });
      add(
        'LICENCE',
        { operator: operator.name, licences: required.join(',') },
        zh
          ? `资质：${operator.name} 持有${nameList(held, 'zh')}`
          : `licence: ${operator.name} holds the ${nameList(held, 'en')}`,
      );
    }
    const limit = Math.min(operator.maxDailyHours ?? Infinity, o.maxDailyHours ?? Infinity);
    if (Number.isFinite(limit)) {
      let busiest = 0;
      for (let d = day0; d < e; d += DAY) {
        const dayEnd = d + DAY;
        const h = all
          .filter((x) => x.operatorMembershipId === operator.membershipId)
          .reduce((sum, x) => {
            const a = Math.max(d, Date.parse(x.startsAt));
            const b = Math.min(dayEnd, Date.parse(x.endsAt));
            return b > a ? sum + cal.workingTimeIn(a, b) / HOUR : sum;
          }, 0);
        busiest = Math.max(busiest, h);
      }
      const oneDay = cal.localDayStart(e - 1) === day0;
      add(
        'HOURS_LIMIT',
        { operator: operator.name, hours: one(busiest), limit },
        zh
          ? `工时上限：${operator.name} ${oneDay ? '当天共排' : '这几天每天最多排'} ${one(busiest)} 小时，上限 ${limit} 小时`
          : `hour limit: ${operator.name} works ${oneDay ? '' : 'at most '}${one(busiest)} h ${oneDay ? 'that day' : 'on any of these days'}, limit ${limit} h`,
      );
    }
  }
  return out;
}

/**
 * The chosen set's output against the best of `others` (lead machines free at the same time) for
 * the operation, when it is higher than all of theirs (a set's is its implement's, else its lead's;
 * a tractor's alternative counts with its best implement); null when not known or not higher.
 */
export function fasterThan(
  c: ExplainContext,
  item: Item,
  others: readonly { id: string }[],
  op: string,
): { rate: string; best: string } | null {
  const byId = (id: string) => c.input.machines.find((m) => m.id === id);
  const lead = byId(item.primaryAssetId);
  if (!lead) return null;
  const impl = item.implementAssetIds.map(byId).find((m): m is SchedMachine => !!m) ?? null;
  const rate = setRate(lead, impl, op);
  if (!rate) return null;
  const impls = c.input.machines.filter((m) => m.kind === 'IMPLEMENT' && m.operationTypes.includes(op));
  const rates = others.map((o) => {
    const m = byId(o.id);
    if (!m) return null;
    if (m.kind === 'POWER_UNIT') return Math.max(0, ...impls.map((i) => setRate(m, i, op) ?? 0)) || null;
    return setRate(m, null, op);
  });
  if (rates.length === 0 || rates.some((r) => r === null)) return null;
  const best = Math.max(...(rates as number[]));
  return rate > best + 0.05 ? { rate: one(rate), best: one(best) } : null;
}

'use client';

import type { TJob } from '@amms/contracts/jobs';
import { format } from '@/i18n/dictionaries';
import { defineMessages, useMessages } from '@/i18n/messages';

export const fieldCheckMessages = defineMessages(
  {
    far: '{machine} 的最新位置（{time}）距地块 {field} {km} 公里，超出 {limit} 米：请确认机具是否在正确的地块作业。',
    near: '{machine} 在地块 {field} 边界外 {m} 米（{time}）。',
    inField: '{machine} 正在地块 {field} 作业（{time} 的位置）。',
    boundaryless: '（地块没有边界，按地块中心和面积估算）',
    fuelTelematics: '（车载终端油耗计）',
    perHour: '每小时 {n} 升',
  },
  {
    far: "{machine}'s last position ({time}) is {km} km from field {field}, beyond {limit} m: check the machine is working the right field.",
    near: '{machine} is {m} m outside field {field} ({time}).',
    inField: '{machine} is working in field {field} (position at {time}).',
    boundaryless: '(the field has no boundary: estimated from its centre and area)',
    fuelTelematics: "(the machine's fuel counter)",
    perHour: '{n} L/h',
  },
);

const hhmm = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * A started job's machine against the job's field (GET /jobs/:id `fieldCheck`): far from it is an
 * alert (the wrong field, or the machine is elsewhere), near or in it a quiet line.
 */
export function JobFieldCheckNotice({ job }: { job: TJob }) {
  const m = useMessages(fieldCheckMessages);
  const c = job.fieldCheck;
  if (!c) return null;
  const machine = job.assignment?.machines.find((x) => x.assetId === c.assetId)?.name ?? '—';
  const vars = { machine, field: job.fieldName, time: hhmm(c.at) };
  const how = c.measuredFrom === 'CENTROID' ? ` ${m.boundaryless}` : '';
  if (c.state === 'FAR_FROM_FIELD')
    return (
      <div
        role="alert"
        data-field-check="FAR_FROM_FIELD"
        className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      >
        {format(m.far, { ...vars, km: Math.round(c.distanceM / 100) / 10, limit: c.thresholdM })}
        {how}
      </div>
    );
  return (
    <p role="status" data-field-check={c.state} className="text-sm text-slate-700">
      {c.state === 'NEAR_FIELD' ? format(m.near, { ...vars, m: c.distanceM }) : format(m.inField, vars)}
      {how}
    </p>
  );
}

/** The job's fuel line's suffix: where the litres came from and per hour. */
export function FuelSource({ job }: { job: TJob }) {
  const m = useMessages(fieldCheckMessages);
  return (
    <span className="text-xs text-slate-600">
      {job.fuelSource === 'TELEMATICS' ? ` ${m.fuelTelematics}` : ''}
      {job.fuelLitersPerHour !== null ? ` · ${format(m.perHour, { n: job.fuelLitersPerHour })}` : ''}
    </span>
  );
}

'use client';

import { useQuery } from '@tanstack/react-query';
import { SelectField } from '@/components/ui/form';
import { useMessages } from '@/i18n/messages';
import { machineOptionsQuery } from '../jobs/queries';
import { costsMessages } from './messages';
import { machineJobsQuery, machineWorkOrdersQuery } from './queries';

export type CostLinks = { assetId: string; workOrderId: string; jobId: string };

/**
 * What a cost belongs to ("costs tie to the fleet"): a machine, and optionally one of
 * its work orders or one of the jobs it works on (fuel for a harvest). Without it the analytics' cost by machine is all "not linked to a machine".
 */
export function CostLinkFields({
  orgId,
  value,
  onChange,
  errors,
}: {
  orgId: string;
  value: CostLinks;
  onChange: (v: CostLinks) => void;
  errors: Record<string, string | undefined>;
}) {
  const m = useMessages(costsMessages);
  const machines = useQuery(machineOptionsQuery(orgId));
  const orders = useQuery(machineWorkOrdersQuery(orgId, value.assetId));
  const jobs = useQuery(machineJobsQuery(orgId, value.assetId));
  const number = (n: number) => `WO-${String(n).padStart(6, '0')}`;
  return (
    <>
      <SelectField
        label={m.form.machine}
        value={value.assetId}
        onChange={(e) => onChange({ assetId: e.target.value, workOrderId: '', jobId: '' })}
        error={errors.assetId}
        hint={m.form.machineHint}
      >
        <option value="">{m.form.noMachine}</option>
        {(machines.data?.items ?? []).map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={m.form.workOrder}
        value={value.workOrderId}
        onChange={(e) => onChange({ ...value, workOrderId: e.target.value })}
        error={errors.workOrderId}
        disabled={value.assetId === ''}
      >
        <option value="">{m.form.noWorkOrder}</option>
        {(orders.data?.items ?? []).map((w) => (
          <option key={w.id} value={w.id}>
            {`${number(w.number)} · ${w.title}`}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={m.form.job}
        value={value.jobId}
        onChange={(e) => onChange({ ...value, jobId: e.target.value })}
        error={errors.jobId}
        disabled={value.assetId === ''}
      >
        <option value="">{m.form.noJob}</option>
        {(jobs.data?.items ?? []).map((j) => (
          <option key={j.id} value={j.id}>
            {`${j.title ?? j.fieldName} · ${j.windowStart.slice(0, 10)}`}
          </option>
        ))}
      </SelectField>
    </>
  );
}

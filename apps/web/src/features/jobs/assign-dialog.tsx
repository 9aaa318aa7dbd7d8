'use client';

import type { TJob } from '@amms/contracts/jobs';
import { roleHas } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions, SelectField, TextField } from '@/components/ui/form';
import { Loading } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { toLocalInputValue, zonedToIso } from '@/lib/zoned-time';
import { machineOptionsQuery, operatorOptionsQuery } from './queries';
import { BookingConflictList } from './booking-conflicts';
import { useJobAction } from './mutations';
import { jobsMessages } from './messages';
import { useFieldErrors } from '@/lib/form-errors';

/** Default slot: the current assignment, else the window's start + the estimated hours (within the window). */
function defaultSlot(job: TJob, timeZone: string) {
  if (job.assignment) return { startsAt: toLocalInputValue(job.assignment.startsAt, timeZone), endsAt: toLocalInputValue(job.assignment.endsAt, timeZone) };
  const start = new Date(job.windowStart).getTime();
  const end = Math.min(new Date(job.windowEnd).getTime(), start + Math.max(1, Math.ceil(job.estimatedHours)) * 3_600_000);
  return { startsAt: toLocalInputValue(new Date(start), timeZone), endsAt: toLocalInputValue(new Date(end), timeZone) };
}

export function AssignDialog({ orgId, timeZone, job, onClose }: { orgId: string; timeZone: string; job: TJob; onClose: () => void }) {
  const m = useMessages(jobsMessages);
  const { locale } = useI18n();
  const implementsId = useId();
  const current = job.assignment;
  const [primaryAssetId, setPrimary] = useState(current?.machines.find((mc) => mc.role === 'PRIMARY')?.assetId ?? '');
  const [implementIds, setImplements] = useState<string[]>(current?.machines.filter((mc) => mc.role === 'IMPLEMENT').map((mc) => mc.assetId) ?? []);
  const [operatorMembershipId, setOperator] = useState(current?.operatorMembershipId ?? '');
  const [slot, setSlot] = useState(() => defaultSlot(job, timeZone));

  const machines = useQuery(machineOptionsQuery(orgId, 30_000));
  const members = useQuery(operatorOptionsQuery(orgId));
  const assign = useJobAction(orgId, job.id, 'assign', onClose);
  const errs = useFieldErrors(assign.error);

  const available = (machines.data?.items ?? []).filter((a) => a.status === 'ACTIVE' || implementIds.includes(a.id) || a.id === primaryAssetId);
  const primaries = available.filter((a) => a.model?.kind !== 'IMPLEMENT');
  const implementOptions = available.filter((a) => a.model?.kind === 'IMPLEMENT');
  const operators = (members.data?.items ?? []).filter((mb) => roleHas(mb.role, 'job.execute'));
  const capable = (ops: readonly string[] | undefined) => !!ops?.includes(job.operationType);

  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const a of machines.data?.items ?? []) map.set(a.id, a.name);
    for (const mb of members.data?.items ?? []) map.set(mb.id, mb.name || mb.email);
    for (const mc of current?.machines ?? []) map.set(mc.assetId, mc.name);
    if (current) map.set(current.operatorMembershipId, current.operatorName);
    return map;
  }, [machines.data, members.data, current]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    assign.mutate({
      primaryAssetId: primaryAssetId || undefined,
      implementAssetIds: implementIds,
      operatorMembershipId: operatorMembershipId || undefined,
      startsAt: zonedToIso(slot.startsAt, timeZone) ?? undefined,
      endsAt: zonedToIso(slot.endsAt, timeZone) ?? undefined,
      version: job.version,
    });
  };

  const loading = machines.isPending || members.isPending;
  return (
    <Dialog title={m.assign.title} onClose={onClose} wide>
      {loading ? (
        <Loading label={m.assign.loadingOptions} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {machines.isError ? <ErrorAlert error={machines.error} /> : null}
          {members.isError ? <ErrorAlert error={members.error} /> : null}
          <p className="text-sm text-slate-700">
            {m.operation[job.operationType]} · {job.fieldName}
          </p>
          <SelectField label={m.assign.primary} value={primaryAssetId} onChange={(e) => setPrimary(e.target.value)} error={errs.primaryAssetId} required>
            <option value="">{m.assign.pickPrimary}</option>
            {primaries.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.model ? ` · ${m.kind[a.model.kind]}` : ''}
                {capable(a.model?.operationTypes) ? ` · ✓ ${m.assign.capable}` : ''}
              </option>
            ))}
          </SelectField>

          <fieldset aria-describedby={errs.implementAssetIds ? `${implementsId}-err` : undefined}>
            <legend className="text-sm font-medium text-slate-800">{m.assign.implements}</legend>
            {implementOptions.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">{m.assign.noImplements}</p>
            ) : (
              <div className="mt-1 grid max-h-48 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
                {implementOptions.map((a) => (
                  <label key={a.id} className="flex min-h-8 items-center gap-2 rounded px-1 text-sm text-slate-800 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="size-4 accent-emerald-700"
                      checked={implementIds.includes(a.id)}
                      onChange={(e) => setImplements((ids) => (e.target.checked ? [...ids, a.id] : ids.filter((x) => x !== a.id)))}
                    />
                    <span>
                      {a.name}
                      {capable(a.model?.operationTypes) ? <span className="text-xs text-emerald-800"> · ✓ {m.assign.capable}</span> : null}
                    </span>
                  </label>
                ))}
              </div>
            )}
            {errs.implementAssetIds ? (
              <p id={`${implementsId}-err`} className="mt-1 text-sm text-red-700">
                {errs.implementAssetIds}
              </p>
            ) : null}
          </fieldset>

          <SelectField label={m.assign.operator} value={operatorMembershipId} onChange={(e) => setOperator(e.target.value)} error={errs.operatorMembershipId} required>
            <option value="">{m.assign.pickOperator}</option>
            {operators.map((mb) => (
              <option key={mb.id} value={mb.id}>
                {mb.name || mb.email}
              </option>
            ))}
          </SelectField>

          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={m.assign.startsAt} type="datetime-local" required value={slot.startsAt} onChange={(e) => setSlot((s) => ({ ...s, startsAt: e.target.value }))} error={errs.startsAt} />
            <TextField label={m.assign.endsAt} type="datetime-local" required value={slot.endsAt} onChange={(e) => setSlot((s) => ({ ...s, endsAt: e.target.value }))} error={errs.endsAt} />
          </div>
          <p className="text-xs text-slate-600">
            {format(m.assign.windowHint, { from: formatDateTime(job.windowStart, locale, timeZone), to: formatDateTime(job.windowEnd, locale, timeZone) })}
          </p>

          <ErrorAlert error={assign.error} />
          <BookingConflictList orgId={orgId} timeZone={timeZone} error={assign.error} names={names} />
          <FormActions cancelLabel={m.actions.close} onCancel={onClose}>
            <Button type="submit" pending={assign.isPending}>
              {m.assign.submit}
            </Button>
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}

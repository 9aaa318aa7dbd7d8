'use client';

import type { TBusySpan, TJob } from '@amms/contracts/jobs';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions, SelectField, TextField } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { toLocalInputValue, zonedToIso } from '@/lib/zoned-time';
import { assignOptionsQuery } from './queries';
import { groupOperators, machineState, operatorState, rankMachines, type Unavailable } from './assign-options';
import { nearestFreeSlot, type Range } from './availability';
import { BookingConflictList } from './booking-conflicts';
import { useJobAction } from './mutations';
import { jobsMessages } from './messages';
import { useFieldErrors } from '@/lib/form-errors';

/** Default slot: the current assignment, else the window's start + the estimated hours (within the window). */
function defaultSlot(job: TJob, timeZone: string) {
  if (job.assignment)
    return {
      startsAt: toLocalInputValue(job.assignment.startsAt, timeZone),
      endsAt: toLocalInputValue(job.assignment.endsAt, timeZone),
    };
  const start = new Date(job.windowStart).getTime();
  const end = Math.min(
    new Date(job.windowEnd).getTime(),
    start + Math.max(1, Math.ceil(job.estimatedHours)) * 3_600_000,
  );
  return { startsAt: toLocalInputValue(new Date(start), timeZone), endsAt: toLocalInputValue(new Date(end), timeZone) };
}

/**
 * Assign machines and an operator to a job. The pickers say, for the slot being edited, who and
 * what is free and why not (in maintenance, or booked by which job or work order when); machines
 * that can do the job's operation come first, implements are those that can do it, operators are
 * grouped by team. When a choice clashes, the nearest free slot for all of them is offered.
 */
export function AssignDialog({
  orgId,
  timeZone,
  job,
  onClose,
}: {
  orgId: string;
  timeZone: string;
  job: TJob;
  onClose: () => void;
}) {
  const m = useMessages(jobsMessages);
  const { locale } = useI18n();
  const implementsId = useId();
  const current = job.assignment;
  const [primaryAssetId, setPrimary] = useState(current?.machines.find((mc) => mc.role === 'PRIMARY')?.assetId ?? '');
  const [implementIds, setImplements] = useState<string[]>(
    current?.machines.filter((mc) => mc.role === 'IMPLEMENT').map((mc) => mc.assetId) ?? [],
  );
  const [operatorMembershipId, setOperator] = useState(current?.operatorMembershipId ?? '');
  const [slot, setSlot] = useState(() => defaultSlot(job, timeZone));

  const options = useQuery(assignOptionsQuery(orgId, job.id));
  const assign = useJobAction(orgId, job.id, 'assign', onClose);
  const errs = useFieldErrors(assign.error);

  const range: Range | null = useMemo(() => {
    const s = zonedToIso(slot.startsAt, timeZone);
    const e = zonedToIso(slot.endsAt, timeZone);
    return s && e && Date.parse(s) < Date.parse(e) ? { start: Date.parse(s), end: Date.parse(e) } : null;
  }, [slot, timeZone]);
  const machines = useMemo(() => rankMachines(options.data?.machines ?? [], range), [options.data, range]);
  const primaries = machines.filter((a) => a.kind !== 'IMPLEMENT');
  // implements that can do this operation (and any already chosen)
  const implementOptions = machines.filter((a) => a.kind === 'IMPLEMENT' && (a.capable || implementIds.includes(a.id)));
  const groups = useMemo(
    () => groupOperators(options.data?.operators ?? [], range, m.assign.noTeam),
    [options.data, range, m.assign.noTeam],
  );

  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const a of options.data?.machines ?? []) map.set(a.id, a.name);
    for (const o of options.data?.operators ?? []) map.set(o.membershipId, o.name);
    return map;
  }, [options.data]);

  const dt = (iso: string) => formatDateTime(iso, locale, timeZone);
  const why = (u: Unavailable) =>
    !u
      ? m.assign.free
      : 'status' in u
        ? m.assign.status[u.status]
        : format(u.booking.kind === 'WORK_ORDER' ? m.assign.busyWorkOrder : m.assign.busyJob, {
            from: dt(u.booking.startsAt),
            to: dt(u.booking.endsAt),
          });

  // the chosen resources' bookings: when any clashes with the slot, offer the nearest free one
  const chosenBusy: TBusySpan[][] = [
    ...[primaryAssetId, ...implementIds].map((id) => options.data?.machines.find((a) => a.id === id)?.busy ?? []),
    options.data?.operators.find((o) => o.membershipId === operatorMembershipId)?.busy ?? [],
  ];
  const window = { start: Date.parse(job.windowStart), end: Date.parse(job.windowEnd) };
  const suggestion = range ? nearestFreeSlot(chosenBusy, range, window) : null;
  const clash = suggestion !== null && range !== null && suggestion.start !== range.start;

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

  return (
    <Dialog title={m.assign.title} onClose={onClose} wide>
      {options.isPending ? (
        <Loading label={m.assign.loadingOptions} />
      ) : options.isError ? (
        <QueryError error={options.error} onRetry={() => void options.refetch()} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">
            {m.operation[job.operationType]} · {job.fieldName}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={m.assign.startsAt}
              type="datetime-local"
              required
              value={slot.startsAt}
              onChange={(e) => setSlot((s) => ({ ...s, startsAt: e.target.value }))}
              error={errs.startsAt}
            />
            <TextField
              label={m.assign.endsAt}
              type="datetime-local"
              required
              value={slot.endsAt}
              onChange={(e) => setSlot((s) => ({ ...s, endsAt: e.target.value }))}
              error={errs.endsAt}
            />
          </div>
          <p className="text-xs text-slate-600">
            {format(m.assign.windowHint, { from: dt(job.windowStart), to: dt(job.windowEnd) })}
          </p>

          <SelectField
            label={m.assign.primary}
            value={primaryAssetId}
            onChange={(e) => setPrimary(e.target.value)}
            error={errs.primaryAssetId}
            required
          >
            <option value="">{m.assign.pickPrimary}</option>
            {primaries.map((a) => (
              <option key={a.id} value={a.id}>
                {`${a.name} · ${m.kind[a.kind]}${a.capable ? ` · ✓ ${m.assign.capable}` : ''} · ${why(machineState(a, range))}`}
              </option>
            ))}
          </SelectField>

          <fieldset aria-describedby={errs.implementAssetIds ? `${implementsId}-err` : undefined}>
            <legend className="text-sm font-medium text-slate-800">{m.assign.implements}</legend>
            {implementOptions.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">{m.assign.noImplements}</p>
            ) : (
              <div className="mt-1 grid max-h-48 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
                {implementOptions.map((a) => {
                  const state = machineState(a, range);
                  return (
                    <label
                      key={a.id}
                      className="flex min-h-8 items-center gap-2 rounded px-1 text-sm text-slate-800 hover:bg-slate-50"
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-emerald-700"
                        checked={implementIds.includes(a.id)}
                        onChange={(e) =>
                          setImplements((ids) => (e.target.checked ? [...ids, a.id] : ids.filter((x) => x !== a.id)))
                        }
                      />
                      <span>
                        {a.name}
                        <span className={`text-xs ${state ? 'text-amber-800' : 'text-emerald-800'}`}>
                          {' '}
                          · {why(state)}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
            {errs.implementAssetIds ? (
              <p id={`${implementsId}-err`} className="mt-1 text-sm text-red-700">
                {errs.implementAssetIds}
              </p>
            ) : null}
          </fieldset>

          <SelectField
            label={m.assign.operator}
            value={operatorMembershipId}
            onChange={(e) => setOperator(e.target.value)}
            error={errs.operatorMembershipId}
            required
          >
            <option value="">{m.assign.pickOperator}</option>
            {groups.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.operators.map((o) => (
                  <option key={o.membershipId} value={o.membershipId}>
                    {`${o.name} · ${why(operatorState(o, range))}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>

          {clash && suggestion ? (
            <div
              role="status"
              className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
            >
              <span>
                {format(m.assign.suggest, {
                  from: dt(new Date(suggestion.start).toISOString()),
                  to: dt(new Date(suggestion.end).toISOString()),
                })}
              </span>
              <Button
                type="button"
                variant="secondary"
                onClick={() =>
                  setSlot({
                    startsAt: toLocalInputValue(new Date(suggestion.start), timeZone),
                    endsAt: toLocalInputValue(new Date(suggestion.end), timeZone),
                  })
                }
              >
                {m.assign.useSuggestion}
              </Button>
            </div>
          ) : null}
          {options.data?.truncated ? <p className="text-xs text-slate-600">{m.assign.truncated}</p> : null}

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

'use client';

import type { TDraftItem, TEditedItem } from '@amms/contracts/drafts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Checkbox, FormActions, SelectField, TextAreaField, TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { fieldErrors } from '@/lib/error-messages';
import { toLocalInputValue, zonedToIso } from '@/lib/zoned-time';
import { draftMessages } from './messages';

import { mainMachineOptions, type MachineInfo, type Option } from './machine-fit';

export type { Option } from './machine-fit';

export type EditResult = { kind: 'change'; item: TEditedItem; note?: string } | { kind: 'drop'; note?: string };

/**
 * Change one item's machine, implements, operator or time, or drop it. The parent sends the
 * whole item list as version N+1 (the API re-validates it).
 */
export function EditItemDialog({
  item,
  title,
  timeZone,
  draftMachines,
  otherMachines,
  draftOperators,
  otherOperators,
  machineInfo,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  item: TDraftItem;
  title: string;
  timeZone: string;
  draftMachines: Option[];
  otherMachines: Option[];
  draftOperators: Option[];
  otherOperators: Option[];
  /** the machines' kind and operations: the main-machine picker lists only machines that fit the job */
  machineInfo?: (id: string) => MachineInfo | undefined;
  pending: boolean;
  error: unknown;
  onSubmit: (r: EditResult) => void;
  onClose: () => void;
}) {
  const m = useMessages(draftMessages);
  const [drop, setDrop] = useState(false);
  const [machine, setMachine] = useState(item.primaryAssetId);
  const [keep, setKeep] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(item.implementAssetIds.map((id) => [id, true])),
  );
  const [operator, setOperator] = useState(item.operatorMembershipId);
  const [start, setStart] = useState(() => toLocalInputValue(item.startsAt, timeZone));
  const [end, setEnd] = useState(() => toLocalInputValue(item.endsAt, timeZone));
  const [note, setNote] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const api = fieldErrors(error);
  const apiField = (name: string) => Object.entries(api).find(([p]) => p.endsWith(name))?.[1] ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = note.trim() || undefined;
    if (drop) return onSubmit({ kind: 'drop', note: trimmed });
    const startsAt = zonedToIso(start, timeZone);
    const endsAt = zonedToIso(end, timeZone);
    const errs: Record<string, string> = {};
    if (!startsAt) errs.start = m.invalidTime;
    if (!endsAt) errs.end = m.invalidTime;
    if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) errs.end = m.endBeforeStart;
    setLocal(errs);
    if (Object.keys(errs).length > 0 || !startsAt || !endsAt) return;
    onSubmit({
      kind: 'change',
      note: trimmed,
      item: {
        jobId: item.jobId,
        primaryAssetId: machine,
        implementAssetIds: item.implementAssetIds.filter((id) => keep[id]),
        operatorMembershipId: operator,
        startsAt,
        endsAt,
      },
    });
  };

  // harvest: combines; a tractor only while it keeps implements that do the work
  const fitting = (options: Option[]) =>
    mainMachineOptions(
      { ...item, implementAssetIds: item.implementAssetIds.filter((id) => keep[id]) },
      options,
      machineInfo ?? (() => undefined),
    );

  const implementName = (id: string) => item.implementNames[item.implementAssetIds.indexOf(id)] ?? id.slice(0, 8);

  return (
    <Dialog title={format(m.editTitle, { job: title })} onClose={onClose} wide>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Checkbox
          label={m.dropThis}
          checked={drop}
          onChange={setDrop}
          className="flex items-center gap-2 text-sm font-medium text-slate-900"
          inputClassName="size-4 accent-red-700"
        />

        <fieldset disabled={drop} className="grid gap-4 disabled:opacity-60 sm:grid-cols-2">
          <SelectField
            label={m.machine}
            value={machine}
            onChange={(e) => setMachine(e.target.value)}
            error={apiField('primaryAssetId')}
          >
            <OptionGroups
              groups={[
                [m.draftMachines, fitting(draftMachines), true],
                [m.otherMachines, fitting(otherMachines), false],
              ]}
            />
          </SelectField>
          <SelectField
            label={m.operator}
            value={operator}
            onChange={(e) => setOperator(e.target.value)}
            error={apiField('operatorMembershipId')}
          >
            <OptionGroups
              groups={[
                [m.draftOperators, draftOperators, true],
                [m.otherOperators, otherOperators, false],
              ]}
            />
          </SelectField>
          <div className="sm:col-span-2">
            <p className="text-sm font-medium text-slate-800">{m.implementsLabel}</p>
            {item.implementAssetIds.length === 0 ? (
              <p className="text-sm text-slate-600">{m.noImplements}</p>
            ) : (
              <ul className="mt-1 space-y-1">
                {item.implementAssetIds.map((id) => (
                  <li key={id}>
                    <label className="flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        checked={!!keep[id]}
                        onChange={(e) => setKeep((k) => ({ ...k, [id]: e.target.checked }))}
                        className="size-4 accent-emerald-700"
                      />
                      {format(m.keepImplement, { name: implementName(id) })}
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <TextField
            type="datetime-local"
            label={m.startsAt}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            error={local.start ?? apiField('startsAt')}
            hint={format(m.timeHint, { tz: timeZone })}
            required
          />
          <TextField
            type="datetime-local"
            label={m.endsAt}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={local.end ?? apiField('endsAt')}
            required
          />
        </fieldset>

        <TextAreaField
          label={m.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={2}
          maxLength={1000}
          error={apiField('note')}
        />

        <ErrorAlert error={error} />
        <FormActions cancelLabel={m.cancel} onCancel={onClose}>
          <Button type="submit" variant={drop ? 'danger' : 'primary'} pending={pending}>
            {m.saveVersion}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}

/** `<optgroup>`s of options: the draft's own first, then the others (an empty group is left out unless `always`). */
function OptionGroups({ groups }: { groups: [label: string, options: Option[], always: boolean][] }) {
  return (
    <>
      {groups.map(([label, options, always]) =>
        always || options.length > 0 ? (
          <optgroup key={label} label={label}>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </optgroup>
        ) : null,
      )}
    </>
  );
}

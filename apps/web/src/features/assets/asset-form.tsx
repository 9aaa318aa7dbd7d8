'use client';

import { ZAsset, type TAsset, type TUpdateAssetRequest } from '@amms/contracts/assets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SelectField, TextField } from '@/components/ui/form';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useIdempotencyKey } from '@/lib/idempotency';
import { orgPath } from '@/lib/nav';
import { teamsQuery } from '@/lib/queries';
import { refreshQueries } from '@/lib/refresh';
import { enumLabels } from '@/lib/labels';
import { formatFen } from '@/lib/money';
import { createBody, valuesOf, type Values } from './asset-values';
import { assetFieldErrors } from './asset-errors';
import { assetMessages } from './messages';
import { useSaveAsset } from './mutations';
import { ModelOptions } from './model-options';
import { NameSerialFields } from './name-serial-fields';
import { RecognisePhoto } from './recognise-photo';
import { assetKeys, machineModelsQuery } from './queries';
import { TeamOptions } from '@/components/teams-card';

function changes(base: TAsset, v: Values): Omit<TUpdateAssetRequest, 'version'> {
  const next = createBody(v, null);
  const out: Record<string, unknown> = {};
  if (next.modelId !== base.modelId) out.modelId = next.modelId;
  if ((next.teamId ?? null) !== base.teamId) out.teamId = next.teamId;
  if (next.name !== base.name) out.name = next.name;
  if (next.serialNumber !== base.serialNumber) out.serialNumber = next.serialNumber;
  if ((next.plateNumber ?? null) !== base.plateNumber) out.plateNumber = next.plateNumber;
  if ((next.purchaseDate ?? null) !== base.purchaseDate) out.purchaseDate = next.purchaseDate;
  if ((next.purchaseCostMinor ?? null) !== base.purchaseCostMinor) out.purchaseCostMinor = next.purchaseCostMinor;
  return out as Omit<TUpdateAssetRequest, 'version'>;
}

/** A definite answer (anything but a network failure, a 5xx or "still running") ends the action: the next submit is a new one. */
function isDefinite(err: unknown): boolean {
  return isApiError(err) && err.status >= 400 && err.status < 500 && err.code !== 'IDEMPOTENCY_KEY_IN_USE';
}

export function AssetForm({ orgId, asset }: { orgId: string; asset: TAsset | null }) {
  const m = useMessages(assetMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const router = useRouter();
  const qc = useQueryClient();
  const idem = useIdempotencyKey();

  const [values, setValues] = useState<Values>(() => valuesOf(asset));
  // the version my edits are based on; a 409 moves it to the current one (shown to the user)
  const [base, setBase] = useState<TAsset | null>(asset);
  const [conflict, setConflict] = useState<TAsset | null>(null);
  const [noChanges, setNoChanges] = useState(false);
  // the photo recognition the model was picked from (recorded on the asset with its model version)
  const [recognitionId, setRecognitionId] = useState<string | null>(null);

  const models = useQuery(machineModelsQuery(orgId));
  const teams = useQuery(teamsQuery(orgId, { limit: 200 }));

  const save = useSaveAsset(orgId, {
    onSaved: (saved) => {
      idem.reset();
      setConflict(null);
      router.push(orgPath(orgId, `assets/${saved.id}`));
    },
    onError: (err) => {
      if (isDefinite(err)) idem.reset();
      if (
        isApiError(err, 409) &&
        err.code === 'VERSION_CONFLICT' &&
        err.details &&
        typeof err.details === 'object' &&
        'current' in err.details
      ) {
        const current = ZAsset.safeParse((err.details as { current: unknown }).current);
        if (current.success) {
          // rebase: what I changed keeps my input, everything else takes the current value
          const mine = base ? valuesOf(base) : null;
          const theirs = valuesOf(current.data);
          setValues((v) => {
            if (!mine) return v;
            const next = { ...v };
            for (const k of Object.keys(v) as (keyof Values)[]) if (v[k] === mine[k]) next[k] = theirs[k];
            return next;
          });
          setConflict(current.data);
          setBase(current.data);
        }
        if (base) void refreshQueries(qc, assetKeys.detail(orgId, base.id));
      }
    },
  });

  const errors = assetFieldErrors(save.error, m.issues, (e) => errorMessage(locale, e));
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  /** a field's name, value, onChange and error */
  const bind = (key: keyof Values & string) => ({
    name: key,
    value: values[key],
    onChange: set(key),
    error: errors[key],
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setNoChanges(false);
    if (base && Object.keys(changes(base, values)).length === 0) {
      setNoChanges(true);
      return;
    }
    save.mutate(
      base
        ? { id: base.id, update: { version: base.version, ...changes(base, values) } }
        : { create: createBody(values, recognitionId), idempotencyKey: idem.key() },
    );
  };

  const cancelHref = asset ? orgPath(orgId, `assets/${asset.id}`) : orgPath(orgId, 'assets');
  const modelName = (id: string) => {
    const x = models.data?.find((mm) => mm.id === id);
    return x ? `${x.manufacturer} ${x.name}` : '—';
  };
  const teamName = (id: string | null) =>
    id ? (teams.data?.items.find((t) => t.id === id)?.name ?? '—') : m.list.noTeam;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-describedby={save.error ? 'asset-form-error' : undefined}
      className="max-w-3xl space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      {save.error ? (
        <div id="asset-form-error">
          <ErrorAlert error={save.error} />
        </div>
      ) : null}
      {conflict ? (
        <section
          aria-labelledby="asset-conflict-title"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <h2 id="asset-conflict-title" className="font-semibold">
            {m.form.conflictTitle}
          </h2>
          <p className="mt-1">{m.form.conflictBody}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt>{m.fields.name}</dt>
            <dd className="break-words font-medium">{conflict.name}</dd>
            <dt>{m.fields.serialNumber}</dt>
            <dd className="break-all font-mono">{conflict.serialNumber}</dd>
            <dt>{m.fields.model}</dt>
            <dd>{modelName(conflict.modelId)}</dd>
            <dt>{m.fields.team}</dt>
            <dd>{teamName(conflict.teamId)}</dd>
            <dt>{m.fields.plateNumber}</dt>
            <dd>{conflict.plateNumber ?? '—'}</dd>
            <dt>{m.fields.purchaseDate}</dt>
            <dd>{conflict.purchaseDate ?? '—'}</dd>
            <dt>{m.fields.purchaseCost}</dt>
            <dd>{formatFen(conflict.purchaseCostMinor, locale)}</dd>
            <dt>{m.fields.status}</dt>
            <dd>{l.assetStatus[conflict.status]}</dd>
          </dl>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => {
              setValues(valuesOf(conflict));
              setConflict(null);
              save.reset();
            }}
          >
            {m.form.useCurrent}
          </Button>
        </section>
      ) : null}
      {noChanges ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {m.form.noChanges}
        </p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <NameSerialFields values={values} set={set} errors={errors} />
        {base ? null : (
          <div className="sm:col-span-2">
            <RecognisePhoto
              orgId={orgId}
              modelId={values.modelId}
              onPick={(modelId, recId) => {
                setValues((v) => ({ ...v, modelId }));
                setRecognitionId(recId);
              }}
            />
          </div>
        )}
        <SelectField
          label={m.fields.model}
          {...bind('modelId')}
          aria-required="true"
          hint={models.isError ? m.form.modelsError : undefined}
        >
          <option value="">{models.isPending ? m.form.loadingModels : m.form.chooseModel}</option>
          <ModelOptions models={models.data ?? []} />
        </SelectField>
        <SelectField label={m.fields.team} {...bind('teamId')}>
          <option value="">{m.form.noTeam}</option>
          <TeamOptions teams={teams.data?.items} />
        </SelectField>
        <TextField label={m.fields.plateNumber} {...bind('plateNumber')} maxLength={100} autoComplete="off" />
        <TextField label={m.fields.purchaseDate} {...bind('purchaseDate')} type="date" />
        <TextField
          label={m.fields.purchaseCost}
          {...bind('purchaseCost')}
          inputMode="decimal"
          error={errors.purchaseCostMinor}
          hint={m.form.costHint}
          autoComplete="off"
        />
      </div>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={save.isPending}>
          {asset ? m.form.save : m.form.create}
        </Button>
        <Link
          href={cancelHref}
          className="inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {m.form.cancel}
        </Link>
      </div>
    </form>
  );
}

'use client';

import type { TAsset } from '@amms/contracts/assets';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SelectField, TextField } from '@/components/ui/form';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useIdempotencyKey } from '@/lib/idempotency';
import { createBody, valuesOf, type Values } from '../assets/asset-values';
import { assetFieldErrors } from '../assets/asset-errors';
import { assetMessages } from '../assets/messages';
import { ModelOptions, modelMatches } from '../assets/model-options';
import { useSaveAsset } from '../assets/mutations';
import { NameSerialFields } from '../assets/name-serial-fields';
import { machineModelsQuery } from '../assets/queries';
import { RecognisePhoto } from '../assets/recognise-photo';
import { addMachineMessages } from './add-machine-messages';
import { fill } from './messages';
import { useOnline } from './offline/use-offline-queue';
import { Notice, StickyActions } from './ui';

/**
 * /field/machines/new: a phone-sized "add a machine from a photo" (owners and admins: asset.write).
 * The photo goes to the recognition (RecognisePhoto, shared with the dashboard's form); a picked
 * candidate sets the model and quotes the recognition on create, so the asset records it with the
 * model version. Online only: offline it says so instead of queueing (docs/offline.md).
 */
export function AddMachine({ orgId }: { orgId: string }) {
  const m = useMessages(addMachineMessages);
  const am = useMessages(assetMessages);
  const { locale } = useI18n();
  const online = useOnline();
  const idem = useIdempotencyKey();
  const models = useQuery(machineModelsQuery(orgId));
  const [values, setValues] = useState<Values>(() => valuesOf(null));
  const [recognitionId, setRecognitionId] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [created, setCreated] = useState<TAsset | null>(null);

  const save = useSaveAsset(orgId, {
    onSaved: (asset) => {
      idem.reset();
      setCreated(asset);
    },
    onError: (err) => {
      // a definite answer ends this attempt; a network failure retries with the same key
      if (isApiError(err) && err.status >= 400 && err.status < 500 && err.code !== 'IDEMPOTENCY_KEY_IN_USE')
        idem.reset();
    },
  });
  const errors = assetFieldErrors(save.error, am.issues, (e) => errorMessage(locale, e));
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const modelName = (id: string) => {
    const x = models.data?.find((mm) => mm.id === id);
    return x ? `${x.manufacturer} ${x.name}` : '—';
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ create: createBody(values, recognitionId), idempotencyKey: idem.key() });
  };

  if (created)
    return (
      <div className="mt-4 space-y-4">
        <Notice>{fill(m.created, { name: created.name, model: modelName(created.modelId) })}</Notice>
        <Button
          size="lg"
          variant="secondary"
          className="w-full"
          onClick={() => {
            setCreated(null);
            setValues(valuesOf(null));
            setRecognitionId(null);
            setQuery('');
            save.reset();
          }}
        >
          {m.another}
        </Button>
      </div>
    );

  // the model list filtered by what was typed, the chosen model always kept (a select loses an absent value)
  const shown = (models.data ?? []).filter((x) => x.id === values.modelId || modelMatches(x, query));
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
      <p className="text-slate-700">{m.intro}</p>
      {!online ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {m.offline}
        </p>
      ) : null}
      {save.error ? <ErrorAlert error={save.error} /> : null}
      <RecognisePhoto
        orgId={orgId}
        modelId={values.modelId}
        size="lg"
        onPick={(modelId, recId) => {
          setValues((v) => ({ ...v, modelId }));
          setRecognitionId(recId);
        }}
      />
      <TextField
        label={m.search}
        name="modelSearch"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        hint={shown.length === 0 && query ? m.noMatch : m.searchHint}
        autoComplete="off"
      />
      <SelectField
        label={am.fields.model}
        name="modelId"
        value={values.modelId}
        onChange={(e) => {
          // chosen by hand: no longer the recognised pick
          setRecognitionId(null);
          set('modelId')(e);
        }}
        error={errors.modelId}
        aria-required="true"
        hint={models.isError ? am.form.modelsError : undefined}
      >
        <option value="">{models.isPending ? am.form.loadingModels : am.form.chooseModel}</option>
        <ModelOptions models={shown} />
      </SelectField>
      <NameSerialFields values={values} set={set} errors={errors} />
      <StickyActions>
        <Button type="submit" size="lg" className="w-full" pending={save.isPending} disabled={!online}>
          {m.create}
        </Button>
      </StickyActions>
    </form>
  );
}

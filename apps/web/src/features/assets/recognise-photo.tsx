'use client';

import type { TRecognitionResponse } from '@amms/contracts/attachments';
import { useState, type ChangeEvent } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { useRecogniseMachine, useRecognitionSetup } from './mutations';
import { recogniseMessages } from './recognise-messages';

type Props = {
  orgId: string;
  /** the model currently chosen in the form */
  modelId: string;
  /** a candidate was picked: the form takes its model and quotes the recognition */
  onPick: (modelId: string, recognitionId: string) => void;
  /** field app: big touch targets */
  size?: 'md' | 'lg';
};

/**
 * "Add a machine from a photo": the photo is recognised, the top candidates are shown with their
 * confidence and the person picks one — or the catalog by hand, said plainly when the service is
 * unsure, down or not set up.
 */
export function RecognisePhoto({ orgId, modelId, onPick, size = 'md' }: Props) {
  const m = useMessages(recogniseMessages);
  const recognise = useRecogniseMachine(orgId);
  const setup = useRecognitionSetup(orgId);
  const [result, setResult] = useState<TRecognitionResponse | null>(null);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setResult(null);
    recognise.mutate({ file, key: crypto.randomUUID() }, { onSuccess: setResult });
  };
  const pad = size === 'lg' ? 'min-h-12 px-5 py-3 text-base' : 'min-h-10 px-4 py-2 text-sm';

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid="recognise-photo">
      <legend className="px-1 text-sm font-semibold text-slate-900">{m.title}</legend>
      {setup.data?.configured === false ? (
        <div className="space-y-1 text-sm text-slate-700" data-testid="recognition-not-set-up">
          <p className="font-medium text-slate-900">{m.notSetUp}</p>
          <p>{m.notSetUpWhat}</p>
          <p>{m.notSetUpNext}</p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{m.hint}</p>
      )}
      {setup.data?.configured === false ? null : (
        <label
          className={`inline-flex cursor-pointer items-center justify-center gap-2 ${size === 'lg' ? 'w-full' : ''} rounded-md border border-slate-300 bg-white font-semibold text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-emerald-700 ${pad}`}
        >
          {recognise.isPending ? m.working : m.takePhoto}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            onChange={onFile}
            disabled={recognise.isPending}
          />
        </label>
      )}
      {recognise.error ? <ErrorAlert error={recognise.error} /> : null}
      {result ? (
        <div aria-live="polite" className="space-y-2">
          <p className="text-sm text-slate-800">{m.status[result.status]}</p>
          {result.candidates.length > 0 ? (
            <ul aria-label={m.candidates} className="space-y-1">
              {result.candidates.map((c) => {
                const pct = `${Math.round(c.confidence * 100)} %`;
                const id = c.machineModelId;
                return (
                  <li key={`${id ?? c.label}`}>
                    {id && result.recognitionId ? (
                      <button
                        type="button"
                        aria-pressed={modelId === id}
                        onClick={() => onPick(id, result.recognitionId!)}
                        className={`w-full rounded-md border px-3 py-2 text-left hover:bg-emerald-50 ${size === 'lg' ? 'min-h-12 text-base' : 'text-sm'} ${modelId === id ? 'border-emerald-700 bg-emerald-50 font-semibold' : 'border-slate-300'}`}
                      >
                        {format(m.pick, { name: c.label, pct })}
                        {modelId === id ? ` · ${m.chosen}` : ''}
                      </button>
                    ) : (
                      <span className="block px-3 py-1 text-sm text-slate-500">
                        {format(m.notInCatalog, { name: c.label })} · {pct}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {result.modelVersion ? (
            <p className="text-xs text-slate-500">{format(m.modelVersion, { version: result.modelVersion })}</p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

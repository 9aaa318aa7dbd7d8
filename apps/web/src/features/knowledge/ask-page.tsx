'use client';

import { useIsFetching, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { SelectField } from '@/components/ui/form';
import { assetDetailQuery } from '@/features/assets/queries';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { knowledgeKeys, type AskInput } from './api';
import { AnswerResult, QuestionForm, type CitationHref } from './answer-view';
import { citationTarget, knowledgePaths } from './links';
import { knowledgeMessages } from './messages';
import { useModelNames } from './ui';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrUndefined = (v: string | null) => (v && UUID.test(v) ? v : undefined);

/** The question in the URL (`?q=&asset=&model=`): a reload, the back button from a cited page and a shared link show the same answer. */
export function useAskFromUrl(): AskInput | null {
  const params = useSearchParams();
  const question = params.get('q')?.trim().slice(0, 1000) ?? '';
  const assetId = uuidOrUndefined(params.get('asset'));
  const machineModelId = assetId ? undefined : uuidOrUndefined(params.get('model'));
  if (!question) return null;
  return { question, ...(assetId ? { assetId } : {}), ...(machineModelId ? { machineModelId } : {}) };
}

/** A new question is a new history entry (back returns to the previous answer); Next keeps useSearchParams in step. */
export function pushUrl(url: string): void {
  window.history.pushState(null, '', url);
}

/** The dashboard's "ask the manuals": question, optional machine model (or the machine from the asset page), cited answer. */
export function KnowledgeAsk({ orgId }: { orgId: string }) {
  const m = useMessages(knowledgeMessages);
  const params = useSearchParams();
  const ask = useAskFromUrl();
  const assetId = uuidOrUndefined(params.get('asset'));
  const urlModel = uuidOrUndefined(params.get('model')) ?? '';
  const [model, setModel] = useState(urlModel);
  useEffect(() => setModel(urlModel), [urlModel]);
  const { models, query: modelsQuery } = useModelNames(orgId);
  const asset = useQuery({ ...assetDetailQuery(orgId, assetId ?? ''), enabled: !!assetId });
  const asking = useIsFetching({ queryKey: knowledgeKeys.answers(orgId) }) > 0;

  const here = knowledgePaths.ask(orgId, {
    q: ask?.question,
    asset: assetId,
    model: assetId ? undefined : urlModel || undefined,
  });
  const citationHref: CitationHref = (c) => knowledgePaths.page(orgId, citationTarget(c, here));

  return (
    <div className="max-w-3xl space-y-5">
      <p className="text-sm text-slate-700">{m.ask.intro}</p>
      <section aria-label={m.tabs.ask} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        {assetId ? (
          <p className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
            <span>{format(m.ask.onlyMachine, { name: asset.data?.name ?? m.ask.thisMachine })}</span>
            <Link
              href={knowledgePaths.ask(orgId, { q: ask?.question })}
              className="font-semibold text-emerald-800 underline underline-offset-2"
            >
              {m.ask.clearMachine}
            </Link>
          </p>
        ) : null}
        <QuestionForm
          defaultQuestion={ask?.question ?? ''}
          pending={asking}
          onAsk={(question) =>
            pushUrl(
              knowledgePaths.ask(orgId, {
                q: question,
                asset: assetId,
                model: assetId ? undefined : model || undefined,
              }),
            )
          }
        >
          {!assetId && !modelsQuery.isError ? (
            <SelectField
              label={m.ask.model}
              value={model}
              onChange={(e) => setModel(e.target.value)}
              className="max-w-sm"
            >
              <option value="">{m.ask.anyModel}</option>
              {models.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.manufacturer} {x.name}
                </option>
              ))}
            </SelectField>
          ) : null}
        </QuestionForm>
      </section>
      <AnswerResult orgId={orgId} ask={ask} citationHref={citationHref} />
    </div>
  );
}

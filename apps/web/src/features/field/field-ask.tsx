'use client';

import { useIsFetching, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { assetQuery } from './api';
import { fieldHref, fieldPaths } from './links';
import type { FieldOrgProps } from './types';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { knowledgeKeys } from '@/features/knowledge/api';
import { AnswerResult, QuestionForm, type CitationHref } from '@/features/knowledge/answer-view';
import { pushUrl, useAskFromUrl } from '@/features/knowledge/ask-page';
import { citationTarget, fieldKnowledgePaths } from '@/features/knowledge/links';
import { knowledgeMessages } from '@/features/knowledge/messages';
import { LineIcon } from '@/components/ui/line-icon';

const backClass =
  'inline-flex min-h-12 items-center gap-1 rounded-md pr-2 text-sm font-semibold text-emerald-800 hover:text-emerald-900';

/**
 * "问手册 / Ask the manual" on the job and work-order screens of the field app: opens the ask
 * page for that machine (answers come from the manuals of its model).
 */
export function AskManualLink({
  orgId,
  assetId,
  back,
  permissions,
}: {
  orgId: string;
  assetId: string;
  back: string;
  permissions: readonly string[];
}) {
  const m = useMessages(knowledgeMessages);
  if (!permissions.includes('knowledge.read')) return null;
  return (
    <Link
      href={fieldKnowledgePaths.ask(orgId, { asset: assetId, back })}
      className="mt-3 inline-flex min-h-12 items-center gap-2 rounded-md border border-emerald-700 px-4 text-base font-semibold text-emerald-800 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      <LineIcon d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5z M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.4V13M12 16h.01" />
      {m.asset.ask}
    </Link>
  );
}

/** The field app's ask page (`/field/ask?org=&asset=&q=&back=`): one column, thumb-sized. */
export function FieldAsk({ orgId, permissions, assetId, back }: FieldOrgProps & { assetId?: string; back?: string }) {
  const m = useMessages(knowledgeMessages);
  const ask = useAskFromUrl();
  const asset = useQuery({
    ...assetQuery(orgId, assetId ?? ''),
    enabled: !!assetId && permissions.includes('asset.read'),
  });
  const asking = useIsFetching({ queryKey: knowledgeKeys.answers(orgId) }) > 0;
  const here = fieldKnowledgePaths.ask(orgId, { q: ask?.question, asset: assetId, back });
  const citationHref: CitationHref = (c) => fieldKnowledgePaths.page(orgId, citationTarget(c, here));

  return (
    <>
      <Link href={back ?? fieldHref(fieldPaths.home, orgId)} className={backClass}>
        <LineIcon d="M15 6l-6 6 6 6" />
        {back ? m.field.back : m.field.backHome}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{m.field.title}</h1>
      <p className="mt-1 break-words text-sm text-slate-700">
        {assetId ? format(m.ask.onlyMachine, { name: asset.data?.name ?? m.ask.thisMachine }) : m.field.noMachine}
      </p>
      {permissions.includes('knowledge.read') ? (
        <div className="mt-4 space-y-4">
          <section aria-label={m.field.title} className="rounded-xl border border-slate-200 bg-white p-4">
            <QuestionForm
              size="lg"
              defaultQuestion={ask?.question ?? ''}
              pending={asking}
              onAsk={(question) => pushUrl(fieldKnowledgePaths.ask(orgId, { q: question, asset: assetId, back }))}
            />
          </section>
          <AnswerResult orgId={orgId} ask={ask} citationHref={citationHref} />
        </div>
      ) : null}
    </>
  );
}

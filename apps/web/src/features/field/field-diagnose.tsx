'use client';

import { ZAgentRun, type TAgentRun } from '@amms/contracts/drafts';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextAreaField } from '@/components/ui/form';
import { useMessages } from '@/i18n/messages';
import { apiFetch } from '@/lib/api-client';
import { orgPath } from '@/lib/nav';
import { AnswerCard, CitationLink, type CitationTarget } from '../agent/answer-card';
import { skillMessages } from '../agent/skill-messages';
import { fieldKnowledgePaths } from '../knowledge/links';
import { fieldApiPath, useFieldMutation } from './api';
import { fieldHref, fieldPaths } from './links';
import type { FieldOrgProps } from './types';
import { Notice } from './ui';
import { LineIcon } from '@/components/ui/line-icon';

const backClass =
  'inline-flex min-h-12 items-center gap-1 rounded-md pr-2 text-sm font-semibold text-emerald-800 hover:text-emerald-900';

/**
 * The field app's diagnosis (`/field/diagnose`): a mechanic says which machine and what is wrong;
 * the agent drafts a CORRECTIVE work order from the manual and the machine's records. Nothing is
 * written: the mechanic gets the link a dispatcher opens to review and confirm it. A question
 * ("which machine?") is answered in the same conversation.
 */
export function FieldDiagnose({ orgId, permissions }: FieldOrgProps) {
  const m = useMessages(skillMessages);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<TAgentRun | null>(null);
  const conversationId = run?.status === 'NEEDS_INPUT' ? run.conversationId : null;
  const here = fieldHref(fieldPaths.diagnose, orgId);
  const citation: CitationTarget = (c) =>
    fieldKnowledgePaths.page(orgId, {
      documentId: c.documentId,
      versionId: c.versionId,
      page: c.page,
      highlight: [c.snippet],
      back: here,
    });

  const diagnose = useFieldMutation({
    mutationFn: (body: { goal: string; conversationId?: string }, idempotencyKey: string) =>
      apiFetch(`${fieldApiPath(orgId)}/agent/runs`, ZAgentRun, { method: 'POST', body, idempotencyKey }),
    invalidate: [],
    onSuccess: (r) => {
      setRun(r);
      setText('');
    },
  });

  if (!permissions.includes('agent.run')) return <p className="text-slate-700">{m.field.noRight}</p>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const goal = text.trim();
    if (!goal) {
      setError(m.field.required);
      document.getElementById('diagnose-text')?.focus();
      return;
    }
    setError(null);
    diagnose.mutate({ goal, ...(conversationId ? { conversationId } : {}) });
  };

  const item = run?.draft?.correctiveItems[0];
  const reviewPath = run?.draftId ? orgPath(orgId, `drafts/${run.draftId}`) : null;
  const reviewUrl = reviewPath && typeof window !== 'undefined' ? `${window.location.origin}${reviewPath}` : reviewPath;

  return (
    <>
      <Link href={fieldHref(fieldPaths.home, orgId)} className={backClass}>
        <LineIcon d="M15 6l-6 6 6 6" />
        {m.field.back}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{m.field.title}</h1>
      <p className="mt-1 text-sm text-slate-700">{m.field.intro}</p>

      {run?.status === 'NEEDS_INPUT' && run.question ? (
        <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-base">
          <h2 className="font-semibold text-amber-950">{m.field.question}</h2>
          <p className="mt-1 whitespace-pre-line text-amber-950">{run.question}</p>
        </div>
      ) : null}

      {!item ? (
        <form onSubmit={submit} noValidate aria-busy={diagnose.isPending} className="mt-4 space-y-3">
          <TextAreaField
            id="diagnose-text"
            label={m.field.label}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={4}
            maxLength={2000}
            error={error}
            required
            className="text-base"
          />
          <ErrorAlert error={diagnose.error} />
          <Button type="submit" pending={diagnose.isPending} className="min-h-12 w-full text-base">
            {m.field.submit}
          </Button>
          {diagnose.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              {m.field.running}
            </p>
          ) : null}
        </form>
      ) : null}

      {item && run ? (
        <div className="mt-4 space-y-4" data-testid="field-diagnosis">
          <Notice>{m.field.drafted}</Notice>
          <section
            aria-labelledby="diagnosis-title"
            className="space-y-2 rounded-xl border border-slate-200 bg-white p-4"
          >
            <h2 id="diagnosis-title" className="text-lg font-semibold text-slate-900">
              {item.title}
            </h2>
            <p className="text-sm text-slate-700">{item.assetName}</p>
            <h3 className="pt-1 text-sm font-semibold text-slate-900">{m.causes}</h3>
            <ol className="list-decimal space-y-1 pl-5 text-base text-slate-800">
              {item.causes.map((c) => (
                <li key={c.rank}>
                  {c.cause}
                  {c.citation ? (
                    <span className="ml-1 text-sm">
                      （<CitationLink citation={c.citation} href={citation} />）
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
            <h3 className="pt-1 text-sm font-semibold text-slate-900">{m.steps}</h3>
            <ol className="list-decimal space-y-1 pl-5 text-base text-slate-800">
              {item.checklist.map((s, k) => (
                <li key={k}>{s.label}</li>
              ))}
            </ol>
            {!item.manualEvidence ? (
              <p className="rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-950">{m.noManual}</p>
            ) : null}
          </section>
          {reviewPath ? (
            <section aria-labelledby="review-link" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
              <h2 id="review-link" className="text-base font-semibold text-emerald-950">
                {m.field.shareLink}
              </h2>
              <p className="mt-1 text-sm text-emerald-950">{m.field.shareHint}</p>
              <a
                href={reviewPath}
                className="mt-2 block break-all text-base font-semibold text-emerald-800 underline underline-offset-2"
                data-testid="review-link"
              >
                {reviewUrl}
              </a>
            </section>
          ) : null}
          <Button
            variant="secondary"
            className="min-h-12 w-full text-base"
            onClick={() => {
              setRun(null);
              diagnose.reset();
            }}
          >
            {m.field.again}
          </Button>
        </div>
      ) : null}

      {run?.answer && !item ? (
        <div className="mt-4">
          <AnswerCard answer={run.answer} citationHref={citation} />
        </div>
      ) : null}
    </>
  );
}

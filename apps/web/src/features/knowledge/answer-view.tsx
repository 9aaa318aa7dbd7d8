'use client';

import type { TCitation, TKnowledgeAnswer } from '@amms/contracts/knowledge';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Button, Spinner } from '@/components/ui/button';
import { QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { answerQuery, type AskInput } from './api';
import { parseAnswer } from './answer-text';
import { knowledgeMessages } from './messages';

const link =
  'font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

/** Where citation `c` (number `n`, 1-based) opens: the page viewer of the dashboard or the field app. */
export type CitationHref = (c: TCitation, n: number) => string;

/**
 * The question box. `size="lg"` is the field app's (48 px targets, big text); `children` are
 * extra narrowing fields (the dashboard's model filter) between the question and the button.
 */
export function QuestionForm({
  defaultQuestion,
  onAsk,
  pending,
  size = 'md',
  children,
}: {
  defaultQuestion: string;
  onAsk: (question: string) => void;
  pending: boolean;
  size?: 'md' | 'lg';
  children?: ReactNode;
}) {
  const m = useMessages(knowledgeMessages);
  const id = useId();
  const [question, setQuestion] = useState(defaultQuestion);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  // the URL's question changed under us (back button): show it
  useEffect(() => setQuestion(defaultQuestion), [defaultQuestion]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = question.trim();
    if (!q) {
      setError(m.ask.questionRequired);
      ref.current?.focus();
      return;
    }
    setError(null);
    onAsk(q);
  };

  return (
    <form onSubmit={submit} noValidate role="search" aria-label={m.asset.ask} className="space-y-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {m.ask.question}
        </label>
        <textarea
          ref={ref}
          id={id}
          name="question"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            // Enter asks (as in a search box); Shift+Enter starts a new line
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          rows={size === 'lg' ? 3 : 2}
          maxLength={1000}
          placeholder={m.ask.questionHint}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`w-full rounded-md border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700 ${
            size === 'lg' ? 'text-base' : 'text-sm'
          } ${error ? 'border-red-600' : 'border-slate-300'}`}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      {children}
      <Button type="submit" size={size} pending={pending} className={size === 'lg' ? 'w-full' : ''}>
        {m.ask.submit}
      </Button>
    </form>
  );
}

/**
 * The answer to `ask` (none asked yet: nothing). Loading, failure with retry, or the answer.
 * When an answer arrives after the person asked, focus moves to its heading, so a keyboard or
 * screen-reader user lands on it.
 */
export function AnswerResult({
  orgId,
  ask,
  citationHref,
  headingLevel = 2,
}: {
  orgId: string;
  ask: AskInput | null;
  citationHref: CitationHref;
  headingLevel?: 2 | 3;
}) {
  const m = useMessages(knowledgeMessages);
  // the manual picked after an ask-back (which machine?), for this question only
  const [picked, setPicked] = useState<{ ask: AskInput; documentId: string } | null>(null);
  const documentId = picked && picked.ask === ask ? picked.documentId : undefined;
  const q = useQuery(answerQuery(orgId, ask ? { ...ask, ...(documentId ? { documentId } : {}) } : { question: '' }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const waited = useRef(false);
  useEffect(() => {
    if (q.isFetching) waited.current = true;
    else if (waited.current && q.data) {
      waited.current = false;
      headingRef.current?.focus();
    }
  }, [q.isFetching, q.data]);

  if (!ask) return null;
  return (
    <div aria-busy={q.isFetching} className="space-y-3">
      <p role="status" className={q.isFetching ? 'flex items-center gap-2 text-sm text-slate-700' : 'sr-only'}>
        {q.isFetching ? (
          <>
            <Spinner />
            {m.ask.asking}
          </>
        ) : null}
      </p>
      {q.isError ? <QueryError error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data && !q.isFetching ? (
        <AnswerView
          answer={q.data}
          citationHref={citationHref}
          headingRef={headingRef}
          headingLevel={headingLevel}
          onPickManual={(id) => ask && setPicked({ ask, documentId: id })}
        />
      ) : null}
    </div>
  );
}

/** A cited answer: the text with its [n] marks as links, then the numbered sources. found=false says so, and nothing else. */
export function AnswerView({
  answer,
  citationHref,
  headingRef,
  headingLevel = 2,
  onPickManual,
}: {
  answer: TKnowledgeAnswer;
  citationHref: CitationHref;
  headingRef?: Ref<HTMLHeadingElement>;
  headingLevel?: 2 | 3;
  /** the person picks one of the manuals an ask-back offers */
  onPickManual?: (documentId: string) => void;
}) {
  const m = useMessages(knowledgeMessages);
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const id = useId();

  if (answer.askBack) {
    return (
      <section aria-labelledby={`${id}-title`} className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950">
        <H
          id={`${id}-title`}
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {m.ask.askBackTitle}
        </H>
        <p className="mt-1 text-sm">{m.ask.askBackBody}</p>
        <ul className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {answer.askBack.manuals.map((d) => (
            <li key={d.documentId}>
              <Button type="button" variant="secondary" onClick={() => onPickManual?.(d.documentId)}>
                {format(m.ask.askBackPick, { title: d.title })}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  if (!answer.found) {
    return (
      <section
        aria-labelledby={`${id}-title`}
        className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      >
        <H
          id={`${id}-title`}
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {m.ask.notFoundTitle}
        </H>
        <p className="mt-1 text-sm">{m.ask.notFoundBody}</p>
      </section>
    );
  }

  const parts = parseAnswer(answer.answer, answer.citations.length);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <H
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
      >
        {m.ask.answerTitle}
      </H>
      <p className="mt-2 whitespace-pre-line break-words leading-7 text-slate-900">
        {parts.map((p, i) => {
          if (p.kind === 'text') return <span key={i}>{p.text}</span>;
          const c = answer.citations[p.index]!;
          return (
            <sup key={i} className="mx-0.5">
              <Link
                href={citationHref(c, p.n)}
                aria-label={format(m.ask.citeLabel, { n: p.n, title: c.title, label: c.pageLabel })}
                className={`${link} rounded px-0.5 text-xs`}
              >
                [{p.n}]
              </Link>
            </sup>
          );
        })}
      </p>
      <p className="mt-2 text-xs text-slate-600">{m.ask.answeredBy[answer.answerer]}</p>

      <Sub className="mt-4 text-sm font-semibold text-slate-900">{m.ask.citationsTitle}</Sub>
      <ol className="mt-2 space-y-3">
        {answer.citations.map((c, i) => (
          <li key={`${c.versionId}-${c.page}-${i}`} className="rounded-md border border-slate-200 p-3 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-mono text-xs text-slate-600">[{i + 1}]</span>
              <span className="min-w-0 break-words font-semibold text-slate-900">{c.title}</span>
              <span className="text-slate-700">{format(m.ask.pageLine, { label: c.pageLabel, page: c.page })}</span>
            </p>
            <blockquote className="mt-2 break-words border-l-4 border-emerald-600 bg-slate-50 px-3 py-2 text-slate-800">
              {c.snippet}
            </blockquote>
            <Link href={citationHref(c, i + 1)} className={`${link} mt-2 inline-flex min-h-10 items-center`}>
              {format(m.ask.openPage, { label: c.pageLabel })}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

'use client';

import type { TAgentAnswer, TAgentCitation, TAgentFigure } from '@amms/contracts/agent';
import { figureWords, isRowFigure } from '@amms/contracts/agent-figures';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatNumber } from '@/lib/format';
import { knowledgePaths } from '../knowledge/links';
import { skillMessages } from './skill-messages';

const link =
  'font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

/** Where a cited manual page opens (the dashboard's page viewer by default, the field app's in the field). */
export type CitationTarget = (c: TAgentCitation) => string;
export const dashboardCitation =
  (orgId: string, back?: string): CitationTarget =>
  (c) =>
    knowledgePaths.page(orgId, {
      documentId: c.documentId,
      versionId: c.versionId,
      page: c.page,
      highlight: [c.snippet],
      ...(back ? { back } : {}),
    });

/** A manual page cited: "title, page N", opening the page viewer with the snippet highlighted. */
export function CitationLink({ citation, href }: { citation: TAgentCitation; href: CitationTarget }) {
  const m = useMessages(skillMessages);
  return (
    <Link href={href(citation)} className={link} title={citation.snippet}>
      {format(m.citation, { title: citation.title, page: citation.pageLabel })}
    </Link>
  );
}

export function CitationList({ citations, href }: { citations: readonly TAgentCitation[]; href: CitationTarget }) {
  const m = useMessages(skillMessages);
  if (citations.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">{m.citationsTitle}</h4>
      <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm">
        {citations.map((c) => (
          <li key={`${c.versionId}-${c.page}`}>
            <CitationLink citation={c} href={href} />
            <span className="block text-xs text-slate-600">“{c.snippet}”</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A figure as a person reads it: yuan for fen, percent for ratios; the exact value stays in the API answer. */
export function figureValue(f: TAgentFigure, locale: 'zh-CN' | 'en', unknown: string): string {
  if (f.value === null) return unknown;
  const n = Number(f.value);
  const zh = locale === 'zh-CN';
  switch (f.unit) {
    case 'CNY_FEN':
      return `¥${formatNumber(n / 100, locale, 2)}`;
    case 'CNY_FEN_PER_HA':
      return `¥${formatNumber(n / 100, locale, 2)}/${zh ? '公顷' : 'ha'}`;
    case 'CNY_FEN_PER_H':
      return `¥${formatNumber(n / 100, locale, 2)}/${zh ? '小时' : 'h'}`;
    case 'RATIO':
      return `${formatNumber(n * 100, locale, 1)}%`;
    case 'HOURS':
      return `${formatNumber(n, locale, 2)} ${zh ? '小时' : 'h'}`;
    case 'HA':
      return `${formatNumber(n, locale, 2)} ${zh ? '公顷' : 'ha'}`;
    default:
      return formatNumber(n, locale, 0);
  }
}

/**
 * Whose figure it is, in the reader's language: a machine's or a person's name as written, else
 * the data scope's words (an answer given in Chinese keeps "全组织" out of the English UI).
 */
function scopeWords(f: TAgentFigure, scopes: Record<TAgentFigure['scope']['dataScope'], string>): string {
  if (f.scope.machine) return f.scope.machine.name;
  if (isRowFigure(f)) return f.scope.label;
  return scopes[f.scope.dataScope];
}

/** An answer (manual, business, a diagnosis' summary): its text, figures with their definitions, cited pages and sources. */
export function AnswerCard({ answer, citationHref }: { answer: TAgentAnswer; citationHref: CitationTarget }) {
  const m = useMessages(skillMessages);
  const { locale } = useI18n();
  const lang = locale === 'en' ? 'en' : 'zh';
  return (
    <section
      aria-label={m.answerTitle}
      className="space-y-3 rounded-lg border border-sky-200 bg-sky-50/60 p-3"
      data-testid="agent-answer"
    >
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-sky-950">
        {m.answerTitle}
        <Badge tone="blue">{m.intent[answer.intent]}</Badge>
        {answer.refused ? <Badge tone="red">{m.refused}</Badge> : null}
        {!answer.refused && !answer.found && answer.intent !== 'BUSINESS_QUESTION' ? (
          <Badge tone="amber">{m.notFound}</Badge>
        ) : null}
      </h3>
      <p className="whitespace-pre-line break-words text-sm text-slate-800">{answer.text}</p>
      {answer.figures.length > 0 ? (
        // scrolls sideways on a phone: a focusable region, so a keyboard can scroll it too
        <div className="relative overflow-x-auto" role="region" aria-label={m.figuresTitle} tabIndex={0}>
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">{m.figuresTitle}</caption>
            <thead className="border-b border-slate-200 text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1.5 pr-3 font-semibold">
                  {m.colMetric}
                </th>
                <th scope="col" className="py-1.5 pr-3 font-semibold">
                  {m.colValue}
                </th>
                <th scope="col" className="py-1.5 pr-3 font-semibold">
                  {m.colPeriod}
                </th>
                <th scope="col" className="py-1.5 font-semibold">
                  {m.colScope}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {answer.figures.map((f, i) => (
                <tr key={i}>
                  <th scope="row" className="py-1.5 pr-3 font-medium text-slate-900">
                    {figureWords(f, lang).label}
                    <span className="block text-xs font-normal text-slate-600">
                      {format(m.definition, { text: figureWords(f, lang).definition })}
                    </span>
                  </th>
                  <td
                    className="whitespace-nowrap py-1.5 pr-3 tabular-nums text-slate-900"
                    data-metric={f.metric}
                    data-value={f.value ?? ''}
                  >
                    {figureValue(f, locale, m.unknownValue)}
                  </td>
                  <td className="whitespace-nowrap py-1.5 pr-3 text-slate-700">
                    {format(m.period, { from: f.from, to: f.to })}
                  </td>
                  <td className="py-1.5 text-slate-700">{scopeWords(f, m.scope)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CitationList citations={answer.citations} href={citationHref} />
      {answer.sources.some((s) => s.kind === 'analytics') ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">{m.sourcesTitle}</h4>
          <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
            {answer.sources
              .filter((s) => s.kind === 'analytics')
              .map((s, i) => (
                <li key={i}>
                  <code>{s.label}</code>
                </li>
              ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

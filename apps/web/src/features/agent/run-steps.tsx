'use client';

import type { TAgentRun, TRunStep } from '@amms/contracts/drafts';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { useMessages } from '@/i18n/messages';
import { formatDate, formatNumber, punct } from '@/lib/format';
import { labelMessages } from '@/lib/draft-labels';
import { agentMessages } from './messages';
import { skillMessages } from './skill-messages';

/** The strings a step is described with (the agent's, the draft labels', the skills'). */
export type StepWords = {
  m: (typeof agentMessages)['en'];
  l: (typeof labelMessages)['en'];
  sm: (typeof skillMessages)['en'];
  locale: Locale;
  timeZone: string;
};

function sizeText(bytes: number, w: StepWords): string {
  return bytes < 1024
    ? format(w.m.bytes, { n: bytes })
    : format(w.m.kb, { n: formatNumber(bytes / 1024, w.locale, 1) });
}

function describeTool(s: TRunStep, w: StepWords): string {
  const { m, l, locale, timeZone } = w;
  const tool = (l.tool as Record<string, string>)[s.tool ?? ''] ?? s.tool ?? '—';
  const a = (s.args && typeof s.args === 'object' ? s.args : {}) as Record<string, unknown>;
  // the tool's period is half-open [from, to): the last day shown is the one before `to`
  const args =
    typeof a.from === 'string' && typeof a.to === 'string'
      ? format(m.toolArgsPeriod, {
          from: formatDate(a.from, locale, timeZone),
          to: formatDate(new Date(Date.parse(a.to) - 1).toISOString(), locale, timeZone),
        })
      : '';
  const ms = Math.round(s.durationMs ?? 0);
  const size = sizeText(s.resultSize ?? 0, w);
  const result =
    s.ok === false
      ? format(m.toolFailed, { error: s.error ?? '—' })
      : s.resultCount !== undefined
        ? format(m.toolResultCount, { count: formatNumber(s.resultCount, locale), size, ms })
        : format(m.toolResult, { size, ms });
  return `${format(m.toolStep, { tool, args })}${punct(locale).colon}${result}`;
}

/** One step of a run in plain words, or null for a step with nothing to say. */
export function describeStep(run: TAgentRun, s: TRunStep, w: StepWords): string | null {
  const { m, sm } = w;
  const c = run.constraints;
  if (s.kind === 'plan') {
    const period = c?.period ? format(m.periodPart, { from: c.period.from, to: c.period.to }) : '';
    return format(m.planStep, { intent: c ? m.intent[c.intent] : run.intent ? sm.intent[run.intent] : '—', period });
  }
  if (s.kind === 'tool') return describeTool(s, w);
  if (s.kind === 'schedule' && run.draft) {
    const d = run.draft;
    const placed = d.items.length + d.workOrderItems.length + d.correctiveItems.length + d.purchaseLines.length;
    return format(m.scheduleStep, { placed, unplaced: d.unplaced.length + d.unplacedWorkOrders.length });
  }
  return s.message ?? null;
}

/** What the agent understood of the goal's constraints, one line each. */
export function constraintLines(run: TAgentRun, { m, l }: Pick<StepWords, 'm' | 'l'>): string[] {
  const c = run.constraints;
  if (!c) return [];
  const names = (refs: { name: string }[]) => refs.map((r) => r.name).join('、');
  const lines: string[] = [];
  if (c.operationTypes.length > 0)
    lines.push(
      format(m.constraintTypes, {
        list: c.operationTypes.map((t) => (l.operationType as Record<string, string>)[t] ?? t).join('、'),
      }),
    );
  if (c.avoid.inMaintenance) lines.push(m.constraintAvoidMaint);
  if (c.avoid.dueForMaintenance) lines.push(m.constraintAvoidDue);
  const avoid = [...c.avoid.assets, ...c.avoid.operators];
  if (avoid.length > 0) lines.push(format(m.constraintAvoid, { list: names(avoid) }));
  const prefer = [...c.prefer.assets, ...c.prefer.operators];
  if (prefer.length > 0) lines.push(format(m.constraintPrefer, { list: names(prefer) }));
  if (c.urgentFirst) lines.push(m.constraintUrgent);
  if (c.minPriority !== null) lines.push(format(m.constraintMinPriority, { p: c.minPriority }));
  if (c.teams.length > 0) lines.push(format(m.constraintTeams, { list: names(c.teams) }));
  if (c.fields.length > 0) lines.push(format(m.constraintFields, { list: names(c.fields) }));
  return lines;
}

/** The run's steps, numbered; the plan step carries the constraints understood. */
export function RunSteps({ run, timeZone }: { run: TAgentRun; timeZone: string }) {
  const { locale } = useI18n();
  const w: StepWords = {
    m: useMessages(agentMessages),
    l: useMessages(labelMessages),
    sm: useMessages(skillMessages),
    locale,
    timeZone,
  };
  const constraints = constraintLines(run, w);
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{w.m.stepsTitle}</h3>
      <ol className="mt-1 space-y-1 text-sm text-slate-800">
        {run.steps.map((s) => {
          const text = describeStep(run, s, w);
          if (!text) return null;
          return (
            <li key={s.step} className="flex gap-2">
              <span
                aria-hidden="true"
                className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full text-[11px] font-bold ${s.ok === false ? 'bg-red-100 text-red-900' : 'bg-emerald-100 text-emerald-900'}`}
              >
                {s.step}
              </span>
              <span className="min-w-0 break-words">
                {text}
                {s.kind === 'plan' && constraints.length > 0 ? (
                  <span className="block text-xs text-slate-600">{constraints.join('；')}</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

import type { TAgentAnswer, TAgentSource } from '@amms/contracts/agent';
import { localToday } from '../planner/calendar.js';
import { nameVariants } from '../planner/names.js';
import { normalize } from '../planner/text.js';
import type { KnownNames } from '../../planning/tools/agent-tools.js';
import { ToolFailed } from '../../planning/tools/runner.js';
import { businessPeriod } from './business-period.js';
import type { TAnalyticsCosts } from '@amms/contracts/analytics';
import { periodRange } from '../../planning/draft-content.js';
import { businessText, figuresFor, REPORT_OF, type Reports } from './business.js';
import { ROW_METRICS, rowFigures, rowHeading, subjectOf, type Subject } from './business-work.js';
import type { MachineCandidate } from './machine-match.js';
import type { WorkDone } from './work-done.js';
import type { SkillOutcome, SkillRequest } from './skill-outcome.js';
import { may } from '../../platform/access/permission.js';

const TEAM_WORD = /队|组|班|\bteam\b|\bcrew\b/i;

/** The team a goal names ("二队", "North team"), among the teams the caller can see; null when none or several. */
export function teamOf(
  goal: string,
  teams: readonly { id: string; name: string }[],
): { id: string; name: string } | null {
  const g = normalize(goal).replace(/\s+/g, ' ');
  const hits = teams.filter((t) => {
    const v = nameVariants('team', t.name);
    return [v.exact, ...v.short].some((s) => s.length >= 2 && g.includes(s));
  });
  return hits.length === 1 ? hits[0]! : null;
}

/**
 * BUSINESS_QUESTION: the analytics reports that hold the metrics asked about, read through the
 * `analytics` tool with the caller's context (permission analytics.read, data scope), then the
 * figures exactly as returned (business.ts). Without analytics.read: a refusal, never a number.
 */
export async function businessQuestion({ ctx, runner, goal, routed, timezone }: SkillRequest): Promise<SkillOutcome> {
  const zh = routed.language === 'zh';
  const period = businessPeriod(goal, localToday(new Date(), timezone));
  let team: { id: string; name: string } | null = null;
  if (TEAM_WORD.test(goal) && may(ctx, 'analytics.read')) {
    try {
      team = teamOf(goal, (await runner.call<KnownNames>('known_names', {})).result.teams);
    } catch (err) {
      if (!(err instanceof ToolFailed)) throw err;
    }
  }
  const reports: Reports = {};
  const sources: TAgentSource[] = [];
  // about a machine, several, or people ("这台S780", "哪台收割机", "who"): rows from the job records
  let subject: Subject | null = null;
  let machines: MachineCandidate[] = [];
  if (routed.metrics.some((m) => ROW_METRICS.has(m)) && may(ctx, 'analytics.read') && may(ctx, 'asset.read')) {
    machines = (await runner.call<MachineCandidate[]>('machines', {})).result;
    subject = subjectOf(goal, machines);
  }
  if (!subject && routed.metrics.some((m) => REPORT_OF[m] === null)) subject = { kind: 'rankMachines', ids: null };
  const fleetMetrics = subject ? routed.metrics.filter((m) => !ROW_METRICS.has(m)) : routed.metrics;
  const wanted = [...new Set(fleetMetrics.map((m) => REPORT_OF[m]))].filter((r) => r !== null);
  let work: WorkDone | null = null;
  let machineCosts: TAnalyticsCosts | null = null;
  try {
    if (subject) {
      const range = periodRange(period, timezone);
      const w = await runner.call<WorkDone>('work_done', range);
      work = w.result;
      sources.push({
        kind: 'analytics',
        label: `GET /jobs?status=COMPLETED (completedAt ${period.from}..${period.to})`,
        step: w.step,
      });
      if (routed.metrics.includes('costPerHectare') && subject.kind !== 'rankOperators') {
        const c = await runner.call<TAnalyticsCosts>('analytics', {
          report: 'costs',
          from: period.from,
          to: period.to,
          groupBy: 'machine',
        });
        machineCosts = c.result;
        sources.push({
          kind: 'analytics',
          label: `GET /analytics/costs?groupBy=machine&from=${period.from}&to=${period.to}`,
          step: c.step,
        });
      }
    }
    for (const report of wanted) {
      const r = await runner.call<Reports[typeof report]>('analytics', { report, from: period.from, to: period.to });
      (reports as Record<string, unknown>)[report] = r.result;
      sources.push({
        kind: 'analytics',
        label: `GET /analytics/${report}?from=${period.from}&to=${period.to}`,
        step: r.step,
      });
    }
  } catch (err) {
    if (!(err instanceof ToolFailed) || !/missing permission/.test(err.message)) throw err;
    const text = zh
      ? '你没有查看经营分析数据的权限（analytics.read），因此不能回答这个问题。请联系管理员。'
      : 'You do not have permission to read analytics (analytics.read), so I cannot answer this. Ask an administrator.';
    const answer: TAgentAnswer = {
      intent: 'BUSINESS_QUESTION',
      language: routed.language,
      text,
      figures: [],
      citations: [],
      sources: [],
      refused: true,
      found: false,
    };
    runner.note('message', { message: text, args: { answer } });
    return { status: 'COMPLETED', question: null, message: text, answer, draft: null };
  }
  const fc = {
    language: routed.language,
    from: period.from,
    to: period.to,
    scope: { dataScope: ctx.dataScope, teamIds: [...ctx.teamIds] },
    team,
  };
  const fleet = figuresFor(fleetMetrics, reports, fc);
  const rows =
    subject && work
      ? {
          metrics: routed.metrics,
          subject,
          work,
          costs: machineCosts,
          names: new Map(machines.map((m) => [m.id, m.name])),
        }
      : null;
  const perRow = rows ? rowFigures(rows, fc) : [];
  const figures = [...fleet, ...perRow];
  const heading = rows ? rowHeading(rows, fc) : null;
  const text = businessText(figures, fc, period.said, heading);
  const answer: TAgentAnswer = {
    intent: 'BUSINESS_QUESTION',
    language: routed.language,
    text,
    figures,
    citations: [],
    sources,
    refused: false,
    found: true,
  };
  runner.note('message', { message: text, args: { answer } });
  return { status: 'COMPLETED', question: null, message: text, answer, draft: null };
}

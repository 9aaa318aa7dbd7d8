import type { TAgentAnswer } from '@amms/contracts/agent';
import type { TDraftValidation } from '@amms/contracts/drafts';
import { contentHashOf, planningNow } from '../../planning/draft-content.js';
import { DEFAULT_SERVICE_HOURS, firstFreeSlot } from '../../planning/maintenance-plan.js';
import { DAY, HOUR, MINUTE } from '../../planning/scheduler/calendar.js';
import type { BusyFacts } from '../../planning/tools/agent-tools.js';
import { ToolFailed } from '../../planning/tools/runner.js';
import { buildCorrective } from './corrective.js';
import { faultCodeQueries } from './fault-code-forms.js';
import { openOrderLines, openOrders } from './open-orders.js';
import { fold, matchMachine, symptomText, type MachineCandidate } from './machine-match.js';
import type { ManualSearch, TEvidenceHistory } from './skill-tools.js';
import type { SkillOutcome, SkillRequest } from './skill-outcome.js';

/** The estimated window is searched this far ahead (working hours, free of bookings). */
const WINDOW_HORIZON_DAYS = 14;
const EMPTY_HISTORY: TEvidenceHistory = { workOrders: [], failedChecks: [], meterReadings: [] };

/** A tool the caller may lack (knowledge.read, maintenance.read): the diagnosis goes on without it, the failed step says why. */
async function optional<T>(p: Promise<{ step: number; result: T }>, fallback: T): Promise<{ step: number; result: T }> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof ToolFailed) return { step: 0, result: fallback };
    throw err;
  }
}

export function whichMachineQuestion(
  zh: boolean,
  candidates: readonly MachineCandidate[],
  matched: string | null,
): string {
  const list = candidates.map((m) => `- ${m.name}`).join('\n');
  if (candidates.length === 0)
    return zh ? '是哪台机器？我没有找到你能查看的机器。' : 'Which machine? I found no machine you can see.';
  if (matched)
    return zh
      ? `“${matched}”对应多台机器，是哪一台？\n${list}`
      : `Several machines match “${matched}”. Which one?\n${list}`;
  return zh
    ? `是哪台机器出了问题？请说出机器名称，例如：\n${list}`
    : `Which machine has the problem? Name it, for example:\n${list}`;
}

/**
 * DIAGNOSE: resolve the machine (several or none → ask), read the manual passages for the
 * symptom / fault code of THAT machine's model, its recent records and its bookings, and draft
 * one CORRECTIVE work order in the earliest free working window (corrective.ts). Nothing is
 * written but the draft: a person confirms it like any draft.
 */
export async function diagnose({ runner, goal, routed, timezone, reported }: SkillRequest): Promise<SkillOutcome> {
  const zh = routed.language === 'zh';
  const machines = await runner.call<MachineCandidate[]>('machines', {});
  const match = matchMachine(goal, machines.result);
  if (match.kind !== 'one') {
    const question = whichMachineQuestion(zh, match.candidates, match.kind === 'many' ? match.matched : null);
    runner.note('message', { message: question });
    return { status: 'NEEDS_INPUT', question, message: null, answer: null, draft: null };
  }
  const machine = match.machine;
  // "XAG P100 #01 …": a model name is not a fault code
  const faultCode = reported
    ? reported.faultCode
    : routed.faultCode && !fold(`${machine.name} ${machine.modelName}`).includes(routed.faultCode.toLowerCase())
      ? routed.faultCode
      : null;
  // a reported code has no words of a person: the manual's fault-code table says what it means
  const symptom = reported ? '' : symptomText(goal, machine);
  // a reported code is looked up in each form a manual prints it in, until one is found (fault-code-forms.ts)
  const queries =
    reported && faultCode ? faultCodeQueries(faultCode) : [[faultCode, symptom].filter(Boolean).join(' ')];
  let manuals: { step: number; result: ManualSearch } = { step: 0, result: { found: false, passages: [] } };
  for (const query of queries) {
    manuals = await optional(runner.call<ManualSearch>('search_manuals', { query, assetId: machine.id }), {
      found: false,
      passages: [],
    });
    if (manuals.result.found) break;
  }
  const history = await optional(
    runner.call<TEvidenceHistory>('machine_history', { assetId: machine.id }),
    EMPTY_HISTORY,
  );

  const now = Date.parse(planningNow());
  const range = { from: new Date(now).toISOString(), to: new Date(now + WINDOW_HORIZON_DAYS * DAY).toISOString() };
  const busy = await optional(runner.call<BusyFacts>('bookings', range), { machines: [], operators: [] });
  const hours = DEFAULT_SERVICE_HOURS;
  const taken = busy.result.machines
    .filter((b) => b.assetId === machine.id)
    .map((b) => ({ s: Date.parse(b.startsAt), e: Date.parse(b.endsAt) }));
  const slot = firstFreeSlot(
    Math.ceil((hours * HOUR) / (30 * MINUTE)) * 30 * MINUTE,
    now,
    Date.parse(range.to),
    timezone,
    taken,
  );
  const window = slot
    ? { plannedStart: new Date(slot.s).toISOString(), plannedEnd: new Date(slot.e).toISOString() }
    : { plannedStart: range.to, plannedEnd: new Date(Date.parse(range.to) + hours * HOUR).toISOString() };

  const item = buildCorrective({
    asset: { id: machine.id, name: machine.name, modelName: `${machine.manufacturer} ${machine.modelName}` },
    symptom,
    faultCode,
    language: routed.language,
    passages: manuals.result.found ? manuals.result.passages : [],
    history: { failedChecks: history.result.failedChecks },
    window,
    estimatedHours: hours,
  });
  const finding = (code: string, message: string) => ({ itemIndex: 0, jobId: '', assetId: machine.id, code, message });
  const validation: TDraftValidation = { ok: true, violations: [], warnings: [] };
  if (!slot)
    validation.violations.push(
      finding('NO_FREE_SLOT', `No free ${hours} h window in working hours in the next ${WINDOW_HORIZON_DAYS} days`),
    );
  const open = openOrders(history.result, item.symptom, faultCode);
  const openCorrective = [...open.same, ...open.other].filter((w) => w.type === 'CORRECTIVE');
  if (openCorrective.length > 0)
    validation.warnings.push(
      finding(
        'OPEN_CORRECTIVE_ORDER',
        zh
          ? `这台机器已有未关闭的故障维修工单（#${openCorrective.map((w) => w.number).join('、#')}）`
          : `The machine already has an open corrective work order (#${openCorrective.map((w) => w.number).join(', #')})`,
      ),
    );
  validation.ok = validation.violations.length === 0;

  const content = { items: [item], unplaced: [], validation, contentHash: contentHashOf([item], [], validation) };
  const evidence = [
    {
      itemKey: item.itemKey,
      jobId: '',
      steps: { machines: machines.step, manuals: manuals.step, history: history.step, bookings: busy.step },
      citations: item.citations,
      history: history.result,
    },
  ];
  const pages = item.citations.map((c) => `${c.title} p.${c.pageLabel}`).join('; ');
  const noManual = zh
    ? `手册中没有找到与“${item.symptom}”相关的内容；以下工单依据这台机器的历史记录。`
    : `The manuals say nothing I could find about “${item.symptom}”; the work order below rests on the machine's history.`;
  const text = [
    zh
      ? `已为 ${machine.name} 起草故障维修工单“${item.title}”，待调度确认。`
      : `Drafted a corrective work order “${item.title}” for ${machine.name}, for a dispatcher to confirm.`,
    ...(item.manualEvidence ? [zh ? `依据手册：${pages}` : `From the manual: ${pages}`] : [noManual]),
    ...openOrderLines(open, zh),
    ...(item.causes.length
      ? [
          zh ? '可能原因（按可能性排序）：' : 'Likely causes (most likely first):',
          ...item.causes.map((c) => `${c.rank}. ${c.cause}`),
        ]
      : []),
    ...(item.parts.length
      ? [
          (zh ? '可能需要的配件：' : 'Parts it may need: ') +
            item.parts
              .map(
                (p) =>
                  `${p.name}${p.partNumber ? ` (${p.partNumber})` : ''}${p.citation ? ` [p.${p.citation.pageLabel}]` : ''}`,
              )
              .join(zh ? '、' : ', '),
        ]
      : []),
  ].join('\n');
  const answer: TAgentAnswer = {
    intent: 'DIAGNOSE',
    language: routed.language,
    text,
    figures: [],
    citations: item.citations,
    sources: [
      ...(manuals.step
        ? [
            {
              kind: 'manual' as const,
              label: item.manualEvidence ? pages : zh ? '手册：未找到' : 'manuals: nothing found',
              step: manuals.step,
            },
          ]
        : []),
      ...(history.step
        ? [
            {
              kind: 'work_orders' as const,
              label: `${history.result.workOrders.length} work order(s)`,
              step: history.step,
            },
            {
              kind: 'checklist' as const,
              label: `${history.result.failedChecks.length} failed check(s)`,
              step: history.step,
            },
            {
              kind: 'meter_readings' as const,
              label: `${history.result.meterReadings.length} meter reading(s)`,
              step: history.step,
            },
          ]
        : []),
    ],
    refused: false,
    found: item.manualEvidence,
  };
  runner.note('schedule', {
    message: `corrective work order for ${machine.name}: ${item.causes.length} cause(s), ${item.checklist.length} step(s), ${item.parts.length} part(s), ${item.citations.length} manual page(s)${slot ? `, ${window.plannedStart}..${window.plannedEnd}` : ', no free window'}`,
  });
  runner.note('message', { message: text, args: { answer } });
  return {
    status: 'COMPLETED',
    question: null,
    message: text,
    answer,
    draft: { kind: 'MAINTENANCE', title: item.title, content, evidence },
  };
}

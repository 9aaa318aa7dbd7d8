import { Injectable } from '@nestjs/common';
import { ZDraftEvidence, type TDraftEvidence } from '@amms/contracts/drafts';
import {
  ZAnalyticsCosts,
  ZAnalyticsMaintenance,
  ZAnalyticsOperations,
  ZAnalyticsOverview,
  ZAnalyticsUtilization,
} from '@amms/contracts/analytics';
import { ZKnowledgeAnswer, type TKnowledgeAnswer } from '@amms/contracts/knowledge';
import { z } from 'zod';
import { AnalyticsService } from '../../analytics/analytics.service.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { workDoneTool } from './work-done.js';
import { scheduleOfTool } from './schedule-of.js';
import { AssignmentsService } from '../../jobs/assignments.service.js';
import { MeterReadingsService } from '../../assets/meter-readings.service.js';
import { KnowledgeService } from '../../knowledge/index.js';
import { WorkOrdersService } from '../../maintenance/work-orders.service.js';
import type { AnyTool, AgentTool } from '../../platform/tools/tool.js';
import type { DiagnosisPassage } from './corrective.js';
import type { AnalyticsReport, Reports } from './business.js';
import type { MachineCandidate } from './machine-match.js';
import { SkillsRepository } from './skills.repository.js';
import { may } from '../../platform/access/permission.js';

const ZPeriod = { from: z.iso.date(), to: z.iso.date() };
const ZAnalyticsInput = z.strictObject({
  report: z.enum(['overview', 'utilization', 'operations', 'maintenance', 'costs']),
  ...ZPeriod,
  /** costs only: by category (default) or by machine */
  groupBy: z.enum(['category', 'machine']).optional(),
});
/** per-machine reports are read page by page (200 rows) up to this many rows */
const MAX_MACHINE_ROWS = 2000;

export type TEvidenceHistory = NonNullable<TDraftEvidence[number]['history']>;

export interface ManualSearch {
  found: boolean;
  passages: DiagnosisPassage[];
}

const ZMachineCandidate: z.ZodType<MachineCandidate> = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  teamId: z.string().nullable(),
  modelId: z.string(),
  modelName: z.string(),
  manufacturer: z.string(),
  kind: z.string(),
  operationTypes: z.array(z.string()),
});
const ZHistory = ZDraftEvidence.element.shape.history.unwrap();
const ZManualSearch: z.ZodType<ManualSearch> = z.object({
  found: z.boolean(),
  passages: z.array(
    z.object({
      documentId: z.string(),
      versionId: z.string(),
      title: z.string(),
      page: z.number(),
      pageLabel: z.string(),
      text: z.string(),
      snippet: z.string(),
      score: z.number().optional(),
    }),
  ),
});
/** one of the analytics reports, as its REST endpoint answers it */
const ZReport: z.ZodType<Reports[AnalyticsReport]> = z.union([
  ZAnalyticsOverview,
  ZAnalyticsUtilization,
  ZAnalyticsOperations,
  ZAnalyticsMaintenance,
  ZAnalyticsCosts,
]);

/**
 * The read-only tools of the skills (diagnose, ask the manual, business questions), run by the
 * run's ToolRunner like the scheduling tools: each declares its permission (checked against
 * the caller), goes through the module services with the caller's context (data scope), and is
 * a step of the run.
 */
@Injectable()
export class SkillTools {
  readonly all: ReadonlyMap<string, AnyTool>;

  constructor(
    private readonly repo: SkillsRepository,
    private readonly knowledge: KnowledgeService,
    private readonly workOrders: WorkOrdersService,
    private readonly meters: MeterReadingsService,
    private readonly analytics: AnalyticsService,
    jobs: JobsService,
    assignments: AssignmentsService,
  ) {
    const tools: AnyTool[] = [
      this.machines(),
      this.history(),
      this.searchManuals(),
      this.askManual(),
      this.analyticsReport(),
      workDoneTool(jobs),
      scheduleOfTool(assignments),
    ];
    this.all = new Map(tools.map((t) => [t.name, t]));
  }

  private machines(): AgentTool<Record<string, never>, MachineCandidate[]> {
    return {
      name: 'machines',
      description:
        'Machines the caller can see with their model (maker, model name, kind, operation types), to resolve the machine a goal names',
      input: z.strictObject({}),
      output: z.array(ZMachineCandidate),
      permissions: ['asset.read'],
      scope: 'data-scope',
      writes: 'nothing',
      timeoutMs: 3000,
      run: (ctx) => this.repo.machines(ctx),
      render: (r, u) =>
        r
          .map((m) => `${m.id} ${u.wrap(m.name)} ${u.wrap(`${m.manufacturer} ${m.modelName}`)} ${m.kind} ${m.status}`)
          .join('\n'),
    };
  }

  /** A machine's recent work orders, failed checklist items and meter readings (the history a diagnosis cites). */
  private history(): AgentTool<{ assetId: string }, TEvidenceHistory> {
    return {
      name: 'machine_history',
      description: "A machine's 10 most recent work orders, its failed checklist items and its 5 latest meter readings",
      input: z.strictObject({ assetId: z.uuid() }),
      output: ZHistory,
      permissions: ['maintenance.read'],
      scope: 'data-scope',
      writes: 'nothing',
      timeoutMs: 4000,
      run: async (ctx, i) => {
        const [orders, failed, readings] = await Promise.all([
          this.workOrders.list(ctx, { assetId: i.assetId, limit: 10, sort: '-createdAt' }),
          this.repo.failedChecks(ctx, i.assetId),
          may(ctx, 'asset.read') ? this.meters.list(ctx, i.assetId, { limit: 5 }) : { items: [] },
        ]);
        return {
          workOrders: orders.items.map((w) => ({
            id: w.id,
            number: w.number,
            type: w.type,
            status: w.status,
            title: w.title,
            createdAt: w.createdAt,
          })),
          failedChecks: failed.map((f) => ({
            workOrderId: f.workOrderId,
            workOrderNumber: f.workOrder.number,
            label: f.label,
            note: f.note,
            updatedAt: f.updatedAt.toISOString(),
          })),
          meterReadings: readings.items.map((m) => ({
            readingHours: m.readingHours,
            readAt: m.readAt,
            source: m.source,
          })),
        };
      },
      render: (r, u) =>
        [
          ...r.workOrders.map((w) => `work order #${w.number} ${w.type} ${w.status} ${u.wrap(w.title)} ${w.createdAt}`),
          ...r.failedChecks.map(
            (f) => `failed check on #${f.workOrderNumber}: ${u.wrap(f.label)}${f.note ? ` ${u.wrap(f.note)}` : ''}`,
          ),
          ...r.meterReadings.map((m) => `meter ${m.readingHours} h at ${m.readAt}`),
        ].join('\n'),
    };
  }

  /** Manual passages for a symptom / fault code, of the machine's model only (the knowledge base's retrieval). */
  private searchManuals(): AgentTool<{ query: string; assetId?: string | undefined }, ManualSearch> {
    return {
      name: 'search_manuals',
      description:
        "Passages of the manuals (of the machine's model when assetId is given) for a symptom, fault code or question, with page citations",
      input: z.strictObject({ query: z.string().trim().min(1).max(500), assetId: z.uuid().optional() }),
      output: ZManualSearch,
      permissions: ['knowledge.read'],
      scope: 'catalog',
      writes: 'nothing',
      timeoutMs: 5000,
      run: async (ctx, i) => {
        const r = await this.knowledge.passages(ctx, { query: i.query, assetId: i.assetId, limit: 6 });
        return {
          found: r.found,
          passages: r.passages.map((p) => ({
            documentId: p.documentId,
            versionId: p.versionId,
            title: p.title,
            page: p.page,
            pageLabel: p.pageLabel,
            text: p.text,
            snippet: p.snippet,
            score: p.score,
          })),
        };
      },
      render: (r, u) => r.passages.map((p) => `${u.wrap(p.title)} p.${p.pageLabel}: ${u.wrap(p.snippet)}`).join('\n'),
    };
  }

  private askManual(): AgentTool<
    { question: string; assetId?: string | undefined; machineModelId?: string | undefined },
    TKnowledgeAnswer
  > {
    return {
      name: 'ask_manual',
      description: 'A cited answer from the manuals (of one machine or model when given)',
      input: z.strictObject({
        question: z.string().trim().min(1).max(1000),
        assetId: z.uuid().optional(),
        machineModelId: z.uuid().optional(),
      }),
      output: ZKnowledgeAnswer,
      permissions: ['knowledge.read'],
      scope: 'catalog',
      writes: 'nothing',
      timeoutMs: 6000,
      run: (ctx, i) => this.knowledge.answer(ctx, i),
      render: (r, u) =>
        `${u.wrap(r.answer)}\n${r.citations.map((c) => `[${u.wrap(c.title)} p.${c.pageLabel}]`).join(' ')}`,
    };
  }

  /** One analytics report for a period, as the REST endpoint returns it (per-machine rows: every page). */
  private analyticsReport(): AgentTool<z.output<typeof ZAnalyticsInput>, Reports[AnalyticsReport]> {
    return {
      name: 'analytics',
      description:
        'An analytics report (overview, utilization, operations, maintenance, costs) for a period of local dates, in the caller’s data scope',
      input: ZAnalyticsInput,
      output: ZReport,
      permissions: ['analytics.read'],
      scope: 'data-scope',
      writes: 'nothing',
      timeoutMs: 6000,
      run: async (ctx, i) => {
        const period = { from: i.from, to: i.to };
        switch (i.report) {
          case 'overview':
            return this.analytics.overview(ctx, period);
          case 'operations':
            return this.analytics.operations(ctx, period);
          case 'costs':
            return this.analytics.costs(ctx, { ...period, groupBy: i.groupBy ?? 'category' });
          case 'utilization':
          case 'maintenance': {
            const load = (cursor?: string) =>
              i.report === 'utilization'
                ? this.analytics.utilization(ctx, { ...period, limit: 200, cursor })
                : this.analytics.maintenance(ctx, { ...period, limit: 200, cursor });
            const first = await load();
            const items: unknown[] = [...first.items];
            let next = first.nextCursor;
            while (next && items.length < MAX_MACHINE_ROWS) {
              const page = await load(next);
              items.push(...page.items);
              next = page.nextCursor;
            }
            return { ...first, items, nextCursor: next } as Reports[AnalyticsReport];
          }
        }
      },
      render: (r) => JSON.stringify(r).slice(0, 4000),
    };
  }
}

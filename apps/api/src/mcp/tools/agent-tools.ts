import { z } from 'zod';
import { ZAgentRun, ZDraft, ZExecutionStatus, type TAgentRun, type TDraftVersion } from '@amms/contracts/drafts';
import type { AgentService } from '../../agent/agent.service.js';
import type { AssetsService } from '../../assets/assets.service.js';
import type { DraftsService } from '../../drafts/drafts.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { bounded, clip, defineTool, type McpToolEnv } from '../tool.js';
import { languageOf } from '../../agent/skills/intent.js';

export interface AgentToolDeps {
  agent: AgentService;
  assets: AssetsService;
  drafts: DraftsService;
  /** counts an agent run against the `agent.run` rate limit, as `POST /agent/runs` does (429 over it) */
  countRun(ctx: OrgContext): Promise<void>;
}

/** Rows of a draft shown in a tool result; the counts always cover the whole draft. */
const DRAFT_ROWS = 20;

type DraftContent = Pick<TDraftVersion, 'items' | 'unplaced' | 'workOrderItems' | 'unplacedWorkOrders' | 'validation'>;

const ZDetail = z.string().nullable();
const ZDraftSummary = z.object({
  counts: z.object({
    jobs: z.number(),
    unplacedJobs: z.number(),
    workOrders: z.number(),
    unplacedWorkOrders: z.number(),
  }),
  validation: z.object({ ok: z.boolean(), violations: z.number(), warnings: z.number() }),
  jobs: z.array(
    z.object({
      jobId: z.string(),
      job: z.string().nullable(),
      primaryAssetId: z.string(),
      machine: z.string().nullable(),
      operatorMembershipId: z.string(),
      operator: z.string().nullable(),
      startsAt: z.string(),
      endsAt: z.string(),
    }),
  ),
  unplacedJobs: z.array(z.object({ jobId: z.string(), reason: z.string(), detail: ZDetail })),
  workOrders: z.array(
    z.object({
      title: z.string(),
      planId: z.string().nullable(),
      assetId: z.string(),
      machine: z.string().nullable(),
      plannedStart: z.string(),
      plannedEnd: z.string(),
    }),
  ),
  unplacedWorkOrders: z.array(
    z.object({ planId: z.string().nullable(), assetId: z.string(), reason: z.string(), detail: ZDetail }),
  ),
  truncated: z.boolean(),
  note: z.string().optional(),
});

const ZRunResult = z.object({
  runId: z.string(),
  conversationId: z.string().nullable(),
  status: ZAgentRun.shape.status,
  question: z.string().nullable(),
  message: z.string().nullable(),
  error: z.string().nullable(),
  answer: ZAgentRun.shape.answer,
  draft: z
    .object({ id: z.string(), version: z.number(), confirmUrl: z.string(), needsConfirmation: z.literal(true) })
    .extend(ZDraftSummary.shape)
    .nullable(),
});

const ZDraftResult = ZDraft.pick({
  id: true,
  kind: true,
  status: true,
  title: true,
  runId: true,
  currentVersion: true,
  confirmedVersion: true,
})
  .extend({
    confirmUrl: z.string(),
    executions: z.array(z.object({ id: z.string(), version: z.number(), status: ZExecutionStatus })),
  })
  .extend(ZDraftSummary.partial().shape);

/** A draft's content in a bounded form: counts, validation, and the first rows of each list. */
export function draftSummary(c: DraftContent): z.output<typeof ZDraftSummary> {
  const items = bounded(c.items, DRAFT_ROWS);
  const unplaced = bounded(c.unplaced, DRAFT_ROWS);
  const wo = bounded(c.workOrderItems, DRAFT_ROWS);
  const unplacedWo = bounded(c.unplacedWorkOrders, DRAFT_ROWS);
  const truncated = items.truncated || unplaced.truncated || wo.truncated || unplacedWo.truncated;
  return {
    counts: {
      jobs: c.items.length,
      unplacedJobs: c.unplaced.length,
      workOrders: c.workOrderItems.length,
      unplacedWorkOrders: c.unplacedWorkOrders.length,
    },
    validation: {
      ok: c.validation.ok,
      violations: c.validation.violations.length,
      warnings: c.validation.warnings.length,
    },
    jobs: items.items.map((i) => ({
      jobId: i.jobId,
      job: i.job?.title ?? i.job?.fieldName ?? null,
      primaryAssetId: i.primaryAssetId,
      machine: i.primaryAssetName,
      operatorMembershipId: i.operatorMembershipId,
      operator: i.operatorName,
      startsAt: i.startsAt,
      endsAt: i.endsAt,
    })),
    unplacedJobs: unplaced.items.map((u) => ({ jobId: u.jobId, reason: u.reason, detail: clip(u.detail, 300) })),
    workOrders: wo.items.map((w) => ({
      title: w.title,
      planId: w.planId,
      assetId: w.assetId,
      machine: w.assetName,
      plannedStart: w.plannedStart,
      plannedEnd: w.plannedEnd,
    })),
    unplacedWorkOrders: unplacedWo.items.map((u) => ({
      planId: u.planId,
      assetId: u.assetId,
      reason: u.reason,
      detail: clip(u.detail, 300),
    })),
    truncated,
    ...(truncated
      ? { note: `lists show the first ${DRAFT_ROWS} rows each; counts cover the whole draft (the web link shows all)` }
      : {}),
  };
}

/** What a client learns of a run: its status and outcome, and the draft to confirm in the web. */
function runResult(run: TAgentRun, env: McpToolEnv, organizationId: string): z.output<typeof ZRunResult> {
  return {
    runId: run.id,
    conversationId: run.conversationId,
    status: run.status,
    question: run.question,
    message: clip(run.message, 2000),
    error: run.error,
    answer: run.answer,
    draft: run.draft
      ? {
          id: run.draft.id,
          version: run.draft.version,
          confirmUrl: env.draftLink(organizationId, run.draft.id),
          needsConfirmation: true,
          ...draftSummary(run.draft),
        }
      : null,
  };
}

const conversationId = z
  .uuid()
  .optional()
  .describe('continue a conversation (the conversationId of an earlier result), e.g. to answer its question');

export function agentTools(d: AgentToolDeps) {
  return [
    defineTool({
      name: 'troubleshoot',
      title: 'Troubleshoot a machine',
      description:
        'Starts an agent run for a symptom or fault code of one machine. The result is a question (when the agent needs more), an answer with citations, or a MAINTENANCE draft (id, summary, confirmUrl): a person must confirm it in the web; this tool never writes work orders itself.',
      input: z.strictObject({
        assetId: z.uuid(),
        symptom: z
          .string()
          .trim()
          .min(1)
          .max(1000)
          .describe('what is wrong, e.g. "engine overheats under load" or "E12"'),
        conversationId,
      }),
      permissions: ['agent.run', 'asset.read'],
      output: ZRunResult.extend({ assetId: z.string(), goal: z.string() }),
      scope: 'data-scope',
      writes: 'drafts',
      async run(ctx, input, env) {
        const asset = await d.assets.get(ctx, input.assetId); // 404 outside the key's org and scope
        await d.countRun(ctx);
        // the goal in the symptom's language (the agent answers in the goal's language)
        const model = `${asset.model.manufacturer} ${asset.model.name}`;
        const goal =
          languageOf(input.symptom) === 'zh'
            ? `${asset.name}（${model}，序列号 ${asset.serialNumber}）：${input.symptom}`
            : `${asset.name} (${model}, serial number ${asset.serialNumber}): ${input.symptom}`;
        const run = await d.agent.start(ctx, {
          goal,
          ...(input.conversationId ? { conversationId: input.conversationId } : {}),
        });
        return { assetId: asset.id, goal, ...runResult(run, env, ctx.organizationId) };
      },
    }),
    defineTool({
      name: 'propose_schedule',
      title: 'Propose a schedule',
      description:
        "Starts an agent run for a scheduling goal (e.g. \"schedule next week's planned jobs, keep team 2's machines out\"). Returns the draft id, its summary and confirmUrl (a person confirms in the web), or the agent's question.",
      input: z.strictObject({ goal: z.string().trim().min(1).max(2000), conversationId }),
      permissions: ['agent.run'],
      output: ZRunResult,
      scope: 'data-scope',
      writes: 'drafts',
      async run(ctx, input, env) {
        await d.countRun(ctx);
        const run = await d.agent.start(ctx, {
          goal: input.goal,
          ...(input.conversationId ? { conversationId: input.conversationId } : {}),
        });
        return runResult(run, env, ctx.organizationId);
      },
    }),
    defineTool({
      name: 'get_draft',
      title: 'Get a draft',
      description: 'A draft (schedule or maintenance) with its status, current version summary and confirmUrl.',
      input: z.strictObject({ draftId: z.uuid() }),
      permissions: ['draft.read'],
      output: ZDraftResult,
      scope: 'own',
      writes: 'nothing',
      async run(ctx, input, env) {
        const dr = await d.drafts.get(ctx, input.draftId);
        const current = dr.versions.find((v) => v.version === dr.currentVersion) ?? dr.versions[dr.versions.length - 1];
        return {
          id: dr.id,
          kind: dr.kind,
          status: dr.status,
          title: dr.title,
          runId: dr.runId,
          currentVersion: dr.currentVersion,
          confirmedVersion: dr.confirmedVersion,
          confirmUrl: env.draftLink(ctx.organizationId, dr.id),
          executions: dr.executions.slice(-5).map((e) => ({ id: e.id, version: e.version, status: e.status })),
          ...(current ? draftSummary(current) : {}),
        };
      },
    }),
  ];
}

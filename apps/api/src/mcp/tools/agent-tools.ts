import { z } from 'zod';
import type { TAgentRun, TDraftVersion } from '@amms/contracts/drafts';
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

/** A draft's content in a bounded form: counts, validation, and the first rows of each list. */
export function draftSummary(c: DraftContent) {
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
function runResult(run: TAgentRun, env: McpToolEnv, organizationId: string) {
  // another helper adds an `answer` (cited advice, business figures) to runs: passed on when present
  const answer = (run as TAgentRun & { answer?: unknown }).answer;
  return {
    runId: run.id,
    conversationId: run.conversationId,
    status: run.status,
    question: run.question,
    message: clip(run.message, 2000),
    error: run.error,
    ...(answer !== undefined ? { answer } : {}),
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
      readOnly: false,
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
      readOnly: false,
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
      readOnly: true,
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

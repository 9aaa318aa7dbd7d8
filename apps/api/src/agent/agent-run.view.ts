import { ZAgentAnswer, ZPlanConstraints, type TAgentIntent } from '@amms/contracts/agent';
import { ZRunEdit, ZRunLeave, type TAgentRun, type TRunStep } from '@amms/contracts/drafts';
import type { AgentRun } from '@amms/db';
import { parseEntities } from './memory/references.js';

/** A stored run as the API answers it (its steps, plan, answer and entity memory), with its draft's current version. */
export function toAgentRun(r: AgentRun, draft: TAgentRun['draft']): TAgentRun {
  const steps = (r.steps as TRunStep[]) ?? [];
  const constraints = r.constraints === null ? null : ZPlanConstraints.parse(r.constraints);
  const lastMessage = [...steps].reverse().find((s) => s.kind === 'message');
  const answer = ZAgentAnswer.safeParse((lastMessage?.args as { answer?: unknown } | undefined)?.answer);
  const edit = ZRunEdit.safeParse((lastMessage?.args as { edit?: unknown } | undefined)?.edit);
  const leave = ZRunLeave.safeParse((lastMessage?.args as { leave?: unknown } | undefined)?.leave);
  const planned = steps.find((s) => s.kind === 'plan')?.args as { intent?: TAgentIntent } | undefined;
  return {
    id: r.id,
    conversationId: r.conversationId,
    goal: r.goal,
    planner: r.planner,
    status: r.status,
    intent: constraints?.intent ?? planned?.intent ?? null,
    constraints,
    question: r.question,
    message: [...steps].reverse().find((s) => s.kind === 'message')?.message ?? null,
    steps,
    error: r.error,
    draftId: r.draftId,
    draft,
    answer: answer.success ? answer.data : null,
    edit: edit.success ? edit.data : null,
    leave: leave.success ? leave.data : null,
    entities: parseEntities(r.entities).map(({ kind, id, name, via }) => ({ kind, id, name, via })),
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

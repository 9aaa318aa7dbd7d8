import type { TAgentAnswer } from '@amms/contracts/agent';
import type { TKnowledgeAnswer } from '@amms/contracts/knowledge';
import { citationRef } from '../../knowledge/index.js';
import { ToolFailed } from '../../planning/tools/runner.js';
import { matchMachine, type MachineCandidate } from './machine-match.js';
import type { SkillOutcome, SkillRequest } from './skill-outcome.js';

/**
 * ASK_MANUAL: a cited answer from the knowledge base (its own answer service), filtered to the
 * machine named in the goal — one machine → its model's manuals; several machines of one model
 * ("T50") → that model; none → every manual the caller may read. No draft.
 */
export async function askManual({ runner, goal, routed }: SkillRequest): Promise<SkillOutcome> {
  const zh = routed.language === 'zh';
  let filter: { assetId?: string; machineModelId?: string } = {};
  let about: string | null = null;
  try {
    const machines = await runner.call<MachineCandidate[]>('machines', {});
    const m = matchMachine(goal, machines.result);
    if (m.kind === 'one') {
      filter = { assetId: m.machine.id };
      about = m.machine.name;
    } else if (m.kind === 'many' && new Set(m.candidates.map((c) => c.modelId)).size === 1) {
      filter = { machineModelId: m.candidates[0]!.modelId };
      about = `${m.candidates[0]!.manufacturer} ${m.candidates[0]!.modelName}`;
    }
  } catch (err) {
    if (!(err instanceof ToolFailed)) throw err; // no asset.read: ask every manual
  }
  const res = await runner.call<TKnowledgeAnswer>('ask_manual', { question: goal, ...filter });
  const a = res.result;
  const citations = a.citations.map((c) => citationRef(c, c.snippet));
  const answer: TAgentAnswer = {
    intent: 'ASK_MANUAL',
    language: routed.language,
    text: a.answer,
    figures: [],
    citations,
    sources: [
      {
        kind: 'manual',
        label: about ? (zh ? `${about} 的手册` : `manuals of ${about}`) : zh ? '知识库' : 'knowledge base',
        step: res.step,
      },
    ],
    refused: false,
    found: a.found,
  };
  runner.note('message', { message: a.answer, args: { answer } });
  return { status: 'COMPLETED', question: null, message: a.answer, answer, draft: null };
}

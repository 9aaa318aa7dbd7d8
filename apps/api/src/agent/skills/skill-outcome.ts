import type { TAgentAnswer } from '@amms/contracts/agent';
import type { TDraftEvidence } from '@amms/contracts/drafts';
import type { RunDraftContent } from '../../drafts/drafts.service.js';

/** What a skill gives the run: an answer, a question, or a MAINTENANCE draft (a diagnosis). */
export interface SkillOutcome {
  status: 'COMPLETED' | 'NEEDS_INPUT';
  question: string | null;
  message: string | null;
  answer: TAgentAnswer | null;
  draft: { kind: 'MAINTENANCE'; title: string; content: RunDraftContent; evidence: TDraftEvidence } | null;
}

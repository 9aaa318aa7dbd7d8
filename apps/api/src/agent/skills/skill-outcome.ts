import type { TAgentAnswer } from '@amms/contracts/agent';
import type { TDraftEvidence } from '@amms/contracts/drafts';
import type { RunDraftContent } from '../../drafts/drafts.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import type { ToolRunner } from '../../planning/tools/runner.js';
import type { IntentResult } from './intent.js';

/** What a skill gives the run: an answer, a question, a MAINTENANCE draft (a diagnosis) or a PURCHASE draft. */
export interface SkillOutcome {
  status: 'COMPLETED' | 'NEEDS_INPUT';
  question: string | null;
  message: string | null;
  answer: TAgentAnswer | null;
  draft: {
    kind: 'MAINTENANCE' | 'PURCHASE';
    title: string;
    content: RunDraftContent;
    evidence: TDraftEvidence;
  } | null;
}

/** What a skill is given: the caller, the run's tools, the goal, how it was routed and the org's time zone. */
export interface SkillRequest {
  ctx: OrgContext;
  runner: ToolRunner;
  goal: string;
  routed: IntentResult;
  timezone: string;
  /** a code the machine itself reported (telematics): diagnosed as sent, its meaning from the manual */
  reported?: { faultCode: string };
}

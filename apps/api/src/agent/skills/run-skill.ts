import { askManual } from './ask-manual.js';
import { businessQuestion } from './business-skill.js';
import { diagnose } from './diagnose.js';
import { purchase } from './purchase.js';
import type { IntentResult } from './intent.js';
import type { SkillOutcome, SkillRequest } from './skill-outcome.js';

const SKILLS = { DIAGNOSE: diagnose, ASK_MANUAL: askManual, BUSINESS_QUESTION: businessQuestion, PURCHASE: purchase };

/** Runs the skill the classifier routed to (never PLAN: that goes to the planner). */
export function runSkill(
  req: SkillRequest & { routed: IntentResult & { intent: keyof typeof SKILLS } },
): Promise<SkillOutcome> {
  return SKILLS[req.routed.intent](req);
}

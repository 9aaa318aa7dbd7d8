import type { OrgContext } from '../../tenancy/context.js';
import type { ToolRunner } from '../../planning/tools/runner.js';
import { askManual } from './ask-manual.js';
import { businessQuestion } from './business-skill.js';
import { diagnose } from './diagnose.js';
import type { IntentResult } from './intent.js';
import type { SkillOutcome } from './skill-outcome.js';

/** Runs the skill the classifier routed to (never PLAN: that goes to the planner). */
export function runSkill(
  ctx: OrgContext,
  runner: ToolRunner,
  goal: string,
  routed: IntentResult & { intent: 'DIAGNOSE' | 'ASK_MANUAL' | 'BUSINESS_QUESTION' },
  timezone: string,
): Promise<SkillOutcome> {
  switch (routed.intent) {
    case 'DIAGNOSE':
      return diagnose(runner, goal, routed, timezone);
    case 'ASK_MANUAL':
      return askManual(runner, goal, routed);
    case 'BUSINESS_QUESTION':
      return businessQuestion(ctx, runner, goal, routed, timezone);
  }
}

import type { TDraftItemEdit } from '@amms/contracts/drafts';
import type { OrgContext } from '../platform/access/context.js';
import { requestLanguage } from '../platform/http/language.js';
import { goalLimitsOf, type GoalLimits } from '../planning/goal-limits.js';
import type { DraftsRepository } from './drafts.repository.js';
import type { EditVoice, ExplainerFactory } from './drafts.versions.js';

/** Who made an edit, how it is said (language, explainer) and which goal limits it is held to. */
export class DraftEditContext {
  /** registered by the agent module (DraftsService.useExplainer): the drafts module knows no words */
  explainer: ExplainerFactory | null = null;

  constructor(private readonly repo: DraftsRepository) {}

  async editOf(ctx: OrgContext, version: number, note: string | undefined): Promise<TDraftItemEdit> {
    return {
      version,
      byUserId: ctx.actorUserId,
      byName: await this.repo.userName(ctx.actorUserId),
      note: note ?? null,
    };
  }

  /** The language and explainer of an edit: as given (a follow-up), else the request's language. */
  async voiceOf(ctx: OrgContext, tz: string, v: EditVoice, said: string | undefined) {
    const lang = v.lang ?? requestLanguage(v.acceptLanguage, await this.repo.userLocale(ctx.actorUserId));
    const explain = v.explain ?? (await this.explainer?.(ctx, lang, tz, said ?? null));
    return { lang, explain };
  }

  /** The limits the goal of the run that made a draft set, null: none (a board draft, a maintenance goal). */
  async goalLimits(ctx: OrgContext, runId: string | null): Promise<GoalLimits | null> {
    return goalLimitsOf(await this.repo.runConstraints(ctx.organizationId, runId));
  }
}

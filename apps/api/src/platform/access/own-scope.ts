import type { Prisma } from '@amms/db';
import type { OrgContext } from './context.js';
import { MATCH_NOTHING, scopeWhere } from './data-scope.js';

/**
 * Rows a person makes for themselves: drafts, agent runs, agent conversations. ORG-scoped members
 * see the org's; every other scope sees only its own (a draft's items may name jobs and machines
 * outside a TEAM member's teams, so "my teams" is no rule for them). A caller with no user (a
 * service context) owns nothing.
 */
function ownRows<W extends object>(ctx: OrgContext, mine: (userId: string) => W): W {
  const own = () => (ctx.actorUserId ? mine(ctx.actorUserId) : (MATCH_NOTHING as unknown as W));
  return scopeWhere<W>(ctx, { team: own, assigned: own });
}

export function draftScope(ctx: OrgContext): Prisma.DraftWhereInput {
  return ownRows<Prisma.DraftWhereInput>(ctx, (userId) => ({ createdByUserId: userId }));
}

export function runScope(ctx: OrgContext): Prisma.AgentRunWhereInput {
  return ownRows<Prisma.AgentRunWhereInput>(ctx, (userId) => ({ initiatorUserId: userId }));
}

export function conversationScope(ctx: OrgContext): Prisma.AgentConversationWhereInput {
  return ownRows<Prisma.AgentConversationWhereInput>(ctx, (userId) => ({ createdByUserId: userId }));
}

import type { AuditInput } from '../audit/audit.service.js';
import type { AuthPrincipal, OrgContext } from '../platform/access/context.js';
import { actorOf } from '../platform/access/context.js';
import type { LibraryScope } from './documents.repository.js';
import { KnowledgeErrors } from './knowledge.errors.js';

/** Who acts on a library: an org member (their org's documents) or a platform admin (the platform library). */
export interface LibraryActor {
  scope: LibraryScope;
  userId: string | null;
  audit(action: string, documentId: string, data: Record<string, unknown>): AuditInput;
}

export function orgActor(ctx: OrgContext): LibraryActor {
  return {
    scope: { kind: 'org', organizationId: ctx.organizationId },
    userId: ctx.actorUserId,
    audit: (action, documentId, data) => ({
      organizationId: ctx.organizationId,
      action,
      entityType: 'document',
      entityId: documentId,
      requestId: ctx.requestId,
      data,
      ...actorOf(ctx),
    }),
  };
}

/** Only a signed-in user flagged isPlatformAdmin (the guard checked it; this narrows the type). */
export function platformLibraryActor(principal: AuthPrincipal, requestId: string): LibraryActor {
  if (principal.kind !== 'USER' || !principal.isPlatformAdmin) throw KnowledgeErrors.platformAdminOnly();
  const userId = principal.userId;
  return {
    scope: { kind: 'platform' },
    userId,
    audit: (action, documentId, data) => ({
      organizationId: null,
      action,
      entityType: 'document',
      entityId: documentId,
      requestId,
      actorType: 'USER',
      actorUserId: userId,
      data,
    }),
  };
}

import { Inject, Injectable } from '@nestjs/common';
import type {
  TCreateWebhookRequest,
  TListWebhookDeliveriesQuery,
  TListWebhookDeliveriesResponse,
  TListWebhooksResponse,
  TRotateWebhookSecretRequest,
  TUpdateWebhookRequest,
  TWebhookDelivery,
  TWebhookEndpoint,
  TWebhookSecretResponse,
} from '@amms/contracts/webhooks';
import { AuditService } from '../../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { AppError, versionConflict } from '../../platform/errors/app-error.js';
import { decodeCursor, decodeIdCursor, encodeCursor, pageOf } from '../../platform/http/cursor.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { newSecret } from './signing.js';
import { checkTarget } from '../../platform/http/ssrf.js';
import { toDelivery, toEndpoint, WebhookErrors } from './webhooks.mappers.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** Webhook endpoints of an org (admins: webhook.manage), their delivery log and redelivery. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(ctx: OrgContext, limit: number, cursor?: string): Promise<TListWebhooksResponse> {
    const rows = await this.repo.listEndpoints(
      ctx.organizationId,
      cursor ? decodeIdCursor(cursor) : undefined,
      limit + 1,
    );
    return pageOf(rows, limit, toEndpoint);
  }

  async get(ctx: OrgContext, id: string): Promise<TWebhookEndpoint> {
    const row = await this.repo.findEndpoint(undefined, ctx.organizationId, id);
    if (!row) throw WebhookErrors.notFound();
    return toEndpoint(row);
  }

  async create(ctx: OrgContext, input: TCreateWebhookRequest): Promise<TWebhookSecretResponse> {
    if (!ctx.membershipId) throw WebhookErrors.memberOnly();
    await this.assertTarget(input.url);
    const secret = newSecret();
    const eventTypes = [...new Set(input.eventTypes)];
    const row = await this.repo.transaction(async (tx) => {
      const created = await this.repo.createEndpoint(tx, {
        organizationId: ctx.organizationId,
        url: input.url,
        description: input.description || null,
        eventTypes,
        enabled: input.enabled,
        secret,
        createdByMembershipId: ctx.membershipId!,
        createdByUserId: ctx.actorUserId,
      });
      await this.audit.record(tx, ctx, 'webhook.created', 'webhook', created.id, {
        url: input.url,
        eventTypes,
        enabled: input.enabled,
      });
      return created;
    });
    return { endpoint: toEndpoint(row), secret };
  }

  async update(ctx: OrgContext, id: string, input: TUpdateWebhookRequest): Promise<TWebhookEndpoint> {
    if (input.url !== undefined) await this.assertTarget(input.url);
    return this.repo.transaction(async (tx) => {
      const current = await this.repo.lockEndpoint(tx, ctx.organizationId, id);
      if (!current) throw WebhookErrors.notFound();
      if (current.version !== input.version) throw versionConflict(toEndpoint(current));
      const enabling = input.enabled === true && !current.enabled;
      const updated = await this.repo.updateEndpoint(tx, id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.eventTypes !== undefined ? { eventTypes: [...new Set(input.eventTypes)] } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        // re-enabled by an admin: a fresh start for the "failing for days" rule
        ...(enabling ? { disabledReason: null, failingSince: null } : {}),
        ...(input.enabled === false ? { disabledReason: null } : {}),
        version: { increment: 1 },
      });
      const { version: _v, ...changes } = input;
      await this.audit.record(tx, ctx, 'webhook.updated', 'webhook', id, { changes });
      return toEndpoint(updated);
    });
  }

  /** Soft delete: its deliveries stay in the log; queued ones are skipped when they come up. */
  async remove(ctx: OrgContext, id: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.lockEndpoint(tx, ctx.organizationId, id);
      if (!current) throw WebhookErrors.notFound();
      await this.repo.updateEndpoint(tx, id, { deletedAt: new Date(), enabled: false, version: { increment: 1 } });
      await this.audit.record(tx, ctx, 'webhook.deleted', 'webhook', id, { url: current.url });
    });
  }

  /** A new secret (answered once); the current one keeps signing for `overlapSeconds` next to it. */
  async rotateSecret(ctx: OrgContext, id: string, input: TRotateWebhookSecretRequest): Promise<TWebhookSecretResponse> {
    const secret = newSecret();
    return this.repo.transaction(async (tx) => {
      const current = await this.repo.lockEndpoint(tx, ctx.organizationId, id);
      if (!current) throw WebhookErrors.notFound();
      const until = new Date(Date.now() + input.overlapSeconds * 1000);
      const updated = await this.repo.updateEndpoint(tx, id, {
        secret,
        previousSecret: input.overlapSeconds > 0 ? current.secret : null,
        previousSecretExpiresAt: input.overlapSeconds > 0 ? until : null,
        version: { increment: 1 },
      });
      await this.audit.record(tx, ctx, 'webhook.secret_rotated', 'webhook', id, {
        overlapSeconds: input.overlapSeconds,
      });
      return { endpoint: toEndpoint(updated), secret };
    });
  }

  async deliveries(
    ctx: OrgContext,
    endpointId: string,
    q: TListWebhookDeliveriesQuery,
  ): Promise<TListWebhookDeliveriesResponse> {
    if (!(await this.repo.findEndpoint(undefined, ctx.organizationId, endpointId))) throw WebhookErrors.notFound();
    const rows = await this.repo.listDeliveries(ctx.organizationId, endpointId, {
      status: q.status,
      after: q.cursor ? this.decodeDeliveryCursor(q.cursor) : undefined,
      limit: q.limit + 1,
    });
    return pageOf(rows, q.limit, toDelivery, (r) => `${r.createdAt.toISOString()}|${r.id}`);
  }

  async delivery(ctx: OrgContext, endpointId: string, deliveryId: string): Promise<TWebhookDelivery> {
    const row = await this.repo.findDelivery(undefined, ctx.organizationId, deliveryId);
    if (
      !row ||
      row.endpointId !== endpointId ||
      !(await this.repo.findEndpoint(undefined, ctx.organizationId, endpointId))
    )
      throw WebhookErrors.deliveryNotFound();
    return toDelivery(row);
  }

  /** Sends the event again to this endpoint as a new delivery (fresh attempts, same event id). */
  async redeliver(ctx: OrgContext, endpointId: string, deliveryId: string): Promise<TWebhookDelivery> {
    return this.repo.transaction(async (tx) => {
      const endpoint = await this.repo.findEndpoint(tx, ctx.organizationId, endpointId);
      const original = endpoint ? await this.repo.findDelivery(tx, ctx.organizationId, deliveryId) : null;
      if (!endpoint || !original || original.endpointId !== endpointId) throw WebhookErrors.deliveryNotFound();
      const created = await this.repo.createDelivery(tx, {
        organizationId: ctx.organizationId,
        endpointId,
        eventId: original.eventId,
        redeliveryOfId: original.id,
      });
      await this.outbox.enqueue(tx, ctx.organizationId, 'webhook.deliver', {
        organizationId: ctx.organizationId,
        deliveryId: created.id,
      });
      await this.audit.record(tx, ctx, 'webhook.redelivered', 'webhook', endpointId, {
        deliveryId: created.id,
        redeliveryOf: original.id,
        eventId: original.eventId,
      });
      const row = await this.repo.findDelivery(tx, ctx.organizationId, created.id);
      return toDelivery(row!);
    });
  }

  private async assertTarget(url: string): Promise<void> {
    const verdict = await checkTarget(new URL(url), this.config.webhooks.allowHosts);
    if (!verdict.ok) throw WebhookErrors.urlRefused(verdict.reason);
  }

  private decodeDeliveryCursor(cursor: string): { createdAt: Date; id: string } {
    const [at, id] = decodeCursor(cursor).split('|');
    const createdAt = new Date(at ?? '');
    if (!id || Number.isNaN(createdAt.getTime())) {
      throw new AppError('VALIDATION_FAILED', 'Invalid cursor', [
        { path: 'cursor', message: 'not a cursor this list returned', code: 'invalid_format' },
      ]);
    }
    decodeIdCursor(encodeCursor(id));
    return { createdAt, id };
  }
}

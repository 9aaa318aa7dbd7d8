import { Inject, Injectable } from '@nestjs/common';
import type {
  TCreateTelematicsSourceRequest,
  TLinkTelematicsUnitRequest,
  TTelematicsSource,
  TTelematicsUnit,
  TUpdateTelematicsSourceRequest,
} from '@amms/contracts/telematics-sources';
import { AuditService } from '../../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { versionConflict } from '../../platform/errors/app-error.js';
import { enqueueOutbox } from '../../platform/outbox/outbox.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { assetScope } from '../../platform/access/asset-scope.js';
import { AssetsRepository } from '../../assets/assets.repository.js';
import { checkTarget } from '../../platform/http/ssrf.js';
import { SecretBox } from './secret-box.js';
import { SourceErrors, toSource, toUnit } from './sources.mappers.js';
import { SourcesRepository } from './sources.repository.js';

/** The additional data a source's sealed secret is bound to. */
export const secretAad = (organizationId: string, sourceId: string) =>
  `telematics-source:${organizationId}:${sourceId}`;

export function secretBoxOf(config: AppConfig): SecretBox | null {
  return config.telematics.secretKey
    ? new SecretBox(config.telematics.secretKey, config.telematics.previousSecretKey)
    : null;
}

/**
 * An org's telematics sources (admins: telematics.manage): the AEMP endpoints it polls, with
 * their secrets sealed and never answered, and the units they report that are not linked yet.
 * A change writes a `telematics.schedule` outbox row: the worker moves the source's schedule.
 */
@Injectable()
export class TelematicsSourcesService {
  private readonly box: SecretBox | null;

  constructor(
    private readonly repo: SourcesRepository,
    private readonly assets: AssetsRepository,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.box = secretBoxOf(config);
  }

  private sealer(): SecretBox {
    if (!this.box) throw SourceErrors.notConfigured();
    return this.box;
  }

  private async assertUrl(field: string, url: string | undefined) {
    if (url === undefined) return;
    const r = await checkTarget(new URL(url), this.config.webhooks.allowHosts);
    if (!r.ok) throw SourceErrors.urlRefused(field, r.reason);
  }

  async list(ctx: OrgContext): Promise<{ items: TTelematicsSource[] }> {
    return { items: (await this.repo.list(ctx.organizationId)).map(toSource) };
  }

  async get(ctx: OrgContext, id: string): Promise<TTelematicsSource> {
    const row = await this.repo.find(ctx.organizationId, id);
    if (!row) throw SourceErrors.notFound();
    return toSource(row);
  }

  async create(ctx: OrgContext, input: TCreateTelematicsSourceRequest): Promise<TTelematicsSource> {
    if (!ctx.membershipId || ctx.principal.kind !== 'USER') throw SourceErrors.memberOnly();
    const box = this.sealer();
    await this.assertUrl('baseUrl', input.baseUrl);
    await this.assertUrl('tokenUrl', input.tokenUrl);
    const id = await this.repo.transaction(async (tx) => {
      const id = crypto.randomUUID();
      await this.repo.create(tx, {
        id,
        organizationId: ctx.organizationId,
        name: input.name,
        baseUrl: input.baseUrl,
        authKind: input.authKind,
        username: input.username,
        tokenUrl: input.tokenUrl ?? null,
        secretSealed: box.seal(input.secret, secretAad(ctx.organizationId, id)),
        pollEveryMinutes: input.pollEveryMinutes,
        enabled: input.enabled,
        createdByMembershipId: ctx.membershipId!,
      });
      await this.audit.record(tx, ctx, 'telematics_source.created', 'telematics_source', id, {
        name: input.name,
        baseUrl: input.baseUrl,
        authKind: input.authKind,
      });
      await enqueueOutbox(tx, ctx.organizationId, 'telematics.schedule', {});
      return id;
    });
    return this.get(ctx, id);
  }

  async update(ctx: OrgContext, id: string, input: TUpdateTelematicsSourceRequest): Promise<TTelematicsSource> {
    await this.assertUrl('baseUrl', input.baseUrl);
    await this.assertUrl('tokenUrl', input.tokenUrl);
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.lock(tx, ctx.organizationId, id);
      if (!current) throw SourceErrors.notFound();
      if (current.version !== input.version)
        throw versionConflict(toSource({ ...current, linkedUnits: 0, unmatchedUnits: 0 }));
      if (input.tokenUrl !== undefined && current.authKind !== 'OAUTH2')
        throw SourceErrors.urlRefused('tokenUrl', 'only an OAUTH2 source has a token URL');
      const { version: _v, secret, ...changes } = input;
      await this.repo.update(tx, ctx.organizationId, id, {
        ...changes,
        // a new secret (rotation), or the stored one re-sealed under the current key
        ...(secret !== undefined
          ? { secretSealed: this.sealer().seal(secret, secretAad(ctx.organizationId, id)) }
          : {}),
        // re-enabled or re-pointed: a fresh start for its status
        ...(input.enabled === true || input.baseUrl !== undefined || secret !== undefined
          ? { consecutiveFailures: 0 }
          : {}),
        version: { increment: 1 },
      });
      await this.audit.record(tx, ctx, 'telematics_source.updated', 'telematics_source', id, {
        changes,
        secretRotated: secret !== undefined,
      });
      await enqueueOutbox(tx, ctx.organizationId, 'telematics.schedule', {});
    });
    return this.get(ctx, id);
  }

  async remove(ctx: OrgContext, id: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.lock(tx, ctx.organizationId, id);
      if (!current) throw SourceErrors.notFound();
      // the secret goes with it: a deleted source keeps nothing that signs in
      await this.repo.update(tx, ctx.organizationId, id, {
        deletedAt: new Date(),
        enabled: false,
        secretSealed: '',
        version: { increment: 1 },
      });
      await this.audit.record(tx, ctx, 'telematics_source.deleted', 'telematics_source', id, { name: current.name });
      await enqueueOutbox(tx, ctx.organizationId, 'telematics.schedule', {});
    });
  }

  /** Units not linked to a machine (and not ignored): `all` lists every unit. */
  async units(ctx: OrgContext, all: boolean): Promise<{ items: TTelematicsUnit[] }> {
    const rows = await this.repo.listUnits(ctx.organizationId, all ? {} : { assetId: null, ignoredAt: null });
    return { items: rows.map(toUnit) };
  }

  /** Links a unit to one of the org's machines (inside the caller's scope), or ignores it. */
  async link(ctx: OrgContext, unitId: string, input: TLinkTelematicsUnitRequest): Promise<TTelematicsUnit> {
    const unit = await this.repo.findUnit(ctx.organizationId, unitId);
    if (!unit) throw SourceErrors.unitNotFound();
    if ('assetId' in input) {
      const asset = await this.assets.findAssetById(undefined, ctx.organizationId, input.assetId, assetScope(ctx));
      if (!asset) throw SourceErrors.assetNotFound();
    }
    return this.repo.transaction(async (tx) => {
      const row =
        'assetId' in input
          ? await this.repo.updateUnit(tx, unitId, { assetId: input.assetId, unmatchedReason: null, ignoredAt: null })
          : await this.repo.updateUnit(tx, unitId, { ignoredAt: new Date() });
      await this.audit.record(tx, ctx, 'telematics_unit.linked', 'telematics_source', unit.sourceId, {
        unitId,
        equipmentKey: unit.equipmentKey,
        ...('assetId' in input ? { assetId: input.assetId } : { ignored: true }),
      });
      return toUnit(row);
    });
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import type { TTelematicsReadingInput } from '@amms/contracts/telematics';
import type { TTelematicsPollResult } from '@amms/contracts/telematics-sources';
import { TELEMATICS_MAX_BATCH } from '@amms/contracts/telematics';
import type { TelematicsSource } from '@amms/db';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { OrgContext } from '../../platform/access/context.js';
import { may } from '../../platform/access/permission.js';
import { memberContext } from '../../tenancy/member-context.js';
import { TelematicsIngestService } from '../telematics-ingest.service.js';
import { serialKey } from '../reading-rows.js';
import { AempClient, AempError, type AempAuth } from './aemp-client.js';
import { AEMP_SERIES, unitKey, type AempSeries, type TAempEquipment } from './aemp-shapes.js';
import { seriesRows, snapshotRows } from './pull-rows.js';
import { SecretBox } from './secret-box.js';
import { secretAad, secretBoxOf } from './sources.service.js';
import { SourcesRepository } from './sources.repository.js';
import { SourceErrors } from './sources.mappers.js';

/** The first cycle of a source reads this far back in the time series. */
const FIRST_WINDOW_MS = 24 * 3_600_000;
/** at most this many pages of one unit's series per cycle */
const SERIES_MAX_PAGES = 20;

class CycleFailed extends Error {}

/**
 * One poll cycle of a source: signs in, pages through the fleet snapshot, records every unit it
 * reports (matched to a machine by serial number / PIN, else listed as unmatched), reads the
 * linked units' time series since the last good cycle (where the endpoint offers them), and
 * hands everything to the same ingest as the push API (origin PULL): the same row checks,
 * plausibility and idempotency. The cycle acts as the member who connected the source (re-read
 * now: a removed member's source stops). A failure marks the source FAILING with the reason;
 * what was ingested before it stays (the next cycle re-reads the same window, idempotently).
 */
@Injectable()
export class TelematicsPullService {
  private readonly log = new Logger('TelematicsPull');
  private readonly box: SecretBox | null;

  constructor(
    private readonly repo: SourcesRepository,
    private readonly ingest: TelematicsIngestService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.box = secretBoxOf(config);
  }

  async poll(
    organizationId: string,
    sourceId: string,
    opts: { scheduled?: boolean } = {},
  ): Promise<TTelematicsPollResult> {
    const source = await this.repo.find(organizationId, sourceId);
    if (!source) throw SourceErrors.notFound();
    const result: TTelematicsPollResult = {
      sourceId,
      ok: false,
      pages: 0,
      requests: 0,
      units: 0,
      linked: 0,
      unmatched: 0,
      accepted: 0,
      duplicates: 0,
      rejected: 0,
      flagged: 0,
      error: null,
    };
    if (opts.scheduled && !source.enabled) return { ...result, error: 'disabled' };
    const started = new Date();
    let client: AempClient | null = null;
    try {
      const ctx = await this.actor(source);
      client = new AempClient({
        baseUrl: source.baseUrl,
        auth: this.auth(source),
        timeoutMs: this.config.telematics.timeoutMs,
        maxAttempts: this.config.telematics.maxAttempts,
        retryBaseMs: this.config.telematics.retryBaseMs,
        allowHosts: this.config.webhooks.allowHosts,
      });
      // the snapshot's rows wait for the unit's series: a unit's readings are ingested oldest first
      // (an older series value after the newer snapshot would be judged out of order)
      const linked: { equipmentKey: string; assetId: string; rows: TTelematicsReadingInput[] }[] = [];
      for await (const page of client.fleet(this.config.telematics.maxPages)) {
        result.pages++;
        const units = await this.matchUnits(source, page.Equipment, started);
        result.units += page.Equipment.length;
        for (const e of page.Equipment) {
          const key = unitKey(e.EquipmentHeader);
          const assetId = key ? units.get(key) : undefined;
          if (assetId)
            linked.push({
              equipmentKey: e.EquipmentHeader.EquipmentID ?? key!,
              assetId,
              rows: snapshotRows(assetId, e),
            });
        }
      }
      result.linked = linked.length;
      result.unmatched = result.units - linked.length;
      const from = source.seriesFrom ?? new Date(started.getTime() - FIRST_WINDOW_MS);
      const offered = new Set<AempSeries>(AEMP_SERIES);
      let buffer: TTelematicsReadingInput[] = [];
      for (const u of linked) {
        const rows = [...u.rows];
        for (const series of AEMP_SERIES) {
          if (!offered.has(series)) continue;
          const pages = await client.series(u.equipmentKey, series, from, started, SERIES_MAX_PAGES);
          if (pages === null)
            offered.delete(series); // not offered by this endpoint: not asked again this cycle
          else rows.push(...seriesRows(u.assetId, pages));
        }
        buffer.push(...rows.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)));
        if (buffer.length >= TELEMATICS_MAX_BATCH) {
          await this.feed(ctx, buffer, result);
          buffer = [];
        }
      }
      await this.feed(ctx, buffer, result);
      result.ok = true;
      result.requests = client.requests;
      await this.repo.update(undefined, organizationId, sourceId, {
        status: 'OK',
        consecutiveFailures: 0,
        lastPolledAt: started,
        lastSuccessAt: new Date(),
        lastError: null,
        seriesFrom: started,
      });
      return result;
    } catch (e) {
      const message =
        e instanceof AempError || e instanceof CycleFailed ? e.message : `internal error: ${(e as Error).message}`;
      if (!(e instanceof AempError || e instanceof CycleFailed)) this.log.error(e);
      result.error = message.slice(0, 500);
      result.requests = client?.requests ?? 0;
      await this.repo.update(undefined, organizationId, sourceId, {
        status: 'FAILING',
        consecutiveFailures: { increment: 1 },
        lastPolledAt: started,
        lastError: result.error,
      });
      return result;
    }
  }

  /** The member who connected the source, as they are now (ACTIVE, still holding telematics.manage). */
  private async actor(source: TelematicsSource): Promise<OrgContext> {
    const m = await this.repo.creator(source.organizationId, source.createdByMembershipId);
    if (!m || m.status !== 'ACTIVE') throw new CycleFailed('the member who connected this source is no longer active');
    const requestId = `telematics-poll:${source.id}:${Date.now()}`;
    const ctx = memberContext(
      source.organizationId,
      { kind: 'USER', userId: m.userId, sessionId: requestId, isPlatformAdmin: m.user.isPlatformAdmin },
      { id: m.id, role: m.role, dataScope: m.dataScope, status: m.status, teamIds: m.teams.map((t) => t.teamId) },
      requestId,
    );
    if (!may(ctx, 'telematics.manage'))
      throw new CycleFailed('the member who connected this source may no longer manage telematics sources');
    return ctx;
  }

  private auth(source: TelematicsSource): AempAuth {
    if (!this.box) throw new CycleFailed('TELEMATICS_SECRET_KEY is not configured');
    let secret: string;
    try {
      secret = this.box.open(source.secretSealed, secretAad(source.organizationId, source.id));
    } catch (e) {
      throw new CycleFailed(`the stored secret cannot be opened: ${(e as Error).message}`);
    }
    return source.authKind === 'BASIC'
      ? { kind: 'BASIC', username: source.username, password: secret }
      : { kind: 'OAUTH2', clientId: source.username, clientSecret: secret, tokenUrl: source.tokenUrl ?? '' };
  }

  /**
   * Records a page's units and answers unit key → machine for the linked ones. A unit not linked
   * yet (and not ignored) is matched by serial number, then PIN: exactly one live machine of the
   * org → linked; none or two → left unmatched with the reason.
   */
  private async matchUnits(source: TelematicsSource, equipment: TAempEquipment[], at: Date) {
    const seen = new Map<string, TAempEquipment['EquipmentHeader']>();
    for (const e of equipment) {
      const key = unitKey(e.EquipmentHeader);
      if (key) seen.set(key, e.EquipmentHeader);
    }
    const rows = await this.repo.upsertUnits(
      source.organizationId,
      source.id,
      [...seen].map(([equipmentKey, h]) => ({
        equipmentKey,
        oemName: h.OEMName ?? null,
        model: h.Model ?? null,
        serialNumber: h.SerialNumber ?? null,
        pin: h.PIN ?? null,
      })),
      at,
    );
    const open = rows.filter((r) => r.assetId === null && r.ignoredAt === null);
    const wanted = [...new Set(open.flatMap((r) => [r.serialNumber, r.pin]).filter((s): s is string => !!s?.trim()))];
    const assets = await this.repo.assetsBySerial(
      source.organizationId,
      wanted.map((s) => s.trim()),
    );
    const bySerial = new Map<string, string[]>();
    for (const a of assets)
      bySerial.set(serialKey(a.serialNumber), [...(bySerial.get(serialKey(a.serialNumber)) ?? []), a.id]);
    const out = new Map<string, string>();
    for (const r of rows) if (r.assetId) out.set(r.equipmentKey, r.assetId);
    const byReason = new Map<string, string[]>();
    for (const r of open) {
      const candidates =
        [r.serialNumber, r.pin]
          .filter((s): s is string => !!s?.trim())
          .map((s) => bySerial.get(serialKey(s)) ?? [])
          .find((m) => m.length > 0) ?? [];
      if (candidates.length === 1) {
        out.set(r.equipmentKey, candidates[0]!);
        await this.repo.setMatch([r.id], candidates[0]!, null);
      } else {
        const reason = candidates.length > 1 ? 'AMBIGUOUS' : 'NO_MATCH';
        if (r.unmatchedReason !== reason) byReason.set(reason, [...(byReason.get(reason) ?? []), r.id]);
      }
    }
    for (const [reason, ids] of byReason) await this.repo.setMatch(ids, null, reason);
    return out;
  }

  private async feed(ctx: OrgContext, rows: TTelematicsReadingInput[], result: TTelematicsPollResult) {
    for (let i = 0; i < rows.length; i += TELEMATICS_MAX_BATCH) {
      const r = await this.ingest.ingest(ctx, rows.slice(i, i + TELEMATICS_MAX_BATCH), 'PULL');
      result.accepted += r.accepted;
      result.duplicates += r.duplicates;
      result.rejected += r.rejected;
      result.flagged += r.flagged;
    }
  }
}

import type { TTelematicsSource, TTelematicsUnit } from '@amms/contracts/telematics-sources';
import type { TelematicsEquipment } from '@amms/db';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { SourceRow } from './sources.repository.js';

/** The API's view of a source: everything but the secret (only whether one is stored). */
export function toSource(r: SourceRow): TTelematicsSource {
  return {
    id: r.id,
    name: r.name,
    baseUrl: r.baseUrl,
    authKind: r.authKind,
    username: r.username,
    tokenUrl: r.tokenUrl,
    hasSecret: r.secretSealed.length > 0,
    pollEveryMinutes: r.pollEveryMinutes,
    enabled: r.enabled,
    status: r.status,
    consecutiveFailures: r.consecutiveFailures,
    lastPolledAt: r.lastPolledAt?.toISOString() ?? null,
    lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
    lastError: r.lastError,
    linkedUnits: r.linkedUnits,
    unmatchedUnits: r.unmatchedUnits,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toUnit(u: TelematicsEquipment & { source: { name: string } }): TTelematicsUnit {
  return {
    id: u.id,
    sourceId: u.sourceId,
    sourceName: u.source.name,
    equipmentKey: u.equipmentKey,
    oemName: u.oemName,
    model: u.model,
    serialNumber: u.serialNumber,
    pin: u.pin,
    reason: u.assetId ? null : ((u.unmatchedReason as TTelematicsUnit['reason']) ?? 'NO_MATCH'),
    assetId: u.assetId,
    ignored: u.ignoredAt !== null,
    lastSeenAt: u.lastSeenAt.toISOString(),
  };
}

export const SourceErrors = {
  notFound: () => notFound('Telematics source'),
  unitNotFound: () => notFound('Telematics unit'),
  assetNotFound: () => notFound('Asset'),
  memberOnly: () => new AppError('FORBIDDEN', 'A telematics source is connected by a member, not an API key'),
  notConfigured: () =>
    new AppError(
      'TELEMATICS_NOT_CONFIGURED',
      'Telematics sources need TELEMATICS_SECRET_KEY (the key their secrets are sealed with) in the configuration',
    ),
  urlRefused: (field: string, reason: string) =>
    new AppError('TELEMATICS_URL_REFUSED', `${field}: ${reason}`, [
      { path: field, message: reason, code: 'invalid_value' },
    ]),
};

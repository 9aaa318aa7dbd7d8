import type { TelematicsOrigin } from '@amms/db';
import type { OrgContext } from '../platform/access/context.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import { enqueueOutboxMany } from '../platform/outbox/outbox.service.js';
import type { ReadingRow, TelematicsRepository } from './telematics.repository.js';

/**
 * A fault-code report is the machine's whole active list at that time: a code in it opens a
 * fault unless one is active already (then it is seen again); an active code missing from it
 * is cleared at the report's time. A pulled report (an AEMP FaultCodes time series) is one
 * event, not the whole list: it opens or sees its codes and clears nothing.
 */
export async function applyFaultReports(
  repo: TelematicsRepository,
  tx: Tx,
  ctx: OrgContext,
  inserted: ReadingRow[],
  origin: TelematicsOrigin,
): Promise<void> {
  const reports = inserted.filter((r) => r.kind === 'FAULT_CODES').sort((a, b) => a.at.getTime() - b.at.getTime());
  if (reports.length === 0) return;
  const active = new Map<string, Map<string, string>>();
  for (const f of await repo.activeFaults(tx, ctx.organizationId, [...new Set(reports.map((r) => r.assetId))])) {
    const m = active.get(f.assetId) ?? new Map<string, string>();
    m.set(f.code, f.id);
    active.set(f.assetId, m);
  }
  const raised = new Set<string>();
  const opened: string[] = [];
  for (const r of reports) {
    const mine = active.get(r.assetId) ?? new Map<string, string>();
    active.set(r.assetId, mine);
    const now = new Set(r.faultCodes);
    const seen = [...mine].filter(([code]) => now.has(code)).map(([, id]) => id);
    const gone = origin === 'PULL' ? [] : [...mine].filter(([code]) => !now.has(code));
    await repo.touchFaults(tx, ctx.organizationId, seen, r.at);
    await repo.clearFaults(
      tx,
      ctx.organizationId,
      gone.map(([, id]) => id),
      r.at,
    );
    for (const [code] of gone) mine.delete(code);
    for (const code of now) {
      if (mine.has(code)) continue;
      const f = await repo.createFault(tx, ctx.organizationId, { assetId: r.assetId, code, at: r.at });
      mine.set(code, f.id);
      opened.push(f.id);
      raised.add(r.assetId);
    }
  }
  // each new fault: the agent's diagnosis in the worker (a draft corrective work order a person confirms)
  await enqueueOutboxMany(
    tx,
    ctx.organizationId,
    'telematics.diagnose',
    opened.map((faultId) => ({ organizationId: ctx.organizationId, faultId })),
  );
  // one event per machine with a new code, in this transaction: its mechanics are told (notifications/)
  await WebhookEvents.emitEach(tx, ctx, 'asset.fault_raised', [...raised].sort());
}

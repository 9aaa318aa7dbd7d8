'use client';

import { onlineManager } from '@tanstack/react-query';
import type { QueuedWrite } from '@/lib/offline/db';
import { enqueueWrite, listWrites, type NewWrite } from '@/lib/offline/queue';

export const isOffline = () => !onlineManager.isOnline();

export type QueueInput = Omit<NewWrite, 'id' | 'occurredAt' | 'dependsOn' | 'versionFromDep'> & {
  id?: string;
  occurredAt?: string;
  dependsOn?: string;
};

/**
 * Queue a write made offline. A write on a record that already has a write waiting (start,
 * then complete, of one job) goes behind it and takes its version from that write's answer,
 * so the chain replays without a self-made 409. The body gets `occurredAt` (when the person
 * acted) unless it is a photo (the upload has no such field).
 */
export async function queueWrite(input: QueueInput): Promise<QueuedWrite> {
  const occurredAt = input.occurredAt ?? new Date().toISOString();
  let dependsOn = input.dependsOn;
  let versionFromDep = false;
  if (!dependsOn && input.entity.id) {
    const waiting = (await listWrites()).filter(
      (w) => w.state === 'pending' && w.entity.type === input.entity.type && w.entity.id === input.entity.id,
    );
    const last = waiting.at(-1);
    if (last) {
      dependsOn = last.id;
      versionFromDep = input.body?.version !== undefined;
    }
  }
  const body = input.file || !input.body ? input.body : { ...input.body, occurredAt };
  return enqueueWrite({
    ...input,
    id: input.id ?? crypto.randomUUID(),
    body,
    occurredAt,
    ...(dependsOn ? { dependsOn, versionFromDep } : {}),
  });
}

/**
 * A photo for a work order (multipart `file` to …/work-orders/:id/attachments): for an existing
 * order by its id, or behind the queued fault report that will create it (`dependsOn`).
 */
export function queuePhoto(
  orgId: string,
  file: File,
  target: { id: string; label: string } | { dependsOn: string; label: string },
): Promise<QueuedWrite> {
  const id = 'id' in target ? encodeURIComponent(target.id) : '{dep}';
  return queueWrite({
    orgId,
    kind: 'workorder.photo',
    method: 'POST',
    path: `orgs/${encodeURIComponent(orgId)}/work-orders/${id}/attachments`,
    file: { blob: file, name: file.name || 'photo.jpg' },
    idempotencyKey: crypto.randomUUID(),
    entity: { type: 'work_order', id: 'id' in target ? target.id : null },
    label: target.label,
    ...('dependsOn' in target ? { dependsOn: target.dependsOn } : {}),
  });
}

// Following a Server-Sent Events stream from a test: the parsed events as they arrive, whether
// and when the stream ended, and a way to leave.
import type { PrismaClient } from '@amms/db';
import { orgPath } from './assertions.js';
import type { TestOrg } from './harness.js';

export interface StreamEvent {
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read event payloads loosely
  data: any;
  at: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET /executions/:id/events as `token` (a Bearer access token) or `{ apiKey }`. */
export async function follow(base: string, auth: string | { apiKey: string }, orgId: string, id: string) {
  const abort = new AbortController();
  const authorization = typeof auth === 'string' ? `Bearer ${auth}` : `ApiKey ${auth.apiKey}`;
  const res = await fetch(`${base}${orgPath(orgId, `/executions/${id}/events`)}`, {
    headers: { authorization, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  const ended = (async () => {
    if (!res.ok || !res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data), at: Date.now() });
        }
      }
    } catch {
      /* aborted by the test */
    }
  })();
  const endedWithin = (ms: number) => Promise.race([ended.then(() => true), sleep(ms).then(() => false)]);
  return { res, events, ended, endedWithin, close: () => abort.abort() };
}

/**
 * A draft (version 1, no items) created by the org's DISPATCHER, and a PENDING execution of it
 * that nothing will run (no worker on this database): a stream on it stays open until the
 * test ends it or the caller's rights go.
 */
export async function pendingExecution(db: PrismaClient, org: TestOrg): Promise<string> {
  const by = org.users.DISPATCHER;
  const draft = await db.draft.create({
    data: {
      organizationId: org.id,
      kind: 'SCHEDULE',
      title: 'stream test',
      createdByUserId: by.id,
      currentVersion: 1,
      status: 'EXECUTING',
    },
  });
  await db.draftVersion.create({
    data: {
      organizationId: org.id,
      draftId: draft.id,
      version: 1,
      items: [],
      unplaced: [],
      validation: { ok: true, violations: [], warnings: [] },
      evidence: [],
      contentHash: 'x'.repeat(64),
      createdByUserId: by.id,
    },
  });
  const exec = await db.execution.create({
    data: {
      organizationId: org.id,
      draftId: draft.id,
      version: 1,
      initiatorUserId: by.id,
      initiatorMembershipId: by.membershipId,
      itemsTotal: 0,
    },
  });
  return exec.id;
}

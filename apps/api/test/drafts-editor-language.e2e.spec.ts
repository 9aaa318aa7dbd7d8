import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ZDraftDetail, type TDraftDetail } from '@amms/contracts/drafts';
import { appForFile } from './support/world.js';
import { followUpRun, licensedWorld, type FollowUpWorld } from './support/followup-world.js';
import { expectStatus, orgPath } from './assertions.js';
import { call } from './harness.js';

/**
 * Issue 25: an edit made in the web editor (POST /drafts/:id/versions, no conversation) is said
 * in its reader's language, as the rest of the API decides it: the request's Accept-Language
 * (the web's proxy sends the UI's language), else the member's locale (zh-CN by default). The
 * findings (codes unchanged), the changed item's reasons and the "removed by edit" detail.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const h = appForFile();

/**
 * A fresh two-item draft (both fields' harvests), then the editor's edit: the first field's item
 * handed to 李明 (no combine licence), the other job left out.
 */
async function editInEditor(w: FollowUpWorld, headers: Record<string, string> = {}): Promise<TDraftDetail> {
  const first = await followUpRun(h, w, '安排下周的收获');
  const items = first.draft!.items;
  expect(items.length, JSON.stringify(first.draft)).toBe(2);
  const kept = items.find((i) => i.jobId !== w.other)!;
  const res = await call(h.base, 'POST', orgPath(w.org.id, `/drafts/${first.draftId}/versions`), {
    token: w.t.DISPATCHER,
    headers: { 'idempotency-key': randomUUID(), ...headers },
    body: {
      basedOnVersion: 1,
      items: [
        {
          jobId: kept.jobId,
          primaryAssetId: w.a,
          implementAssetIds: [],
          operatorMembershipId: w.liMing,
          startsAt: kept.startsAt,
          endsAt: kept.endsAt,
        },
      ],
    },
  });
  expectStatus(res, 201);
  return ZDraftDetail.parse(res.body);
}

const v2 = (d: TDraftDetail) => d.versions.find((v) => v.version === 2)!;

describe('the web editor’s edits in the reader’s language', () => {
  let w: FollowUpWorld;
  beforeAll(async () => {
    w = await licensedWorld(h);
  });

  it('member locale zh-CN (the default), no Accept-Language → Chinese findings, reasons and removal', async () => {
    const v = v2(await editInEditor(w));
    const nq = v.validation.violations.find((x) => x.code === 'NOT_QUALIFIED');
    expect(nq, JSON.stringify(v.validation)).toBeDefined();
    expect(nq!.message).toContain('李明 没有开');
    expect(nq!.message).toContain('联合收割机驾驶证');
    const removed = v.unplaced.find((u) => u.jobId === w.other)!;
    expect(removed.reason).toBe('REMOVED_BY_EDIT');
    expect(removed.detail).toBe('第2版编辑时移出了草案');
    const why = v.evidence.find((e) => e.jobId === nq!.jobId)!.why ?? [];
    expect(why.find((x) => x.code === 'EDITED')!.text).toBe('在草案编辑器里手工改动');
    expect(why.find((x) => x.code === 'LICENCE')!.text).toContain('李明 没有联合收割机驾驶证');
  });

  it('Accept-Language: en → English', async () => {
    const v = v2(await editInEditor(w, { 'accept-language': 'en-GB,en;q=0.9,zh-CN;q=0.5' }));
    const nq = v.validation.violations.find((x) => x.code === 'NOT_QUALIFIED')!;
    expect(nq.message).toContain('李明 does not hold the combine licence');
    expect(v.unplaced.find((u) => u.jobId === w.other)!.detail).toBe('Removed from the draft in version 2');
    const why = v.evidence.find((e) => e.jobId === nq.jobId)!.why ?? [];
    expect(why.find((x) => x.code === 'EDITED')!.text).toBe('changed by hand in the draft editor');
  });

  it("the member's locale en without Accept-Language → English; Accept-Language zh-CN wins over it", async () => {
    await h.db.user.update({ where: { id: w.org.users.DISPATCHER.id }, data: { locale: 'en' } });
    const en = v2(await editInEditor(w));
    expect(en.validation.violations.find((x) => x.code === 'NOT_QUALIFIED')!.message).toContain('does not hold');
    const zh = v2(await editInEditor(w, { 'accept-language': 'zh-CN' }));
    expect(zh.validation.violations.find((x) => x.code === 'NOT_QUALIFIED')!.message).toContain('李明 没有开');
    expect(zh.unplaced.find((u) => u.jobId === w.other)!.detail).toBe('第2版编辑时移出了草案');
  });
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ZDraftDetail } from '@amms/contracts/drafts';
import { appForFile } from './support/world.js';
import { followUpRun, licensedWorld, type FollowUpWorld } from './support/followup-world.js';
import { LICENCE_UNTIL } from './draft-fixtures.js';
import { expectStatus, orgPath } from './assertions.js';
import { call } from './harness.js';

/**
 * Issue 25: a version a follow-up makes reads like the planned draft. Its findings are in the
 * conversation's language (the codes unchanged), e.g. a combine handed to an operator without
 * the combine licence; and an item the edit moved or reassigned carries its reasons again
 * (output, working day, licence, hour limit), not only "edited by".
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const h = appForFile();
const run = (w: FollowUpWorld, goal: string, conversationId?: string) => followUpRun(h, w, goal, conversationId);

describe('a follow-up version explained like a planned draft', () => {
  let w: FollowUpWorld;
  beforeAll(async () => {
    w = await licensedWorld(h);
  });

  it('zh: handing the combine to 李明 (no licence) → NOT_QUALIFIED said in Chinese, in the run and the version', async () => {
    const first = await run(w, `安排下周${w.field}的收获`);
    expect(first.draft!.items[0]!.operatorMembershipId).toBe(w.org.users.OPERATOR.membershipId);
    const second = await run(w, `把${w.field}的换给李明`, first.conversationId!);
    expect(second.intent).toBe('EDIT_DRAFT');
    expect(second.draft!.version).toBe(2);
    const v = second.draft!.validation.violations.find((x) => x.code === 'NOT_QUALIFIED');
    expect(v, JSON.stringify(second.draft!.validation)).toBeDefined();
    expect(v!.message).toContain('李明 没有开');
    expect(v!.message).toContain('联合收割机驾驶证');
    expect(v!.message).not.toMatch(/does not hold|required to run/);
    expect(second.message).toContain('联合收割机驾驶证');
    expect(second.message).not.toMatch(/does not hold|required to run/);

    const d = await call(h.base, 'GET', orgPath(w.org.id, `/drafts/${first.draftId}`), { token: w.t.DISPATCHER });
    expectStatus(d, 200);
    const stored = ZDraftDetail.parse(d.body).versions.find((x) => x.version === 2)!;
    expect(stored.validation.violations.map((x) => x.code)).toContain('NOT_QUALIFIED');
    expect(stored.validation.violations.find((x) => x.code === 'NOT_QUALIFIED')!.message).toContain('李明 没有开');
    // the edited item is re-explained: the licence reason names what he lacks, the edit is the reason for him
    const why = stored.evidence.find((e) => e.jobId === v!.jobId)!.why ?? [];
    expect(why.map((x) => x.code)).toContain('OUTPUT');
    expect(why.find((x) => x.code === 'LICENCE')!.text).toBe(
      `资质：李明 没有联合收割机驾驶证（${second.draft!.items[0]!.primaryAssetName} 要求）`,
    );
    expect(why.find((x) => x.code === 'EDITED')!.text).toBe(`按要求改动：“把${w.field}的换给李明”`);
    // the planner's own choices (when, which of the free machines, the operator being free) are not claimed
    for (const code of ['STARTS', 'CLOSE', 'OPERATOR']) expect(why.map((x) => x.code)).not.toContain(code);
  });

  it('zh: "那把周三的改到周四" → the moved item has its reasons again (output, day, licence, hours)', async () => {
    const first = await run(w, `安排下周${w.field}的收获`);
    const second = await run(w, '那把周三的改到周四', first.conversationId!);
    expect(second.draft!.version).toBe(2);
    expect(second.edit!.violations).toBe(0);
    const moved = second.draft!.items[0]!;
    const ev = second.draft!.evidence.find((e) => e.itemKey === moved.itemKey)!;
    expect(ev.edit?.version).toBe(2);
    const why = ev.why ?? [];
    const text = (code: string) => why.find((x) => x.code === code)?.text;
    expect(text('OUTPUT')).toBe(`产量：${moved.primaryAssetName} 收获 5 公顷/小时 × 20 公顷 ≈ 4 小时作业`);
    expect(text('WORKING_HOURS')).toMatch(/每天 \d\d:\d\d–\d\d:\d\d/);
    expect(text('LICENCE')).toBe(`资质：${moved.operatorName} 持有联合收割机驾驶证（有效至 ${LICENCE_UNTIL}）`);
    expect(text('HOURS_LIMIT')).toMatch(/上限 9 小时/);
    expect(text('FITS')).toContain(moved.primaryAssetName!);
    expect(text('EDITED')).toBe('按要求改动：“那把周三的改到周四”');
    expect(text('STARTS')).toBeUndefined();
    for (const x of why) expect(x.text).toMatch(/[\u4e00-\u9fff]/);
  });

  it('en: the same refusal in English for an English conversation', async () => {
    const first = await run(w, `plan next week's harvesting on ${w.field}`);
    expect(first.draft!.items.length).toBeGreaterThan(0);
    const second = await run(w, 'give it to 李明', first.conversationId!);
    expect(second.intent).toBe('EDIT_DRAFT');
    const v = second.draft!.validation.violations.find((x) => x.code === 'NOT_QUALIFIED');
    expect(v, JSON.stringify(second)).toBeDefined();
    expect(v!.message).toContain('李明 does not hold the combine licence');
    expect(second.message).toContain('combine licence');
  });
});

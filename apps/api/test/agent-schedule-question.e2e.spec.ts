import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { appForFile } from './support/world.js';
import { at, followUpRun, followUpWorld, type FollowUpWorld } from './support/followup-world.js';

/**
 * Issue 25 §3: a dispatcher asking what is already booked ("<machine>下周都排了什么", "<person>那台…",
 * "what is <machine> doing next week?") gets the calendar's bookings as an answer, in the goal's
 * language and the org's time zone, never a new scheduling draft of the whole week.
 */
const h = appForFile();
const run = (w: FollowUpWorld, goal: string) => followUpRun(h, w, goal);

describe('questions about what is booked', () => {
  let w: FollowUpWorld;
  let otherField: string;
  beforeAll(async () => {
    w = await followUpWorld(h);
    // 李明 on 收割机甲, next Thursday 09:00–12:00 (Shanghai), on the other field's job
    const r = await call(h.base, 'POST', orgPath(w.org.id, `/jobs/${w.other}/assign`), {
      token: w.t.DISPATCHER,
      body: { primaryAssetId: w.a, operatorMembershipId: w.liMing, startsAt: at(3, 9), endsAt: at(3, 12) },
    });
    expectStatus(r, 200);
    const job = await call(h.base, 'GET', orgPath(w.org.id, `/jobs/${w.other}`), { token: w.t.DISPATCHER });
    otherField = job.body.fieldName as string;
  });

  it('a machine named: its bookings, no draft', async () => {
    const r = await run(w, '收割机甲下周都排了什么？');
    expect(r.status).toBe('COMPLETED');
    expect(r.intent).toBe('SCHEDULE_QUESTION');
    expect(r.draftId).toBeNull();
    expect(r.answer!.intent).toBe('SCHEDULE_QUESTION');
    expect(r.answer!.text).toContain('共 1 项');
    expect(r.answer!.text).toContain(otherField);
    expect(r.answer!.text).toContain('李明');
    expect(r.answer!.text).toMatch(/09:00–12:00/);
    expect(r.answer!.sources[0]!.kind).toBe('job_calendar');
  });

  it('a person named, and the machine a person runs ("<person>那台")', async () => {
    const person = await run(w, '李明下周有活吗');
    expect(person.intent).toBe('SCHEDULE_QUESTION');
    expect(person.answer!.text).toContain(otherField);
    const theirs = await run(w, '李明那台下周都排了什么');
    expect(theirs.intent).toBe('SCHEDULE_QUESTION');
    expect(theirs.draftId).toBeNull();
    expect(theirs.answer!.text).toContain('收割机甲');
    expect(theirs.answer!.text).toContain(otherField);
  });

  it('nothing booked says so; English questions are answered in English', async () => {
    const free = await run(w, '收割机乙下周都排了什么');
    expect(free.answer!.text).toContain('没有安排');
    const en = await run(w, 'What is 收割机甲 doing next week?');
    expect(en.intent).toBe('SCHEDULE_QUESTION');
    expect(en.answer!.language).toBe('en');
    expect(en.answer!.text).toContain('1 booking');
    expect(en.answer!.text).not.toMatch(/[。：（）]/);
  });

  it('an order to plan stays a plan', async () => {
    const plan = await run(w, `安排下周${w.field}的收获`);
    expect(plan.intent).toBe('SCHEDULE_JOBS');
    expect(plan.draftId).not.toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZKnowledgeAnswer } from '@amms/contracts/knowledge';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { combineManual } from './knowledge/fixtures.js';
import { knowledgeEnv, type KnowledgeEnv, uploadManuals } from './knowledge/env.js';
import { buildPdf } from './knowledge/pdf-builder.js';

/**
 * Which machine a question is about (issue #24): two manuals of different machines in different
 * languages both say when the engine oil is changed. A question naming the machine (its kind, or
 * its maker printed only on the manual's cover) is answered from that machine's manual, also
 * across languages; one naming none is asked back (found false, both manuals offered), and asking
 * again with the manual picked answers from it. A manual the caller cannot read is a 404.
 * A question naming a tag or serial that one manual alone prints (its title or its text) is
 * answered from that manual, though other machines' manuals cover the topic as well.
 */
let env: KnowledgeEnv;
let org: TestOrg;
let token: string;
const docs: Record<'tractor' | 'combine', string> = { tractor: '', combine: '' };

/** An English tractor manual whose cover names its maker (the title does not). */
function tractorManual(): Buffer {
  return buildPdf([
    {
      lines: [
        { text: 'Kubota M7 Series', size: 24 },
        { text: 'M7-152 Tractor Operator’s Manual', size: 24 },
        { text: 'Edition 2' },
      ],
    },
    {
      lines: [
        { text: '3 Maintenance', size: 18 },
        { text: '3.1 Service intervals', size: 14 },
        { cells: ['Item', 'Interval', 'Service'] },
        { cells: ['Engine oil', 'Every 500 hours', 'Change the engine oil and the oil filter'] },
        { cells: ['Hydraulic oil', 'Every 1500 hours', 'Change the hydraulic oil and filter'] },
      ],
    },
    {
      lines: [
        { text: '4 Operation', size: 18 },
        { text: 'Release the parking brake before driving off.' },
        { text: 'Drive at reduced speed on slopes and with heavy implements.' },
      ],
    },
    {
      lines: [
        { text: '5 Storage', size: 18 },
        { text: 'Park the tractor in a dry shed and disconnect the battery for storage.' },
      ],
    },
  ]);
}

const ask = (question: string, extra: Record<string, string> = {}) =>
  call(env.h.base, 'POST', orgPath(org.id, '/knowledge/answers'), { token, body: { question, ...extra } });

async function answer(question: string, extra: Record<string, string> = {}) {
  const res = await ask(question, extra);
  expectStatus(res, 200);
  return ZKnowledgeAnswer.parse(res.body);
}

beforeAll(async () => {
  env = await knowledgeEnv('know_mach');
  org = await createOrg(env.db, 'mach');
  token = (await login(env.h.base, org.users.ADMIN.email)).accessToken;
  Object.assign(
    docs,
    await uploadManuals(env, token, org.id, [
      ['tractor', tractorManual(), 'M7-152 Tractor Operator’s Manual', 'en'],
      ['combine', combineManual(), 'GV-9 联合收割机 使用说明书', 'zh'],
    ]),
  );
}, 180_000);

afterAll(async () => {
  await env?.close();
});

describe('the machine a question names', () => {
  it.each([
    ['拖拉机的发动机机油多久更换一次？', 'tractor'],
    ['久保田的发动机机油多久更换一次？', 'tractor'],
    ['收割机的发动机机油多久更换一次？', 'combine'],
    ['How often is the engine oil changed on the combine?', 'combine'],
    ['How often is the engine oil changed on the tractor?', 'tractor'],
  ] as const)('%s → the %s manual', async (q, machine) => {
    const a = await answer(q);
    expect(a.found, JSON.stringify(a)).toBe(true);
    expect(a.askBack ?? null).toBeNull();
    expect(new Set(a.citations.map((c) => c.documentId))).toEqual(new Set([docs[machine]]));
    expect(a.answer).toContain(machine === 'tractor' ? 'Every 500 hours' : '250');
  });

  it('a Chinese question answered from the English manual quotes the original and says so', async () => {
    const a = await answer('拖拉机的发动机机油多久更换一次？');
    expect(a.crossLanguage).toMatchObject({ language: 'zh', sourceLanguage: 'en' });
    expect(a.answer.split('\n')[0]).toBe(a.crossLanguage!.note);
  });
});

describe('a question naming no machine that two machines’ manuals answer', () => {
  it('is asked back: found false, no citation, both manuals offered, in the question’s language', async () => {
    const a = await answer('发动机机油多久更换一次？');
    expect(a.found).toBe(false);
    expect(a.citations).toEqual([]);
    expect(new Set(a.askBack!.manuals.map((m) => m.documentId))).toEqual(new Set([docs.tractor, docs.combine]));
    expect(a.answer).toContain('哪一台');
    expect(a.answer).toContain('《M7-152 Tractor Operator’s Manual》');
    const en = await answer('How often is the engine oil changed?');
    expect(en.askBack?.manuals.length).toBe(2);
    expect(en.answer).toContain('Which machine do you mean?');
  });

  it('asked again with the manual picked, it is answered from that manual only', async () => {
    for (const machine of ['tractor', 'combine'] as const) {
      const a = await answer('发动机机油多久更换一次？', { documentId: docs[machine] });
      expect(a.found, JSON.stringify(a)).toBe(true);
      expect(a.askBack ?? null).toBeNull();
      expect(new Set(a.citations.map((c) => c.documentId))).toEqual(new Set([docs[machine]]));
    }
  });

  it('a manual the caller cannot read is a 404; a malformed id a 400', async () => {
    const other = await createOrg(env.db, 'mach-other');
    const otherToken = (await login(env.h.base, other.users.ADMIN.email)).accessToken;
    const res = await call(env.h.base, 'POST', orgPath(other.id, '/knowledge/answers'), {
      token: otherToken,
      body: { question: '发动机机油多久更换一次？', documentId: docs.tractor },
    });
    expectStatus(res, 404);
    expectStatus(await ask('发动机机油多久更换一次？', { documentId: 'not-a-uuid' }), 400);
  });
});

/** A small hydraulics manual whose pump is named by `tag` (in `title` and text) or by `pump` (in the text only). */
function pumpManual(opens: string, pump: string, title: string): Buffer {
  return buildPdf([
    { lines: [{ text: title, size: 24 }, { text: 'Edition 1' }] },
    {
      lines: [
        { text: '4 Hydraulic pump', size: 18 },
        { text: `The relief valve of pump ${pump} opens at ${opens} MPa.` },
        { text: 'Check the relief pressure every 250 operating hours.' },
      ],
    },
    { lines: [{ text: '5 Storage', size: 18 }, { text: 'Lower all implements to the ground before storage.' }] },
  ]);
}

describe('a question naming a tag that one manual alone prints', () => {
  let tagOrg: TestOrg;
  let tagToken: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    tagOrg = await createOrg(env.db, 'mach-tag');
    tagToken = (await login(env.h.base, tagOrg.users.ADMIN.email)).accessToken;
    const zh = buildPdf([
      { lines: [{ text: '液压系统 使用说明书', size: 24 }, { text: '第 1 版' }] },
      {
        lines: [
          { text: '4 液压泵', size: 18 },
          { text: '液压泵溢流阀的开启压力为 16 MPa，每工作 250 小时检查一次溢流压力。' },
        ],
      },
      { lines: [{ text: '5 存放', size: 18 }, { text: '存放前把所有机具降到地面。' }] },
    ]);
    Object.assign(
      ids,
      await uploadManuals(env, tagToken, tagOrg.id, [
        [
          'tagged',
          pumpManual('18.5', 'kb5e1f0a27', 'Hydraulic system manual kb5e1f0a27'),
          'E2E 液压系统手册 kb5e1f0a27',
          'en',
        ],
        [
          'other',
          pumpManual('17.0', 'kb0c0ffee1', 'Hydraulic system manual kb0c0ffee1'),
          'E2E 液压系统手册 kb0c0ffee1',
          'en',
        ],
        ['serial', pumpManual('19.5', 'X7K29Q', 'Hydraulic system manual'), 'Hydraulic system manual', 'en'],
        ['zh', zh, '液压系统 使用说明书', 'zh'],
      ] as const),
    );
  }, 240_000);

  it.each([
    ['kb5e1f0a27 号液压泵的溢流阀在多大压力下开启？', 'tagged', '18.5 MPa'],
    ['What pressure does the relief valve of pump kb5e1f0a27 open at?', 'tagged', '18.5 MPa'],
    ['X7K29Q 号液压泵的溢流阀在多大压力下开启？', 'serial', '19.5 MPa'],
  ] as const)('%s → the manual printing it', async (question, key, value) => {
    const res = await call(env.h.base, 'POST', orgPath(tagOrg.id, '/knowledge/answers'), {
      token: tagToken,
      body: { question },
    });
    expectStatus(res, 200);
    const a = ZKnowledgeAnswer.parse(res.body);
    expect(a.found, JSON.stringify(a)).toBe(true);
    expect(a.askBack ?? null).toBeNull();
    expect(new Set(a.citations.map((c) => c.documentId))).toEqual(new Set([ids[key]]));
    expect(a.answer).toContain(value);
  });
});

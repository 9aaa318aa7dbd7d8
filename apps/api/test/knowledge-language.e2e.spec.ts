import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDocumentPage, ZKnowledgeAnswer, ZKnowledgeSearchResponse } from '@amms/contracts/knowledge';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { combineManual } from './knowledge/fixtures.js';
import { knowledgeEnv, type KnowledgeEnv, uploadManuals } from './knowledge/env.js';
import { FakeModels } from './knowledge/fake-models.js';
import { buildPdf } from './knowledge/pdf-builder.js';

/**
 * Questions in one language answered from a manual in the other, and colloquial questions
 * answered from the section that names the idea formally (glossary expansion), on the real API +
 * worker. The answer quotes the original and says so; with a model configured (a local fake
 * OpenAI-compatible server) it adds a marked translation.
 */
let env: KnowledgeEnv;
let org: TestOrg;
let token: string;
const docs: Record<'tractor' | 'combine', string> = { tractor: '', combine: '' };
const fake = new FakeModels();

/** An English tractor manual: fuel system bleeding, PTO, tyres, DEF, each on its own page. */
function tractorManual(): Buffer {
  return buildPdf([
    {
      lines: [
        { text: '4 Fuel System', size: 18 },
        { text: '4.2 Bleeding the Fuel System', size: 14 },
        { text: 'After replacing the fuel filter, open the bleed screw on the filter head.' },
        { text: 'Operate the hand primer until fuel without air bubbles flows out, then close the bleed screw.' },
      ],
    },
    {
      lines: [
        { text: '5 Power Take-Off', size: 18 },
        { text: 'To engage the rear PTO, pull the PTO switch up and turn it clockwise.' },
        { text: 'The PTO stops when the operator leaves the seat for more than 7 seconds.' },
      ],
    },
    {
      lines: [
        { text: '6 Tyres', size: 18 },
        { text: 'Check the tyre inflation pressure every 50 hours with the tyres cold.' },
        { cells: ['Tyre', 'Field', 'Road'] },
        { cells: ['650/65R38 rear', '120 kPa', '160 kPa'] },
        { cells: ['540/65R28 front', '100 kPa', '140 kPa'] },
      ],
    },
    {
      lines: [
        { text: '7 Diesel Exhaust Fluid', size: 18 },
        { text: 'The DEF tank holds 38 litres. When the DEF tank is empty, engine power is reduced.' },
      ],
    },
  ]);
}

const ask = (question: string) =>
  call(env.h.base, 'POST', orgPath(org.id, '/knowledge/answers'), { token, body: { question } });
const search = (query: string) =>
  call(env.h.base, 'POST', orgPath(org.id, '/knowledge/search'), { token, body: { query, limit: 5 } });

async function answer(question: string) {
  const res = await ask(question);
  expectStatus(res, 200);
  const a = ZKnowledgeAnswer.parse(res.body);
  for (const c of a.citations) {
    const p = await call(
      env.h.base,
      'GET',
      orgPath(org.id, `/documents/${c.documentId}/versions/${c.versionId}/pages/${c.page}`),
      { token },
    );
    expect(ZDocumentPage.parse(p.body).text).toContain(c.snippet);
  }
  return a;
}

beforeAll(async () => {
  await fake.start();
  env = await knowledgeEnv('know_lang', {
    KNOWLEDGE_ANSWERER: 'openai-compatible',
    AGENT_OPENAI_BASE_URL: fake.baseUrl,
    AGENT_OPENAI_MODEL: 'fake-chat',
  });
  org = await createOrg(env.db, 'lang');
  token = (await login(env.h.base, org.users.ADMIN.email)).accessToken;
  Object.assign(
    docs,
    await uploadManuals(env, token, org.id, [
      ['tractor', tractorManual(), 'TX-200 Tractor Operator’s Manual', 'en'],
      ['combine', combineManual(), 'GV-9 联合收割机 使用说明书', 'zh'],
    ]),
  );
}, 180_000);

afterAll(async () => {
  await env?.close();
  await fake.stop();
});

describe('cross-language retrieval', () => {
  it.each([
    ['拖拉机换完柴油滤芯后燃油系统怎么排气？', 1],
    ['动力输出轴怎么接合？', 2],
    ['后轮胎公路运输的充气压力是多少？', 3],
    ['尿素箱能装多少升？', 4],
  ])('a Chinese question finds the English page: %s → page %i', async (q, page) => {
    const s = ZKnowledgeSearchResponse.parse((await search(q)).body);
    expect(s.items[0], JSON.stringify(s.items.map((i) => [i.title, i.page]))).toMatchObject({
      documentId: docs.tractor,
      page,
    });
  });

  it.each([
    ['What should I do when the combine engine overheats?', 4],
    ['How often is the hydraulic oil changed on the combine?', 3],
  ])('an English question finds the Chinese page: %s → page %i', async (q, page) => {
    const s = ZKnowledgeSearchResponse.parse((await search(q)).body);
    expect(s.items[0], JSON.stringify(s.items.map((i) => [i.title, i.page]))).toMatchObject({
      documentId: docs.combine,
      page,
    });
  });

  it.each(['收割机开锅了咋整', '车子开着开着水温就上去了怎么办', '收割机水温进红区了'])(
    'a colloquial question finds the canonical section: %s',
    async (q) => {
      const a = await answer(q);
      expect(a.found, JSON.stringify(a)).toBe(true);
      expect(a.citations[0]).toMatchObject({ documentId: docs.combine, page: 4 });
      expect(a.crossLanguage ?? null).toBeNull();
    },
  );

  it('a question in the manual’s own language ranks its own words first and carries no note', async () => {
    const a = await answer('How do I bleed the fuel system after replacing the filter?');
    expect(a.found).toBe(true);
    expect(a.citations[0]).toMatchObject({ documentId: docs.tractor, page: 1 });
    expect(a.crossLanguage ?? null).toBeNull();
  });
});

describe('an answer from the other language’s manual', () => {
  it('quotes the English original and says so in Chinese', async () => {
    const a = await answer('拖拉机燃油系统怎么排气？');
    expect(a.found, JSON.stringify(a)).toBe(true);
    expect(a.citations[0]).toMatchObject({ documentId: docs.tractor, page: 1 });
    expect(a.crossLanguage).toMatchObject({ language: 'zh', sourceLanguage: 'en', translation: null });
    expect(a.crossLanguage!.citations).toContain(1);
    expect(a.answer.split('\n')[0]).toBe(a.crossLanguage!.note);
    expect(a.crossLanguage!.note).toContain('英文原版手册');
    // the quote is the manual's own English words
    expect(a.answer).toMatch(/bleed screw/);
  });

  it('quotes the Chinese original and says so in English', async () => {
    const a = await answer('What should I do when the combine engine overheats?');
    expect(a.found, JSON.stringify(a)).toBe(true);
    expect(a.crossLanguage).toMatchObject({ language: 'en', sourceLanguage: 'zh' });
    expect(a.crossLanguage!.note).toMatch(/original Chinese manual/);
    expect(a.answer).toMatch(/水温过高|冷却液|散热器/);
  });

  it('with a model configured, adds its translation marked as such; a translation citing a mark the answer lacks is dropped', async () => {
    const before = fake.chatCalls;
    fake.chatScript.push(
      '{"found": true, "answer": "打开放气螺钉 [E1]", "citations": ["E1"]}',
      '{"translation": "更换燃油滤清器后，打开滤清器座上的放气螺钉。[1]"}',
    );
    const a = await answer('拖拉机燃油系统怎么排气？');
    expect(fake.chatCalls - before).toBe(2);
    expect(a.answerer).toBe('extractive');
    expect(a.crossLanguage!.translation).toMatch(/^译文（由模型翻译/);
    expect(a.crossLanguage!.translation).toContain('放气螺钉');
    expect(a.answer).toContain(a.crossLanguage!.translation!);
    expect(a.answer).toMatch(/bleed screw/);
    // the translation request carried the quote as data, not as instructions
    expect(fake.chatBodies.at(-1)).toMatch(/untrusted-/);

    fake.chatScript.push('{"found": false, "answer": "no", "citations": []}', '{"translation": "见 [9]"}');
    const b = await answer('拖拉机燃油系统怎么排气？');
    expect(b.crossLanguage!.translation).toBeNull();
  });
});

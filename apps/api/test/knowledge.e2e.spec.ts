import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZDocumentDetail,
  ZDocumentPage,
  ZKnowledgeAnswer,
  ZKnowledgeSearchResponse,
  ZUploadResponse,
  type TDocumentDetail,
  type TKnowledgeAnswer,
} from '@amms/contracts/knowledge';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { expectError, expectStatus, loginAll, orgPath } from './assertions.js';
import { combineManual, textManual, upload } from './knowledge/fixtures.js';
import { eventually, knowledgeEnv, type KnowledgeEnv } from './knowledge/env.js';

/** Documents → worker ingestion → search and cited answers, on the real API + worker + Postgres + Redis. */
let env: KnowledgeEnv;
let green: TestOrg;
let red: TestOrg;
let g: Record<TRole, string>;
let r: Record<TRole, string>;
let combine: { documentId: string; versionId: string };

const base = () => env.h.base;
const docs = (org: string, rest = '') => orgPath(org, `/documents${rest}`);
const getDoc = (token: string, org: string, id: string) =>
  call<TDocumentDetail>(base(), 'GET', docs(org, `/${id}`), { token });
const ask = (token: string, org: string, question: string, extra: Record<string, string> = {}) =>
  call<TKnowledgeAnswer>(base(), 'POST', orgPath(org, '/knowledge/answers'), { token, body: { question, ...extra } });
const search = (token: string, org: string, query: string) =>
  call(base(), 'POST', orgPath(org, '/knowledge/search'), { token, body: { query, limit: 10 } });

async function ready(token: string, org: string, id: string, versionId?: string): Promise<TDocumentDetail> {
  const res = await eventually(
    () => getDoc(token, org, id),
    // READY and "current" commit together, but a GET reads the document and its versions in two steps
    (d) =>
      d.status === 200 &&
      d.body.versions.some(
        (v) =>
          (versionId ? v.id === versionId : true) &&
          ((v.status === 'READY' && d.body.currentVersionId === (versionId ?? v.id)) || v.status === 'FAILED'),
      ),
    env.log,
  );
  return ZDocumentDetail.parse(res.body);
}

/** Every citation's snippet really occurs on the page it cites (opened through the API). */
/** A fresh org whose library holds one ingested line on the unloading auger's bearings. */
async function augerOrg(label: string) {
  const org = await createOrg(env.db, label);
  const t = (await login(base(), org.users.OWNER.email)).accessToken;
  const res = await upload(
    base(),
    t,
    docs(org.id),
    textManual(['Grain tank unloading auger: grease the bearings every 50 hours.']),
    { title: 'Auger', language: 'en' },
  );
  const up = ZUploadResponse.parse(res.body);
  await ready(t, org.id, up.document.id);
  return { org, t, up };
}

async function expectCitationsValid(token: string, org: string, a: TKnowledgeAnswer) {
  for (const c of a.citations) {
    const p = await call(base(), 'GET', docs(org, `/${c.documentId}/versions/${c.versionId}/pages/${c.page}`), {
      token,
    });
    expectStatus(p, 200);
    const page = ZDocumentPage.parse(p.body);
    expect(page.text).toContain(c.snippet);
    expect(page.pageLabel).toBe(c.pageLabel);
    expect(c.snippet.length).toBeLessThanOrEqual(160);
  }
}

beforeAll(async () => {
  env = await knowledgeEnv('know1');
  [green, red] = await Promise.all([createOrg(env.db, 'green'), createOrg(env.db, 'red')]);
  [g, r] = await Promise.all([loginAll(base(), green), loginAll(base(), red)]);
  const res = await upload(base(), g.ADMIN, docs(green.id), combineManual(), {
    title: 'GV-9 联合收割机 使用说明书',
    language: 'zh',
  });
  expectStatus(res, 201);
  const body = ZUploadResponse.parse(res.body);
  combine = { documentId: body.document.id, versionId: body.version.id };
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('upload → READY', () => {
  it('the worker reads every page with its printed label; the version becomes current', async () => {
    const d = await ready(g.ADMIN, green.id, combine.documentId);
    const v = d.versions[0]!;
    expect(v.status, JSON.stringify(v)).toBe('READY');
    expect(v.pageCount).toBe(5);
    expect(v.ocrPages).toEqual([]);
    expect(d.currentVersionId).toBe(v.id);
    // physical page 4 is printed "2" (front matter in roman numerals)
    const p = await call(base(), 'GET', docs(green.id, `/${d.id}/versions/${v.id}/pages/4`), { token: g.OPERATOR });
    expectStatus(p, 200);
    expect(p.body).toMatchObject({ page: 4, pageLabel: '2', pageCount: 5, ocr: false, current: true });
    expect(p.body.text).toContain('发动机水温过高');
    const front = await call(base(), 'GET', docs(green.id, `/${d.id}/versions/${v.id}/pages/2`), { token: g.OPERATOR });
    expect(front.body.pageLabel).toBe('ii');
    expectError(
      await call(base(), 'GET', docs(green.id, `/${d.id}/versions/${v.id}/pages/6`), { token: g.OPERATOR }),
      404,
      'NOT_FOUND',
    );
  });

  it('a page image is a PNG rendered by poppler', async () => {
    const res = await fetch(
      `${base()}${docs(green.id, `/${combine.documentId}/versions/${combine.versionId}/pages/1/image`)}`,
      { headers: { authorization: `Bearer ${g.VIEWER}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it('the same file again is a duplicate: same document and version, nothing processed again', async () => {
    const before = await env.db.outboxEvent.count({ where: { name: 'knowledge.ingest', organizationId: green.id } });
    const res = await upload(base(), g.OWNER, docs(green.id), combineManual(), {
      title: 'another title',
      language: 'zh',
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      duplicate: true,
      document: { id: combine.documentId },
      version: { id: combine.versionId },
    });
    expect(await env.db.outboxEvent.count({ where: { name: 'knowledge.ingest', organizationId: green.id } })).toBe(
      before,
    );
    expect(await env.db.documentVersion.count({ where: { documentId: combine.documentId } })).toBe(1);
  });

  it('refuses a file that is not a PDF (by content, whatever its name), missing fields, and callers without knowledge.manage', async () => {
    expectError(
      await upload(
        base(),
        g.ADMIN,
        docs(green.id),
        Buffer.from('hello, I am a text file'),
        { title: 'x', language: 'zh' },
        { fileName: 'fake.pdf' },
      ),
      415,
      'FILE_NOT_PDF',
    );
    expectError(
      await upload(base(), g.ADMIN, docs(green.id), textManual(['no title']), { language: 'zh' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await upload(base(), g.ADMIN, docs(green.id), textManual(['bad model']), {
        title: 'x',
        language: 'en',
        'machineModelIds[]': randomUUID(),
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await upload(base(), g.OPERATOR, docs(green.id), textManual(['operator upload']), { title: 'x', language: 'en' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(base(), 'POST', docs(green.id), { token: g.ADMIN, body: { title: 'json is not an upload' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('Idempotency-Key: the same upload replays its answer, another file under the same key is refused', async () => {
    const key = randomUUID();
    const pdf = textManual([`idempotent upload ${key}`]);
    const first = await upload(base(), g.ADMIN, docs(green.id), pdf, { title: 'idem', language: 'en' }, { key });
    expectStatus(first, 201);
    const again = await upload(base(), g.ADMIN, docs(green.id), pdf, { title: 'idem', language: 'en' }, { key });
    expectStatus(again, 201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expectError(
      await upload(
        base(),
        g.ADMIN,
        docs(green.id),
        textManual(['another file']),
        { title: 'idem', language: 'en' },
        { key },
      ),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });
});

describe('answers and search', () => {
  it('a cited answer: the snippet is on the cited page of the combine manual', async () => {
    await ready(g.ADMIN, green.id, combine.documentId);
    const res = await ask(g.MECHANIC, green.id, '联合收割机发动机水温过高怎么办？');
    expectStatus(res, 200);
    const a = ZKnowledgeAnswer.parse(res.body);
    expect(a.found, JSON.stringify(a)).toBe(true);
    expect(a.answerer).toBe('extractive');
    expect(a.citations.length).toBeGreaterThan(0);
    expect(a.citations[0]).toMatchObject({
      documentId: combine.documentId,
      versionId: combine.versionId,
      page: 4,
      pageLabel: '2',
    });
    expect(a.answer).toContain('[1]');
    await expectCitationsValid(g.MECHANIC, green.id, a);
  });

  it('fault codes are found by trigram in the fault-code table', async () => {
    const res = await search(g.OPERATOR, green.id, 'E12');
    expectStatus(res, 200);
    const s = ZKnowledgeSearchResponse.parse(res.body);
    expect(s.mode).toBe('lexical');
    expect(s.items[0]).toMatchObject({ documentId: combine.documentId, page: 5, pageLabel: '3' });
    expect(s.items[0]!.snippet).toContain('E12');
  });

  it('a table row answers an interval question', async () => {
    const a = ZKnowledgeAnswer.parse((await ask(g.DISPATCHER, green.id, '液压油多久更换一次？')).body);
    expect(a.found, JSON.stringify(a)).toBe(true);
    expect(a.citations[0]).toMatchObject({ page: 3, pageLabel: '1' });
    expect(a.answer).toContain('1000');
    await expectCitationsValid(g.DISPATCHER, green.id, a);
  });

  it('a question the manuals do not cover says so, with no citation', async () => {
    for (const q of ['拖拉机空调怎么加氟？', 'How do I pair the radio with my phone?']) {
      const a = ZKnowledgeAnswer.parse((await ask(g.OPERATOR, green.id, q)).body);
      expect(a.found, JSON.stringify(a)).toBe(false);
      expect(a.citations).toEqual([]);
      expect(a.answer.length).toBeGreaterThan(10);
    }
  });
});

describe('another org', () => {
  it('gets 404 for the document, its pages and images, and never sees it in search or answers', async () => {
    const { documentId, versionId } = combine;
    expectError(await getDoc(r.OWNER, red.id, documentId), 404, 'NOT_FOUND');
    expectError(
      await call(base(), 'GET', docs(red.id, `/${documentId}/versions/${versionId}/pages/1`), { token: r.OWNER }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(base(), 'GET', docs(red.id, `/${documentId}/versions/${versionId}/pages/1/image`), { token: r.OWNER }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(base(), 'PATCH', docs(red.id, `/${documentId}`), { token: r.OWNER, body: { title: 'mine now' } }),
      404,
      'NOT_FOUND',
    );
    expectError(await call(base(), 'DELETE', docs(red.id, `/${documentId}`), { token: r.OWNER }), 404, 'NOT_FOUND');
    expectError(
      await upload(base(), r.OWNER, docs(red.id, `/${documentId}/versions`), textManual(['hijack']), {}),
      404,
      'NOT_FOUND',
    );
    const s = ZKnowledgeSearchResponse.parse((await search(r.OWNER, red.id, '发动机水温过高')).body);
    expect(s.items).toEqual([]);
    const a = ZKnowledgeAnswer.parse((await ask(r.OWNER, red.id, '联合收割机发动机水温过高怎么办？')).body);
    expect(a.found).toBe(false);
    expect(a.citations).toEqual([]);
    const list = await call(base(), 'GET', docs(red.id), { token: r.OWNER });
    expect(list.body.items.map((d: { id: string }) => d.id)).not.toContain(documentId);
  });
});

describe('versions', () => {
  it('a new version becomes current once READY: answers cite it, the old page still opens (not current)', async () => {
    const org = await createOrg(env.db, 'ver');
    const t = (await login(base(), org.users.ADMIN.email)).accessToken;
    const v1 = ZUploadResponse.parse(
      (await upload(base(), t, docs(org.id), combineManual(), { title: 'GV-9 联合收割机', language: 'zh' })).body,
    );
    await ready(t, org.id, v1.document.id, v1.version.id);
    const res = await upload(
      base(),
      t,
      docs(org.id, `/${v1.document.id}/versions`),
      combineManual({ coolantStep: '停机冷却后检查冷却液液位，加注专用长效冷却液 LLC-40。' }),
      {},
    );
    expectStatus(res, 201);
    const v2 = ZUploadResponse.parse(res.body);
    expect(v2.version.versionNumber).toBe(2);
    expect(v2.document.id).toBe(v1.document.id);
    const d = await ready(t, org.id, v1.document.id, v2.version.id);
    expect(d.currentVersionId).toBe(v2.version.id);
    const a = ZKnowledgeAnswer.parse((await ask(t, org.id, '发动机水温过高怎么办？')).body);
    expect(a.found).toBe(true);
    expect(a.citations.every((c) => c.versionId === v2.version.id)).toBe(true);
    await expectCitationsValid(t, org.id, a);
    const old = await call(base(), 'GET', docs(org.id, `/${v1.document.id}/versions/${v1.version.id}/pages/4`), {
      token: t,
    });
    expectStatus(old, 200);
    expect(old.body).toMatchObject({ current: false, versionId: v1.version.id });
    expect(old.body.text).not.toContain('LLC-40');
  });

  it('a deleted document is never cited again', async () => {
    const { org, t, up } = await augerOrg('del');
    expect(
      ZKnowledgeAnswer.parse((await ask(t, org.id, 'How often do I grease the unloading auger bearings?')).body).found,
    ).toBe(true);
    expectStatus(await call(base(), 'DELETE', docs(org.id, `/${up.document.id}`), { token: t }), 204);
    const a = ZKnowledgeAnswer.parse(
      (await ask(t, org.id, 'How often do I grease the unloading auger bearings?')).body,
    );
    expect(a.found).toBe(false);
    expectError(await getDoc(t, org.id, up.document.id), 404, 'NOT_FOUND');
  });
});

describe('found threshold', () => {
  it('a question whose main words the manual covers is answered though it adds words no manual has; one sharing a word is refused', async () => {
    const { org, t, up } = await augerOrg('thr');
    // 4 of its 7 words (grease, unloading, auger, bearings) are in the manual: 0.57 of the weight, above FOUND_THRESHOLD (0.4)
    const a = ZKnowledgeAnswer.parse(
      (await ask(t, org.id, 'Grease interval for the unloading auger bearings of the Lexion harvester?')).body,
    );
    expect(a.found, JSON.stringify(a)).toBe(true);
    expect(a.citations[0]).toMatchObject({ documentId: up.document.id, page: 1 });
    await expectCitationsValid(t, org.id, a);
    // 1 of 7 (grease)
    const b = ZKnowledgeAnswer.parse(
      (await ask(t, org.id, 'Grease interval for the Lexion harvester straw chopper blades?')).body,
    );
    expect(b.found, JSON.stringify(b)).toBe(false);
    expect(b.citations).toEqual([]);
  });
});

describe('platform library', () => {
  it('a platform admin uploads a manual every org can read and cite; orgs cannot change it', async () => {
    await env.db.user.update({ where: { id: green.users.OWNER.id }, data: { isPlatformAdmin: true } });
    const admin = (await login(base(), green.users.OWNER.email)).accessToken;
    expectError(
      await upload(base(), g.ADMIN, '/api/v1/platform/documents', textManual(['x']), { title: 'x', language: 'en' }),
      403,
      'FORBIDDEN',
    );
    const res = await upload(
      base(),
      admin,
      '/api/v1/platform/documents',
      textManual(['Baler knotter: the twine tension for the Zephyrix knotter is 12 kg.']),
      { title: 'Zephyrix baler', language: 'en' },
    );
    expectStatus(res, 201);
    const up = ZUploadResponse.parse(res.body);
    expect(up.document.organizationId).toBeNull();
    await eventually(
      () => call(base(), 'GET', `/api/v1/platform/documents/${up.document.id}`, { token: admin }),
      (d) => d.body?.currentVersionId !== null,
      env.log,
    );
    for (const [token, org] of [
      [r.OPERATOR, red.id],
      [g.OPERATOR, green.id],
    ] as const) {
      const a = ZKnowledgeAnswer.parse(
        (await ask(token, org, 'What twine tension does the Zephyrix knotter need?')).body,
      );
      expect(a.found, JSON.stringify(a)).toBe(true);
      expect(a.citations[0]).toMatchObject({ documentId: up.document.id, page: 1 });
      await expectCitationsValid(token, org, a);
    }
    expectError(
      await call(base(), 'PATCH', docs(red.id, `/${up.document.id}`), { token: r.OWNER, body: { title: 'ours' } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await upload(base(), r.OWNER, docs(red.id, `/${up.document.id}/versions`), textManual(['v2']), {}),
      403,
      'FORBIDDEN',
    );
    const list = await call(base(), 'GET', docs(red.id, '?source=PLATFORM'), { token: r.VIEWER });
    expect(list.body.items.map((d: { id: string }) => d.id)).toContain(up.document.id);
  });
});

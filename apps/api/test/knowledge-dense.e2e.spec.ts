import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZKnowledgeAnswer, ZKnowledgeSearchResponse, ZUploadResponse } from '@amms/contracts/knowledge';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { textManual, upload } from './knowledge/fixtures.js';
import { knowledgeEnv, type KnowledgeEnv, waitIngested } from './knowledge/env.js';
import { FakeModels } from './knowledge/fake-models.js';

/**
 * The optional model stages against a local fake OpenAI-compatible server: chunks embedded at
 * ingestion (stored with the model key), hybrid search fused by RRF, query vectors cached in
 * Redis, and a generated answer accepted only when its citations are among the retrieved evidence.
 */
let env: KnowledgeEnv;
let org: TestOrg;
let token: string;
let documentId: string;
let versionId: string;
const fake = new FakeModels();

const search = (query: string) =>
  call(env.h.base, 'POST', orgPath(org.id, '/knowledge/search'), { token, body: { query } });
const ask = (question: string) =>
  call(env.h.base, 'POST', orgPath(org.id, '/knowledge/answers'), { token, body: { question } });

beforeAll(async () => {
  await fake.start();
  env = await knowledgeEnv('know3', {
    EMBEDDINGS_BASE_URL: fake.baseUrl,
    EMBEDDINGS_MODEL: 'fake-embed',
    EMBEDDINGS_MODEL_VERSION: '7',
    KNOWLEDGE_ANSWERER: 'openai-compatible',
    AGENT_OPENAI_BASE_URL: fake.baseUrl,
    AGENT_OPENAI_MODEL: 'fake-chat',
  });
  org = await createOrg(env.db, 'dense');
  token = (await login(env.h.base, org.users.ADMIN.email)).accessToken;
  const res = await upload(
    env.h.base,
    token,
    orgPath(org.id, '/documents'),
    textManual([
      'Cab air filter: blow out the cab air filter every 100 hours.',
      'Hydraulic pump: check the pump pressure at 180 bar.',
    ]),
    { title: 'Loader', language: 'en' },
  );
  expectStatus(res, 201);
  const up = ZUploadResponse.parse(res.body);
  documentId = up.document.id;
  versionId = up.version.id;
  await waitIngested(env, [documentId]);
}, 180_000);

afterAll(async () => {
  await env?.close();
  await fake.stop();
});

describe('dense stage', () => {
  it('chunks are embedded at ingestion under the model key; search is hybrid', async () => {
    const v = await env.db.documentVersion.findUniqueOrThrow({ where: { id: versionId } });
    expect(v.embeddingModel).toBe('fake-embed@7');
    const withVectors = await env.db.documentChunk.count({ where: { versionId, embedding: { not: null } } });
    expect(withVectors).toBeGreaterThan(0);
    const s = ZKnowledgeSearchResponse.parse((await search('cab air filter interval')).body);
    expect(s.mode).toBe('hybrid');
    expect(s.items[0]).toMatchObject({ documentId, page: 1 });
  });

  it('query vectors are cached in Redis by model key: the same query is embedded once', async () => {
    const before = fake.embeddingCalls;
    await search('pump pressure value');
    await search('pump pressure value');
    expect(fake.embeddingCalls - before).toBe(1);
  });
});

describe('model answers', () => {
  it('a model answer citing retrieved evidence is used; citations point at the real page', async () => {
    fake.chatScript.push(
      JSON.stringify({ found: true, answer: 'Blow out the cab air filter every 100 hours [E1].', citations: ['E1'] }),
    );
    const a = ZKnowledgeAnswer.parse((await ask('How often should the cab air filter be cleaned?')).body);
    expect(a.answerer).toBe('model');
    expect(a.answer).toContain('[1]');
    expect(a.citations[0]).toMatchObject({ documentId, versionId, page: 1 });
  });

  it('a model answer citing evidence that was not retrieved falls back to the extractive answer', async () => {
    fake.chatScript.push(
      JSON.stringify({ found: true, answer: 'Replace the cab filter daily [E9].', citations: ['E9'] }),
    );
    const a = ZKnowledgeAnswer.parse((await ask('How often should the cab air filter be cleaned?')).body);
    expect(a.answerer).toBe('extractive');
    expect(a.answer).not.toContain('daily');
    expect(a.citations[0]).toMatchObject({ documentId, page: 1 });
  });

  it('retrieved text reaches the model only inside the untrusted boundary', async () => {
    const calls = fake.chatCalls;
    fake.chatScript.push('not json at all');
    const a = ZKnowledgeAnswer.parse((await ask('What pressure does the hydraulic pump need?')).body);
    expect(fake.chatCalls).toBe(calls + 1);
    expect(a.answerer).toBe('extractive');
    expect(a.found).toBe(true);
    const prompt = JSON.parse(fake.chatBodies[fake.chatBodies.length - 1]!) as {
      messages: { role: string; content: string }[];
    };
    const user = prompt.messages.find((m) => m.role === 'user')!.content;
    const tag = user.match(/<untrusted-([0-9a-z]+)>/)![1]!;
    expect(user).toMatch(new RegExp(`<untrusted-${tag}>[^<]*180 bar[^<]*</untrusted-${tag}>`));
    expect(prompt.messages.find((m) => m.role === 'system')!.content).toContain(`untrusted-${tag}`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZDocumentPage,
  ZKnowledgeAnswer,
  ZKnowledgeSearchResponse,
  ZUploadResponse,
  type TKnowledgeAnswer,
} from '@amms/contracts/knowledge';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, type TestOrg } from './harness.js';
import { expectStatus, loginAll, orgPath } from './assertions.js';
import { buildPdf, type FixtureLine } from './knowledge/pdf-builder.js';
import { upload } from './knowledge/fixtures.js';
import { eventually, knowledgeEnv, type KnowledgeEnv } from './knowledge/env.js';

/**
 * Answers a mechanic can use, on a manual with a cover, running headers and footers, a warning
 * wrapped over two lines, a tyre table, a procedure running over a page break and a code table.
 */
let env: KnowledgeEnv;
let org: TestOrg;
let t: Record<TRole, string>;
let doc: { documentId: string; versionId: string };
const TITLE = 'AgriCo X200 Tractor Manual';

const header = (chapter: string): FixtureLine => ({ cells: [TITLE, chapter], xs: [50, 380], size: 8 });
const footer = (n: string): FixtureLine => ({ text: n, size: 8, y: 40 });
const body = (text: string): FixtureLine => ({ text });
const heading = (text: string): FixtureLine => ({ text, size: 16 });

function manual(): Buffer {
  return buildPdf([
    {
      lines: [
        { text: TITLE, size: 26 },
        { text: 'Operation and maintenance' },
        { text: 'Publication OM-X200-EN Edition 3' },
      ],
    },
    {
      lines: [
        header('3 Operation'),
        heading('3 Operation'),
        body('Below -10 C connect the engine block heater for two hours before you start the engine.'),
        body('WARNING Never use starting fluid (ether) in cold weather: the intake'),
        body('air heater can ignite it and damage the engine.'),
        body('Run the engine at 1200 rpm for five minutes before heavy work.'),
        footer('1'),
      ],
    },
    {
      lines: [
        header('4 Maintenance'),
        heading('4 Tyres'),
        { cells: ['Tyre size', 'Field kPa', 'Road kPa'] },
        { cells: ['650/65R38 rear', '80', '140'] },
        { cells: ['540/65R28 front', '100', '160'] },
        heading('5 Changing the hydraulic filter'),
        body('1. Lower the hitch to the ground and stop the engine.'),
        body('2. Clean the area around the filter head with a dry cloth.'),
        footer('2'),
      ],
    },
    {
      lines: [
        header('4 Maintenance'),
        body('3. Unscrew the old filter and fill the new filter with clean oil.'),
        body('4. Tighten the new filter by hand, run the engine and check for leaks.'),
        heading('6 Trouble codes'),
        { cells: ['Code', 'Meaning', 'Remedy'] },
        { cells: ['E21', 'Drum speed low', 'Reduce the ground speed'] },
        { cells: ['E22', 'Elevator blocked', 'Tighten the elevator chain'] },
        { cells: ['E23', 'Sieve drive fault', 'Check the sieve belt'] },
        footer('3'),
      ],
    },
    {
      lines: [
        header('7 Specifications'),
        heading('7 Specifications'),
        body('The engine delivers 150 kW at 2100 rpm.'),
        footer('4'),
      ],
    },
  ]);
}

const ask = async (question: string) => {
  const res = await call<TKnowledgeAnswer>(env.h.base, 'POST', orgPath(org.id, '/knowledge/answers'), {
    token: t.MECHANIC,
    body: { question },
  });
  expectStatus(res, 200);
  return ZKnowledgeAnswer.parse(res.body);
};

async function expectCitationsValid(a: TKnowledgeAnswer) {
  for (const c of a.citations) {
    const p = await call(
      env.h.base,
      'GET',
      orgPath(org.id, `/documents/${c.documentId}/versions/${c.versionId}/pages/${c.page}`),
      { token: t.MECHANIC },
    );
    expectStatus(p, 200);
    const page = ZDocumentPage.parse(p.body);
    expect(page.text).toContain(c.snippet);
    expect(page.pageLabel).toBe(c.pageLabel);
  }
}

beforeAll(async () => {
  env = await knowledgeEnv('know5');
  org = await createOrg(env.db, 'answers');
  t = await loginAll(env.h.base, org);
  const res = await upload(env.h.base, t.ADMIN, orgPath(org.id, '/documents'), manual(), {
    title: TITLE,
    language: 'en',
  });
  expectStatus(res, 201);
  const b = ZUploadResponse.parse(res.body);
  doc = { documentId: b.document.id, versionId: b.version.id };
  await eventually(
    () =>
      call<{ versions: { status: string }[] }>(env.h.base, 'GET', orgPath(org.id, `/documents/${doc.documentId}`), {
        token: t.ADMIN,
      }),
    (r) => r.status === 200 && r.body.versions.some((v) => v.status === 'READY' || v.status === 'FAILED'),
    env.log,
  );
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('answers a mechanic can use', () => {
  it('a warning wrapped over two lines is quoted whole; the answer names the manual and its edition', async () => {
    const a = await ask('Can I use starting fluid when it is cold?');
    expect(a.found).toBe(true);
    expect(a.answer).toContain(
      'WARNING Never use starting fluid (ether) in cold weather: the intake air heater can ignite it and damage the engine.',
    );
    expect(a.answer).toContain(TITLE);
    expect(a.answer).toContain('Edition 3');
    await expectCitationsValid(a);
  });

  it('a code question gets the row of that code, with its column names', async () => {
    const a = await ask('What does code E22 mean and how do I fix it?');
    expect(a.found).toBe(true);
    expect(a.answer).toContain('Code: E22; Meaning: Elevator blocked; Remedy: Tighten the elevator chain');
    expect(a.answer).not.toMatch(/E21|E23/);
    await expectCitationsValid(a);
  });

  it('a procedure running over a page break comes back complete, in order, citing both pages', async () => {
    const a = await ask('How do I change the hydraulic filter?');
    expect(a.found).toBe(true);
    const steps = ['1. Lower the hitch', '2. Clean the area', '3. Unscrew the old filter', '4. Tighten the new filter'];
    const at = steps.map((s) => a.answer.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    expect(new Set(a.citations.map((c) => c.page))).toEqual(new Set([3, 4]));
    // the printed footer is the label: physical page 3 prints "2"
    expect(a.citations.find((c) => c.page === 3)!.pageLabel).toBe('2');
    await expectCitationsValid(a);
  });

  it('a running header is never a snippet or part of an answer; the cover is not indexed', async () => {
    const s = await call(env.h.base, 'POST', orgPath(org.id, '/knowledge/search'), {
      token: t.MECHANIC,
      body: { query: 'AgriCo X200 Tractor Manual Maintenance Operation Publication', limit: 10 },
    });
    expectStatus(s, 200);
    const items = ZKnowledgeSearchResponse.parse(s.body).items;
    for (const i of items) {
      expect(i.snippet).not.toContain(`${TITLE} | `);
      expect(i.page).not.toBe(1);
    }
    const a = await ask('What engine power does the tractor have?');
    expect(a.answer.split('\n').slice(1).join('\n')).not.toContain(TITLE);
  });

  it('a tyre size the manual does not list is refused, with the sizes it does list', async () => {
    const a = await ask('What tyre pressure for 710/70R38 rear tyres in the field?');
    expect(a.found).toBe(false);
    expect(a.citations).toEqual([]);
    expect(a.answer).toContain('710/70R38');
    expect(a.answer).toContain('650/65R38');
    const ok = await ask('What tyre pressure for 650/65R38 rear tyres in the field?');
    expect(ok.found).toBe(true);
    expect(ok.answer).toContain('80');
  });
});

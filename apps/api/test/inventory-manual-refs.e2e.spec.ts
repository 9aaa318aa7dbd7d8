import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPartDetail } from '@amms/contracts/inventory';
import type { TRole } from '@amms/contracts/permissions';
import { DEMO_PARTS } from '../src/seed/inventory-catalog.js';
import { readManifest } from '../src/seed/manuals/load.js';
import { createOrg, type TestOrg } from './harness.js';
import { expectStatus, loginAll } from './assertions.js';
import { knowledgeEnv, type KnowledgeEnv, seedDemoManuals } from './knowledge/env.js';
import { orgApi, tag } from './support/world.js';

/**
 * The demo manuals name the seed catalog's maker part numbers on their last page (the parts list,
 * seed/manuals/parts-list.ts): once the real worker has ingested the committed PDFs, a part's page
 * cites the manual page that names its number (document, version, page, the words around it).
 */
let env: KnowledgeEnv;
let org: TestOrg;
let t: Record<TRole, string>;
const api = orgApi(() => env.h);

beforeAll(async () => {
  env = await knowledgeEnv('parts6', { OCR_LANGUAGES: 'parts_without_ocr' });
  org = await createOrg(env.db, 'partsmanual');
  t = await loginAll(env.h.base, org);
  await seedDemoManuals(env, org.users.OWNER.id);
}, 480_000);

afterAll(async () => {
  await env?.close();
});

async function partPage(makerPartNumber: string): Promise<TPartDetail> {
  const c = await api.post(t.OWNER, org.id, '/parts', {
    partNumber: `P-${tag()}`,
    makerPartNumber,
    nameZh: '配件',
    category: 'FILTER',
  });
  expectStatus(c, 201);
  const r = await api.get(t.MECHANIC, org.id, `/parts/${(c.body as TPartDetail).id}`);
  expectStatus(r, 200);
  return r.body as TPartDetail;
}

describe('a part page cites the demo manual page that names its number', () => {
  it('every catalog number of a manual’s models is cited on that manual’s parts-list page; others are not', async () => {
    const manuals = readManifest();
    const documents = await env.db.document.findMany({
      where: { organizationId: null },
      select: { id: true, title: true, currentVersionId: true },
    });
    let checked = 0;
    for (const m of manuals) {
      const page = m.facts['parts-list']?.[0];
      if (!page) continue;
      // the parts list is the manual's last page: every page before it kept its number
      expect(page).toBe(m.pageCount);
      const doc = documents.find((d) => d.title === m.title)!;
      for (const p of DEMO_PARTS.filter((x) => x.models.some((k) => m.modelKeys.includes(k))).slice(0, 3)) {
        const refs = (await partPage(p.makerPartNumber)).manualRefs;
        expect(refs, `${p.makerPartNumber} in ${m.key}`).toContainEqual({
          documentId: doc.id,
          versionId: doc.currentVersionId,
          title: m.title,
          page,
          excerpt: expect.stringContaining(p.makerPartNumber),
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(9);
    expect((await partPage(`ZZ${tag()}`)).manualRefs).toEqual([]);
  });
});

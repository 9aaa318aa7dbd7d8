import { describe, expect, it } from 'vitest';
import { citationTarget, knowledgePaths } from './links';

describe('citationTarget', () => {
  it('opens the cited page with its snippet highlighted and the way back to the answer', () => {
    const c = { documentId: 'd1', versionId: 'v1', page: 7, snippet: 'oil filter' };
    expect(citationTarget(c, '/orgs/o1/knowledge?q=oil')).toEqual({
      documentId: 'd1',
      versionId: 'v1',
      page: 7,
      highlight: ['oil filter'],
      back: '/orgs/o1/knowledge?q=oil',
    });
    const href = knowledgePaths.page('o1', citationTarget(c, '/orgs/o1/knowledge?q=oil'));
    expect(href).toContain('/knowledge/documents/d1/versions/v1/pages/7');
    expect(new URL(href, 'http://x').searchParams.get('hl')).toBe('oil filter');
  });
});

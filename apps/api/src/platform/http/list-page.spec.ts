import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.js';
import { idList, keysetArgs, keysetList, sortSpec, type IdPage, type KeysetPage } from './list-page.js';

type Where = Record<string, unknown>;
type Order = Record<string, unknown>;

const id = (i: number) => `00000000-0000-4000-8000-00000000000${i}`;
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: id(i), createdAt: new Date(Date.UTC(2026, 0, i + 1)) }));
const SORT = sortSpec<Where, Order>({ createdAt: { type: 'date' } });

describe('keysetList', () => {
  it('asks for one row more than the page, in id order without a sort, and pages by id', async () => {
    const asked: KeysetPage<Where, Order>[] = [];
    const p = await keysetList(
      { limit: 2 },
      SORT,
      async (page) => {
        asked.push(page);
        return rows(3);
      },
      (r) => r.id,
    );
    expect(asked).toEqual([{ after: undefined, orderBy: [{ id: 'asc' }], limit: 3 }]);
    expect(p.items).toEqual([id(0), id(1)]);
    expect(decodeCursor(p.nextCursor!)).toBe(id(1));
  });

  it('with a sort and its cursor: the order and the "after" of that sort; the next cursor carries the sort', async () => {
    const asked: KeysetPage<Where, Order>[] = [];
    const cursor = encodeCursor(JSON.stringify({ s: '-createdAt', v: '2026-01-05T00:00:00.000Z', t: id(9) }));
    const p = await keysetList(
      { sort: '-createdAt', cursor, limit: 1 },
      SORT,
      async (page) => {
        asked.push(page);
        return rows(2);
      },
      (r) => r.id,
    );
    expect(asked[0]!.orderBy).toEqual([{ createdAt: 'desc' }, { id: 'desc' }]);
    expect(asked[0]!.after).toBeDefined();
    expect(JSON.parse(decodeCursor(p.nextCursor!))).toMatchObject({ s: '-createdAt', t: id(0) });
  });

  it('refuses a cursor of another sort before reading anything', async () => {
    let read = false;
    const cursor = encodeCursor(id(1));
    await expect(
      keysetList(
        { sort: 'createdAt', cursor, limit: 1 },
        SORT,
        async () => {
          read = true;
          return [];
        },
        (r: { id: string; createdAt: Date }) => r.id,
      ),
    ).rejects.toThrow(/Invalid cursor/);
    expect(read).toBe(false);
  });
});

describe('idList', () => {
  it('reads after the decoded id, one row more than the page', async () => {
    const asked: IdPage[] = [];
    const p = await idList(
      { cursor: encodeCursor(id(5)), limit: 2 },
      async (page) => {
        asked.push(page);
        return rows(2);
      },
      (r) => r.id,
    );
    expect(asked).toEqual([{ afterId: id(5), limit: 3 }]);
    expect(p).toEqual({ items: [id(0), id(1)], nextCursor: null });
  });

  it('a forged cursor is a 400, not a query', async () => {
    await expect(
      idList(
        { cursor: encodeCursor('nope'), limit: 2 },
        async () => rows(1),
        (r) => r.id,
      ),
    ).rejects.toThrow(/Invalid cursor/);
  });
});

describe('keysetArgs', () => {
  it('ANDs the base, the scope, the filters and the cursor; the order and size are the page’s', () => {
    const args = keysetArgs<Where, Order>(
      { scope: { teamId: 't' }, after: { id: { gt: 'x' } }, orderBy: [{ id: 'asc' }], limit: 11 },
      { organizationId: 'o' },
      { status: 'ACTIVE' },
      {},
    );
    expect(args).toEqual({
      where: { AND: [{ organizationId: 'o' }, { teamId: 't' }, { status: 'ACTIVE' }, {}, { id: { gt: 'x' } }] },
      orderBy: [{ id: 'asc' }],
      take: 11,
    });
  });

  it('the first page has no cursor condition', () => {
    expect(keysetArgs<Where, Order>({ scope: {}, orderBy: [], limit: 1 }, { organizationId: 'o' }).where.AND).toEqual([
      { organizationId: 'o' },
      {},
    ]);
  });
});

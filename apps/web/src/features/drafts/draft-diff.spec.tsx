// @vitest-environment happy-dom
import type { TDraftItem } from '@amms/contracts/drafts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { diffItems } from './diff';
import { DiffCard } from './draft-diff';
import { draftItem, id } from './test-items';

const item = (n: number, patch: Partial<TDraftItem> = {}): TDraftItem =>
  draftItem(n, {
    job: { title: null, operationType: 'TILLAGE', fieldName: `地块 ${n}`, priority: 3 },
    primaryAssetName: `收割机 ${n}`,
    operatorName: `机手 ${n}`,
    ...patch,
  });

function show(
  before: TDraftItem[],
  after: TDraftItem[],
  locale: Locale = 'zh-CN',
  extra: { note?: string; editor?: string } = {},
) {
  render(
    <I18nProvider locale={locale}>
      <DiffCard
        diff={diffItems(before, after)}
        previous={1}
        note={extra.note ?? null}
        editor={extra.editor ?? null}
        timeZone="Asia/Shanghai"
      />
    </I18nProvider>,
  );
}

afterEach(cleanup);

/** What a reader sees in an element, white space folded. */
const text = (el: Element | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('DiffCard (the draft diff)', () => {
  it('lists added, removed and changed items with what changed, in the reader’s language', () => {
    const before = [item(1), item(2), item(3)];
    const after = [
      item(1), // unchanged: not listed
      item(3, {
        primaryAssetId: id(109),
        primaryAssetName: '收割机 9',
        operatorMembershipId: id(209),
        operatorName: '机手 9',
        startsAt: '2026-06-02T00:00:00.000Z',
        endsAt: '2026-06-02T08:00:00.000Z',
      }),
      item(4),
    ];
    show(before, after, 'zh-CN', { editor: '王调度', note: '换台车' });

    const list = screen.getByRole('list', { name: '与第 1 版相比的变化' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(text(rows[0])).toContain('+ 新增地块 4 · 耕整地收割机 4');
    expect(text(rows[1])).toContain('− 移除');
    expect(text(rows[1])).toContain('地块 2');
    expect(text(rows[2])).toContain('~ 变更');
    expect(text(rows[2])).toContain('机具：收割机 3 → 收割机 9');
    expect(text(rows[2])).toContain('机手：机手 3 → 机手 9');
    // times in the org's zone (Asia/Shanghai, UTC+8): 08:00 → the next day's 08:00
    expect(text(rows[2])).toContain('时间：2026/06/01 08:00 – 2026/06/01 16:00 → 2026/06/02 08:00 – 2026/06/02 16:00');
    expect(screen.getByText('修改人：王调度')).toBeTruthy();
    expect(screen.getByText('修改说明：换台车')).toBeTruthy();
  });

  it('names only what changed: a moved slot is a time change, not a machine or operator change', () => {
    show([item(1)], [item(1, { startsAt: '2026-06-01T01:00:00.000Z', endsAt: '2026-06-01T09:00:00.000Z' })], 'en');
    const row = within(screen.getByRole('list', { name: 'Changes against version 1' })).getByRole('listitem');
    expect(text(row)).toContain('~ Changed');
    expect(text(row)).toContain('Time: ');
    expect(text(row)).not.toContain('Machine:');
    expect(text(row)).not.toContain('Operator:');
  });

  it('says so when nothing changed (the same instants written differently are equal)', () => {
    show([item(1)], [item(1, { startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-06-01T08:00:00+00:00' })], 'en');
    expect(screen.getByText('No item changed.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

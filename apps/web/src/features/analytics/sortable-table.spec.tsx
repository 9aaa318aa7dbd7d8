// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { numberColumnOf, SortableTable, sortRows, type Column } from './sortable-table';

type Row = { id: string; name: string; hours: number; ratio: number | null };
const rows: Row[] = [
  { id: 'a', name: 'Tractor 10', hours: 5, ratio: 0.2 },
  { id: 'b', name: 'Tractor 2', hours: 12, ratio: null },
  { id: 'c', name: 'Harvester', hours: 8, ratio: 0.5 },
];
const columns: Column<Row>[] = [
  { key: 'name', header: 'Machine', value: (r) => r.name, cell: (r) => r.name },
  { key: 'hours', header: 'Hours', numeric: true, value: (r) => r.hours, cell: (r) => `${r.hours} h` },
  { key: 'ratio', header: 'Utilization', numeric: true, value: (r) => r.ratio, cell: (r) => String(r.ratio ?? '—') },
];

function show(locale: Locale = 'en', limit?: number) {
  render(
    <I18nProvider locale={locale}>
      <SortableTable
        caption="Machines"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        defaultSort={{ key: 'hours', dir: 'desc' }}
        limit={limit}
        footer={
          <tr>
            <th scope="row">Total</th>
            <td>25 h</td>
            <td />
          </tr>
        }
      />
    </I18nProvider>,
  );
  return screen.getByRole('table', { name: /Machines/ });
}

const bodyOrder = (table: HTMLElement) =>
  within(table.querySelector('tbody')!)
    .getAllByRole('row')
    .map((r) => within(r).getByRole('rowheader').textContent);

const header = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('columnheader')
    .find((h) => h.textContent?.includes(name))!;

afterEach(cleanup);

describe('SortableTable', () => {
  it('starts in the default order, says so with aria-sort, and keeps the totals last', () => {
    const table = show();
    expect(bodyOrder(table)).toEqual(['Tractor 2', 'Harvester', 'Tractor 10']);
    expect(header(table, 'Hours').getAttribute('aria-sort')).toBe('descending');
    expect(header(table, 'Machine').getAttribute('aria-sort')).toBe('none');
    const all = within(table).getAllByRole('row');
    expect(all[all.length - 1]!.textContent).toContain('Total');
    expect(table.querySelector('caption')!.textContent).toContain('sorted by Hours, descending');
  });

  it('sorts by a column when its header button is pressed; a second press reverses', () => {
    const table = show();
    fireEvent.click(within(header(table, 'Machine')).getByRole('button'));
    // text sorts ascending first, numbers inside names compare as numbers
    expect(bodyOrder(table)).toEqual(['Harvester', 'Tractor 2', 'Tractor 10']);
    expect(header(table, 'Machine').getAttribute('aria-sort')).toBe('ascending');
    expect(header(table, 'Hours').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header(table, 'Machine')).getByRole('button'));
    expect(bodyOrder(table)).toEqual(['Tractor 10', 'Tractor 2', 'Harvester']);
    expect(header(table, 'Machine').getAttribute('aria-sort')).toBe('descending');
  });

  it('puts rows without a figure last in both directions', () => {
    const table = show();
    const btn = within(header(table, 'Utilization')).getByRole('button');
    fireEvent.click(btn);
    expect(bodyOrder(table)).toEqual(['Harvester', 'Tractor 10', 'Tractor 2']);
    fireEvent.click(btn);
    expect(bodyOrder(table)).toEqual(['Tractor 10', 'Harvester', 'Tractor 2']);
  });

  it('shows `limit` rows of the sorted whole, not a sorted first page', () => {
    const table = show('en', 1);
    expect(bodyOrder(table)).toEqual(['Tractor 2']);
    fireEvent.click(within(header(table, 'Hours')).getByRole('button'));
    expect(bodyOrder(table)).toEqual(['Tractor 10']);
  });

  it('speaks Chinese in the zh-CN catalog', () => {
    const table = show('zh-CN');
    expect(table.querySelector('caption')!.textContent).toContain('按“Hours”降序排列');
  });

  it('sortRows is stable for equal values', () => {
    const eq: Row[] = [
      { id: '1', name: 'x', hours: 1, ratio: 1 },
      { id: '2', name: 'y', hours: 1, ratio: 1 },
    ];
    expect(sortRows(eq, columns[1], 'desc', 'en').map((r) => r.id)).toEqual(['1', '2']);
    expect(sortRows(eq, columns[1], 'asc', 'en').map((r) => r.id)).toEqual(['1', '2']);
  });
});

describe('numberColumnOf', () => {
  it('makes a numeric column that sorts by the figure and shows it formatted (or as it is)', () => {
    const num = numberColumnOf(rows);
    const ratio = num(
      'ratio',
      'Ratio',
      (r) => r.ratio,
      (v) => (v === null ? '—' : `${v * 100}%`),
    );
    expect(ratio.numeric).toBe(true);
    expect(rows.map((r) => ratio.cell(r))).toEqual(['20%', '—', '50%']);
    expect(sortRows(rows, ratio, 'desc', 'en').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(num('hours', 'Hours', (r) => r.hours).cell(rows[1]!)).toBe(12);
  });
});

import { describe, expect, it } from 'vitest';
import { chunkPages, headingLevel } from './chunker.js';

const L = (text: string, size = 11) => ({ text, size });

describe('chunkPages', () => {
  it('keeps section paths, page spans across a break, and table headers with their rows', () => {
    const rows = Array.from({ length: 8 }, (_, i) => L(`E${10 + i} | cause ${i} | remedy ${i}`));
    const chunks = chunkPages([
      { page: 1, lines: [L('7 故障排除', 18), L('7.2 发动机水温过高', 14), L('停机后检查冷却液液位。')] },
      {
        page: 2,
        lines: [L('清理散热器表面的杂物。'), L('7.3 故障代码', 14), L('Code | Cause | Remedy'), ...rows.slice(0, 5)],
      },
      { page: 3, lines: rows.slice(5) },
    ]);
    const children = chunks.filter((c) => c.parentOrdinal !== null);
    const overheat = children.find((c) => c.text.includes('冷却液'))!;
    expect(overheat.section).toBe('7 故障排除 › 7.2 发动机水温过高');
    expect([overheat.pageStart, overheat.pageEnd]).toEqual([1, 2]);
    const tables = children.filter((c) => c.section?.endsWith('7.3 故障代码'));
    expect(tables.length).toBe(2);
    expect(tables.every((c) => c.text.includes('Code | Cause | Remedy\n'))).toBe(true);
    expect(tables[1]!.text).toContain('E17');
    // the first chunk of rows runs across the page break; the repeated header does not count
    expect([tables[0]!.pageStart, tables[0]!.pageEnd]).toEqual([2, 3]);
    expect([tables[1]!.pageStart, tables[1]!.pageEnd]).toEqual([3, 3]);
    // every child's parent is the whole section
    const parent = chunks[overheat.parentOrdinal!]!;
    expect(parent.parentOrdinal).toBeNull();
    expect(parent.text).toContain('清理散热器');
  });

  it('a page holding only a heading is still a chunk; a one-line page is not a running header', () => {
    const chunks = chunkPages(
      [1, 2, 3].map((n) => ({ page: n, lines: [L(`Chapter ${n} tyre pressure ${100 + n} kPa`)] })),
    );
    expect(chunks.filter((c) => c.parentOrdinal !== null).map((c) => [c.pageStart, c.text])).toEqual(
      [1, 2, 3].map((n) => [n, `Chapter ${n} tyre pressure ${100 + n} kPa`]),
    );
  });

  it('numbered steps are body text, dotted numbers and larger type are headings', () => {
    expect(headingLevel(L('1. Check the coolant level.'), 11)).toBe(0);
    expect(headingLevel(L('7.2.1 Radiator'), 11)).toBe(3);
    expect(headingLevel(L('Maintenance', 16), 11)).toBe(2);
    expect(headingLevel(L('第3章 保养'), 11)).toBe(1);
  });
});

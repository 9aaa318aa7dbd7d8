import { describe, expect, it } from 'vitest';
import { localSpan, localWhen } from './wording.js';

describe('times in the org time zone', () => {
  it('local, never UTC; a span ending at the next midnight reads 24:00', () => {
    expect(localWhen('2026-12-08T23:00:00.000Z', 'Asia/Shanghai', 'zh')).toBe('12/9周三 07:00');
    expect(localSpan('2026-12-08T16:00:00.000Z', '2026-12-09T16:00:00.000Z', 'Asia/Shanghai', 'zh')).toBe(
      '12/9周三 00:00–24:00',
    );
    expect(localSpan('2026-12-08T23:00:00.000Z', '2026-12-10T02:00:00.000Z', 'Asia/Shanghai', 'en')).toBe(
      'Wed 09/12, 07:00–Thu 10/12, 10:00',
    );
  });
});

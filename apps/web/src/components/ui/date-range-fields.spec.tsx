// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangeFields } from './date-range-fields';

afterEach(cleanup);

describe('DateRangeFields', () => {
  it('bounds each date by the other and sets the one changed', () => {
    const range = { from: '2026-12-01', to: '2026-12-31', setFrom: vi.fn(), setTo: vi.fn() };
    render(<DateRangeFields fromLabel="From" toLabel="To" range={range} />);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.type, from.value, from.max, from.min]).toEqual(['date', '2026-12-01', '2026-12-31', '']);
    expect([to.type, to.value, to.min, to.max]).toEqual(['date', '2026-12-31', '2026-12-01', '']);
    fireEvent.change(to, { target: { value: '2026-12-24' } });
    expect(range.setTo).toHaveBeenCalledWith('2026-12-24');
    expect(range.setFrom).not.toHaveBeenCalled();
  });

  it('an open end leaves the other unbounded', () => {
    render(
      <DateRangeFields fromLabel="From" toLabel="To" range={{ from: '', to: '', setFrom: vi.fn(), setTo: vi.fn() }} />,
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).max).toBe('');
    expect((screen.getByLabelText('To') as HTMLInputElement).min).toBe('');
  });
});

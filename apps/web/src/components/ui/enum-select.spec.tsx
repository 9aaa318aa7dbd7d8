// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnumSelect } from './enum-select';

afterEach(cleanup);

describe('EnumSelect', () => {
  it('lists "any", the extra options and the values in order, and reports the choice', () => {
    const onChange = vi.fn();
    render(
      <EnumSelect
        label="Status"
        value="B"
        values={['A', 'B'] as const}
        optionLabel={(v) => `label ${v}`}
        anyLabel="Any status"
        extra={<option value="OPEN">Open</option>}
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Any status'],
      ['OPEN', 'Open'],
      ['A', 'label A'],
      ['B', 'label B'],
    ]);
    expect(select.value).toBe('B');
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.change(select, { target: { value: 'A' } });
    expect(onChange.mock.calls).toEqual([[''], ['A']]);
  });
});

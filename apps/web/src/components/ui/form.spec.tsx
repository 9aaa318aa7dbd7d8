// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberField, SelectField, TextAreaField, TextField } from './form';

afterEach(cleanup);

describe('form fields', () => {
  it('labels the control, describes it by its hint and passes the other props through', () => {
    const onChange = vi.fn();
    render(<TextField label="Name" hint="As on the plate" value="" maxLength={80} onChange={onChange} />);
    const input = screen.getByLabelText('Name') as HTMLInputElement;
    expect(input.maxLength).toBe(80);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('As on the plate');
    fireEvent.change(input, { target: { value: 'JD 6R' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('marks an error invalid and says it instead of the hint', () => {
    render(<TextAreaField label="Notes" hint="Optional" error="Too long." value="" onChange={() => {}} />);
    const area = screen.getByLabelText('Notes');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(area.getAttribute('aria-describedby')!)?.textContent).toBe('Too long.');
    expect(screen.queryByText('Optional')).toBeNull();
  });

  it('keeps an id given by the caller, and a select its options', () => {
    render(
      <SelectField label="Priority" id="prio" value="2" onChange={() => {}}>
        <option value="1">Low</option>
        <option value="2">High</option>
      </SelectField>,
    );
    const select = screen.getByLabelText('Priority') as HTMLSelectElement;
    expect(select.id).toBe('prio');
    expect(select.value).toBe('2');
  });

  it('a number field: decimal keyboard, 0 or more', () => {
    render(<NumberField label="Hours" step="0.1" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('Hours') as HTMLInputElement;
    expect([input.type, input.inputMode, input.min, input.step]).toEqual(['number', 'decimal', '0', '0.1']);
  });
});

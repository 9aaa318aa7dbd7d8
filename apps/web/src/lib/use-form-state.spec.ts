// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormState } from './use-form-state';

describe('useFormState', () => {
  it('sets one field from its change event and leaves the others', () => {
    const { result } = renderHook(() => useFormState({ name: '', quantity: '1' }));
    act(() => result.current.set('name')({ target: { value: 'Filter' } }));
    expect(result.current.form).toEqual({ name: 'Filter', quantity: '1' });
    act(() => result.current.set('quantity')({ target: { value: '3' } }));
    expect(result.current.form).toEqual({ name: 'Filter', quantity: '3' });
  });

  it('calls onEdit on every field change', () => {
    let edits = 0;
    const { result } = renderHook(() => useFormState({ name: '' }, () => edits++));
    act(() => result.current.set('name')({ target: { value: 'x' } }));
    act(() => result.current.set('name')({ target: { value: 'xy' } }));
    expect(edits).toBe(2);
  });

  it('resets to the first render’s values, not to later initial values', () => {
    let initial = { name: 'a' };
    const { result, rerender } = renderHook(() => useFormState(initial));
    act(() => result.current.set('name')({ target: { value: 'changed' } }));
    initial = { name: 'b' };
    rerender();
    expect(result.current.form.name).toBe('changed');
    act(() => result.current.reset());
    expect(result.current.form.name).toBe('a');
  });

  it('binds a field: its value, a change sets it, its error from the errors given', () => {
    const { result } = renderHook(() => useFormState({ name: 'a', quantity: '1' }));
    const errors = { quantity: 'Too small.' };
    expect(result.current.bind('name', errors)).toMatchObject({ value: 'a', error: undefined });
    expect(result.current.bind('quantity', errors)).toMatchObject({ value: '1', error: 'Too small.' });
    act(() => result.current.bind('quantity')!.onChange({ target: { value: '4' } }));
    expect(result.current.form).toEqual({ name: 'a', quantity: '4' });
    expect(result.current.bind('quantity').error).toBeUndefined();
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { ConfirmDialog, FormDialog } from './dialog';

afterEach(cleanup);

const renderForm = (props: Partial<Parameters<typeof FormDialog>[0]> = {}) => {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(
    <I18nProvider locale="en">
      <FormDialog
        title="Cancel job"
        cancelLabel="Close"
        submitLabel="Cancel the job"
        pending={false}
        error={null}
        onSubmit={onSubmit}
        onClose={onClose}
        {...props}
      >
        <label>
          Reason
          <input name="reason" required />
        </label>
      </FormDialog>
    </I18nProvider>,
  );
  return { onSubmit, onClose };
};

describe('FormDialog', () => {
  it('submits without the browser’s own submit and without its validation', () => {
    const { onSubmit } = renderForm();
    const form = screen.getByRole('button', { name: 'Cancel the job' }).closest('form')!;
    expect(form.noValidate).toBe(true);
    const event = new Event('submit', { bubbles: true, cancelable: true });
    fireEvent(form, event);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it('closes from its cancel button, but not while the request runs', () => {
    const { onClose } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    cleanup();
    const pending = renderForm({ pending: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(pending.onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Cancel the job/ })).toHaveProperty('disabled', true);
  });

  it('shows the last error, or the alert given in its place', () => {
    renderForm({ error: new Error('boom') });
    expect(screen.getByRole('alert')).toBeTruthy();
    cleanup();
    renderForm({ error: new Error('boom'), alert: <p>custom alert</p> });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('custom alert')).toBeTruthy();
  });
});

describe('ConfirmDialog', () => {
  it('confirms with its danger button and closes with cancel', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <I18nProvider locale="en">
        <ConfirmDialog
          title="Remove"
          confirmLabel="Remove it"
          cancelLabel="Cancel"
          pending={false}
          error={null}
          onConfirm={onConfirm}
          onClose={onClose}
        >
          <p>It cannot be undone.</p>
        </ConfirmDialog>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { ReasonDialog } from './reason-dialog';

afterEach(cleanup);

function setup(props: Partial<Parameters<typeof ReasonDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <I18nProvider locale="en">
      <ReasonDialog
        title="Reject"
        label="Reason"
        maxLength={20}
        submitLabel="Reject it"
        cancelLabel="Close"
        pending={false}
        error={null}
        onSubmit={onSubmit}
        onClose={() => undefined}
        {...props}
      />
    </I18nProvider>,
  );
  const box = screen.getByLabelText('Reason') as HTMLTextAreaElement;
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Reject it' }));
  return { onSubmit, box, send };
}

describe('ReasonDialog', () => {
  it('sends the text as typed', () => {
    const { onSubmit, box, send } = setup();
    expect(box.required).toBe(true);
    expect(box.maxLength).toBe(20);
    fireEvent.change(box, { target: { value: ' too worn ' } });
    send();
    expect(onSubmit).toHaveBeenCalledWith(' too worn ');
  });

  it('refuses a blank reason before any request when it has a required message, and clears it after', () => {
    const { onSubmit, box, send } = setup({ requiredMessage: 'Give a reason.' });
    fireEvent.change(box, { target: { value: '   ' } });
    send();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Give a reason.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'ok' } });
    send();
    expect(onSubmit).toHaveBeenCalledWith('ok');
    expect(screen.queryByText('Give a reason.')).toBeNull();
  });

  it('leaves a blank text to the server without a required message, and shows its field error', () => {
    const { onSubmit, send } = setup({ fieldError: 'Too short', optional: true, summary: 'Approve 3 items' });
    send();
    expect(onSubmit).toHaveBeenCalledWith('');
    expect(screen.getByText('Too short')).toBeTruthy();
    expect(screen.getByText('Approve 3 items')).toBeTruthy();
    expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).required).toBe(false);
  });
});

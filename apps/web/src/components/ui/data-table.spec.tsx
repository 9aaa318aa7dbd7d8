// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { BadgeDetails, DateTimeCell, RowActions } from './data-table';

afterEach(cleanup);

const row = (cells: ReactNode) =>
  render(
    <I18nProvider locale="en">
      <table>
        <tbody>
          <tr>{cells}</tr>
        </tbody>
      </table>
    </I18nProvider>,
  );

describe('RowActions', () => {
  it('names each button after the row, and passes clicks, disabled and title through', () => {
    const onEdit = vi.fn();
    const onRemove = vi.fn();
    row(
      <RowActions
        name="Alice"
        actions={[
          { label: 'Edit', of: 'Edit {name}', kind: 'secondary', onClick: onEdit },
          { label: 'Remove', of: 'Remove {name}', kind: 'danger', onClick: onRemove, disabled: true, title: 'Not you' },
          { label: 'Log' },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Alice' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    const remove = screen.getByRole('button', { name: 'Remove Alice' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(remove.title).toBe('Not you');
    expect(remove.className).toContain('text-red-800');
    expect(screen.getByRole('button', { name: 'Log' }).getAttribute('aria-label')).toBeNull();
  });

  it('an empty list is an empty cell', () => {
    row(<RowActions actions={[]} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelectorAll('td')).toHaveLength(1);
  });
});

describe('DateTimeCell', () => {
  it('shows the time in the given zone, or the empty text', () => {
    row(
      <>
        <DateTimeCell at="2026-12-01T23:30:00Z" timeZone="Asia/Shanghai" />
        <DateTimeCell at={null} timeZone="Asia/Shanghai" empty="never" />
      </>,
    );
    const [at, none] = [...document.querySelectorAll('td')].map((td) => td.textContent);
    expect(at).toMatch(/12\/02\/2026.*07:30/);
    expect(none).toBe('never');
  });
});

describe('BadgeDetails', () => {
  it('a summary that opens to one badge an item', () => {
    render(
      <BadgeDetails
        summary="2 scopes"
        items={[
          { key: 'a', label: 'Read jobs' },
          { key: 'b', label: 'Write jobs' },
        ]}
      />,
    );
    expect(screen.getByText('2 scopes').tagName).toBe('SUMMARY');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Read jobs', 'Write jobs']);
  });
});

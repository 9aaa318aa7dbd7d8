// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { boardReducer, BOARD_IDLE, snap } from './board-state';
import { labelPlaces, labelWidthPx } from './layout';
import { Timeline, type BoardProposal, type TimelineBar, type TimelineRow } from './timeline';

const rows: TimelineRow[] = [
  { id: 'm1', label: 'Tractor 1', group: 'Machines' },
  { id: 'm2', label: 'Tractor 2', group: 'Machines' },
  { id: 'o1', label: 'Operator 1', group: 'Operators' },
];
const FROM = '2026-06-01T00:00:00.000Z';
const TO = '2026-06-08T00:00:00.000Z';
const HOUR = 3_600_000;

function show(bars: TimelineBar[], onPropose?: (p: BoardProposal) => void) {
  render(
    <I18nProvider locale="en">
      <Timeline
        rows={rows}
        bars={bars}
        from={FROM}
        to={TO}
        timeZone="UTC"
        ariaLabel="Week"
        board={onPropose ? { onPropose } : undefined}
      />
    </I18nProvider>,
  );
}

const job = (p: Partial<TimelineBar>): TimelineBar => ({
  id: 'j1',
  rowId: 'm1',
  start: '2026-06-02T08:00:00.000Z',
  end: '2026-06-02T12:00:00.000Z',
  label: 'Combine harvest of the north field',
  kind: 'job',
  href: '/o/jobs/j1',
  ...p,
});

afterEach(cleanup);

describe('bar labels are never cut (#31 §4.4)', () => {
  it('a bar too narrow for its label draws it after the bar, or only in the tooltip; never a cut "Co…" inside', () => {
    show([
      job({}),
      job({ id: 'j2', rowId: 'm2', start: '2026-06-02T08:00:00.000Z', end: '2026-06-02T10:00:00.000Z' }),
      job({ id: 'j3', rowId: 'm2', start: '2026-06-02T10:00:00.000Z', end: '2026-06-03T10:00:00.000Z', label: 'Till' }),
      job({
        id: 'j4',
        rowId: 'o1',
        start: '2026-06-02T00:00:00.000Z',
        end: '2026-06-07T00:00:00.000Z',
        label: 'Long one',
      }),
    ]);
    const links = screen.getAllByRole('link');
    // no label inside a bar is cut with an ellipsis
    for (const a of links) expect(a.querySelector('.truncate')).toBeNull();
    // a 4 h bar of a 7-day week (≈ 17 px) cannot hold its label: it is written after the bar
    const north = within(screen.getByRole('group', { name: 'Tractor 1' }));
    expect(north.getByText('Combine harvest of the north field').getAttribute('data-bar-label')).toBe('after');
    // the next bar starts right after: no room beside, the tooltip has it
    const second = within(screen.getByRole('group', { name: 'Tractor 2' })).getAllByRole('link')[0]!;
    expect(second.textContent).not.toContain('Combine');
    expect(second.getAttribute('title')).toContain('Combine harvest of the north field');
    // wide bars keep the label inside
    expect(
      within(screen.getByRole('group', { name: 'Operator 1' }))
        .getByText('Long one')
        .getAttribute('data-bar-label'),
    ).toBe('inside');
  });

  it('places by width: inside when it fits, after when the lane is free, else tooltip', () => {
    const px = (t: number) => t;
    const bar = (id: string, s: number, e: number, label: string) => ({
      id,
      rowId: 'r',
      start: '',
      end: '',
      kind: 'job' as const,
      label,
      s,
      e,
      lane: 0,
      clippedStart: false,
      clippedEnd: false,
    });
    const w = labelWidthPx('Combine');
    expect(labelWidthPx('收割')).toBe(24);
    const places = labelPlaces(
      [bar('a', 0, w + 30, 'Combine'), bar('b', 200, 210, 'Combine'), bar('c', 215, 220, 'Combine')],
      px,
      1000,
    );
    expect(Object.fromEntries(places)).toEqual({ a: 'inside', b: 'tooltip', c: 'after' });
  });
});

describe('the board: keyboard moves and the reducer', () => {
  it('arrows move the focused job between rows and in half-hour steps; Enter proposes; it is announced', () => {
    const onPropose = vi.fn();
    show([job({ movable: true })], onPropose);
    const bar = screen.getByRole('link', { name: /Combine harvest/ });
    act(() => bar.focus());
    fireEvent.keyDown(bar, { key: 'ArrowDown' });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(screen.getByTestId('board-live').textContent).toMatch(
      /Moving “Combine harvest of the north field”: Tractor 2/,
    );
    // the ghost is drawn in the target row
    expect(
      within(screen.getByRole('group', { name: 'Tractor 2' }).parentElement!).queryByText(
        'Combine harvest of the north field',
        { selector: '[data-board-ghost]' },
      ),
    ).toBeTruthy();
    fireEvent.keyDown(bar, { key: 'Enter' });
    expect(onPropose).toHaveBeenCalledWith({
      barId: 'j1',
      fromRowId: 'm1',
      rowId: 'm2',
      startsAt: '2026-06-02T09:00:00.000Z',
      endsAt: '2026-06-02T13:00:00.000Z',
    });
    expect(screen.getByTestId('board-live').textContent).toMatch(/Proposed/);
  });

  it('Escape cancels and proposes nothing; a bar that is not movable ignores the arrows', () => {
    const onPropose = vi.fn();
    show([job({ movable: true }), job({ id: 'j9', rowId: 'o1', label: 'Fixed' })], onPropose);
    const bar = screen.getByRole('link', { name: /Combine harvest/ });
    fireEvent.keyDown(bar, { key: 'ArrowUp' });
    fireEvent.keyDown(bar, { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(bar, { key: 'Escape' });
    expect(onPropose).not.toHaveBeenCalled();
    expect(screen.getByTestId('board-live').textContent).toMatch(/cancelled/);
    fireEvent.keyDown(screen.getByRole('link', { name: /Fixed/ }), { key: 'ArrowDown' });
    expect(screen.getByTestId('board-live').textContent).toMatch(/cancelled/);
  });

  it('reducer: rows clamp, time snaps to the step inside the range, a no-op stays the same state', () => {
    const min = 0;
    const max = 24 * HOUR;
    const stepMs = HOUR / 2;
    let s = boardReducer(BOARD_IDLE, {
      type: 'pick',
      barId: 'b',
      rowId: 'a',
      start: 2 * HOUR,
      end: 6 * HOUR,
      via: 'keyboard',
    });
    s = boardReducer(s, { type: 'nudge', rowDelta: -1, steps: -10, rows: ['a', 'b'], stepMs, min, max });
    expect(s.move).toMatchObject({ rowId: 'a', start: 0, duration: 4 * HOUR });
    const same = boardReducer(s, { type: 'nudge', rowDelta: -1, steps: -1, rows: ['a', 'b'], stepMs, min, max });
    expect(same).toBe(s);
    s = boardReducer(s, { type: 'place', rowId: 'b', start: 23 * HOUR, stepMs, min, max });
    expect(s.move).toMatchObject({ rowId: 'b', start: 20 * HOUR });
    expect(snap(HOUR + 14 * 60_000, HOUR, stepMs, min, max)).toBe(HOUR);
    expect(boardReducer(s, { type: 'end' })).toEqual(BOARD_IDLE);
  });
});

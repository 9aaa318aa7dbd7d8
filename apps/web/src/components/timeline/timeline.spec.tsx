// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { Timeline, TIMELINE_FIRST_ROWS, type TimelineBar, type TimelineRow } from './timeline';

const rows: TimelineRow[] = [
  { id: 'm1', label: 'Harvester 1', group: 'Machines' },
  { id: 'o1', label: 'Operator 1', group: 'Operators' },
];
const bars: TimelineBar[] = [
  {
    id: 'b1',
    rowId: 'm1',
    start: '2026-06-01T01:00:00.000Z',
    end: '2026-06-01T05:00:00.000Z',
    label: 'A very long job name that a bar would cut',
    kind: 'proposed',
    card: {
      title: 'A very long job name that a bar would cut',
      lines: [{ label: 'Operator', value: 'Operator 1' }],
      links: [{ href: '#item-1', label: 'Show in the items' }],
    },
  },
  {
    id: 'b2',
    rowId: 'o1',
    start: '2026-06-01T01:00:00.000Z',
    end: '2026-06-01T05:00:00.000Z',
    label: 'Clash',
    kind: 'conflict',
    card: {
      title: 'Clash',
      lines: [],
      notes: [{ tone: 'conflict', text: 'Clashes with: Booked job', href: '/o/jobs/9', linkLabel: 'Open the job' }],
    },
  },
];

function show() {
  render(
    <I18nProvider locale="en">
      <Timeline
        rows={rows}
        bars={bars}
        from="2026-06-01T00:00:00.000Z"
        to="2026-06-02T00:00:00.000Z"
        timeZone="UTC"
        ariaLabel="Draft timeline"
        rowHeader="Machine / operator"
      />
    </I18nProvider>,
  );
}

const bar = (name: RegExp) => screen.getByRole('button', { name });
const cardOf = (b: HTMLElement) => document.getElementById(b.getAttribute('aria-controls')!)!;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Timeline cards and lanes', () => {
  it('draws the lanes under their group headings', () => {
    show();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Machines', 'Operators']);
    const operators = screen.getByRole('group', { name: 'Operator 1' });
    expect(within(operators).getByRole('button', { name: /Clash/ })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Harvester 1' })).queryByRole('button', { name: /Clash/ }),
    ).toBeNull();
  });

  it('opens a card on hover and closes it when the pointer leaves', () => {
    show();
    const b = bar(/A very long job name/);
    expect(b.getAttribute('aria-expanded')).toBe('false');
    expect(cardOf(b).hidden).toBe(true);
    fireEvent.mouseEnter(b);
    expect(b.getAttribute('aria-expanded')).toBe('true');
    expect(cardOf(b).hidden).toBe(false);
    expect(within(cardOf(b)).getByText('Operator 1')).toBeTruthy();
    fireEvent.mouseLeave(b);
    act(() => void vi.advanceTimersByTime(500));
    expect(cardOf(b).hidden).toBe(true);
  });

  it('opens on keyboard focus, and Escape closes it', () => {
    show();
    const b = bar(/A very long job name/);
    act(() => b.focus());
    expect(cardOf(b).hidden).toBe(false);
    fireEvent.keyDown(b, { key: 'Escape' });
    expect(cardOf(b).hidden).toBe(true);
  });

  it('a tap pins the card (leaving does not close it); a second tap or a tap elsewhere closes it', () => {
    show();
    const b = bar(/Clash/);
    // a touch screen sends a synthetic hover before the click
    fireEvent.mouseEnter(b);
    fireEvent.click(b);
    fireEvent.mouseLeave(b);
    act(() => void vi.advanceTimersByTime(500));
    expect(cardOf(b).hidden).toBe(false);
    // the conflict's card links the booking it clashes with
    expect(within(cardOf(b)).getByRole('link', { name: 'Open the job' }).getAttribute('href')).toBe('/o/jobs/9');
    fireEvent.click(b);
    expect(cardOf(b).hidden).toBe(true);
    fireEvent.click(b);
    expect(cardOf(b).hidden).toBe(false);
    fireEvent.pointerDown(document.body);
    expect(cardOf(b).hidden).toBe(true);
  });

  it('one card at a time: hovering another bar does not replace a pinned card', () => {
    show();
    const a = bar(/A very long job name/);
    const c = bar(/Clash/);
    fireEvent.click(a);
    fireEvent.mouseEnter(c);
    expect(cardOf(a).hidden).toBe(false);
    expect(cardOf(c).hidden).toBe(true);
  });
});

describe('Timeline rows of a large fleet', () => {
  const many: TimelineRow[] = Array.from({ length: TIMELINE_FIRST_ROWS + 25 }, (_, i) => ({
    id: `m${i}`,
    label: `Machine ${i}`,
  }));
  const manyBars: TimelineBar[] = many.map((r) => ({
    id: `b-${r.id}`,
    rowId: r.id,
    start: '2026-06-01T01:00:00.000Z',
    end: '2026-06-01T05:00:00.000Z',
    label: `Job on ${r.label}`,
    kind: 'job',
    href: `/o/jobs/${r.id}`,
  }));
  const element = (
    <I18nProvider locale="en">
      <Timeline
        rows={many}
        bars={manyBars}
        from="2026-06-01T00:00:00.000Z"
        to="2026-06-02T00:00:00.000Z"
        timeZone="UTC"
        ariaLabel="Fleet timeline"
      />
    </I18nProvider>
  );

  it('the server draws the first rows only', () => {
    const html = renderToString(element);
    expect(html).toContain(`Machine ${TIMELINE_FIRST_ROWS - 1}<`);
    expect(html).not.toContain(`Machine ${TIMELINE_FIRST_ROWS}<`);
  });

  it('the browser then draws every row with its bars', () => {
    render(element);
    const last = screen.getByRole('group', { name: `Machine ${many.length - 1}` });
    expect(
      within(last)
        .getByRole('link', { name: /Job on Machine/ })
        .getAttribute('href'),
    ).toBe(`/o/jobs/m${many.length - 1}`);
    expect(screen.getAllByRole('link', { name: /Job on Machine/ })).toHaveLength(many.length);
  });
});

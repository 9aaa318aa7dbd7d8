'use client';

import Link from 'next/link';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
} from 'react';

/** What a bar's card says: a title, label/value lines, findings (conflicts first) and links. */
export type TimelineCard = {
  title: string;
  lines: { label: string; value: string }[];
  notes?: { text: string; tone: 'conflict' | 'warning' | 'info'; href?: string; linkLabel?: string }[];
  links?: { href: string; label: string }[];
};

const CARD_W = 288;
const CLOSE_DELAY_MS = 180;

/**
 * Which bar's card is open, and whether a click/tap pinned it. Hover and keyboard focus open a
 * card; a click or tap pins it (a second one closes it); Escape or a pointer-down elsewhere closes.
 */
export function useBarCards() {
  const [open, setOpen] = useState<{ id: string; pinned: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelClose = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const show = useCallback(
    (id: string) => {
      cancelClose();
      setOpen((o) => (o?.pinned && o.id !== id ? o : { id, pinned: o?.id === id ? o.pinned : false }));
    },
    [cancelClose],
  );
  const hideSoon = useCallback(
    (id: string) => {
      cancelClose();
      timer.current = setTimeout(() => setOpen((o) => (o && o.id === id && !o.pinned ? null : o)), CLOSE_DELAY_MS);
    },
    [cancelClose],
  );
  const toggle = useCallback(
    (id: string) => {
      cancelClose();
      // a tap fires a (synthetic) hover first: the card it opened gets pinned, not closed
      setOpen((o) => (o?.id === id && o.pinned ? null : { id, pinned: true }));
    },
    [cancelClose],
  );
  const close = useCallback(() => {
    cancelClose();
    setOpen(null);
  }, [cancelClose]);
  useEffect(() => cancelClose, [cancelClose]);
  return { openId: open?.id ?? null, show, hideSoon, toggle, close, cancelClose };
}

export type BarCards = ReturnType<typeof useBarCards>;

/**
 * A bar that opens its card: a button (disclosure: aria-expanded / aria-controls) followed by
 * the card in the DOM, so Tab walks from the bar into the card's links. The card is placed
 * with `position: fixed` next to the bar so the timeline's scroll box does not clip it.
 */
export function CardBar({
  id,
  cards,
  name,
  className,
  style,
  card,
  title,
  extra,
  children,
}: {
  id: string;
  cards: BarCards;
  name: string;
  className: string;
  style: CSSProperties;
  card: TimelineCard;
  /** the whole label when the bar cannot show it */
  title?: string;
  /** the board's handlers of a movable bar */
  extra?: HTMLAttributes<HTMLElement> & Record<string, unknown>;
  children: ReactNode;
}) {
  const btn = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const expanded = cards.openId === id;
  const cardId = `card-${id}`;
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    if (!expanded) return;
    const place = () => {
      const r = btn.current?.getBoundingClientRect();
      if (!r) return;
      const vw = window.innerWidth;
      const vh = window.innerHeight;
      const h = box.current?.offsetHeight ?? 160;
      const left = Math.max(8, Math.min(r.left, vw - CARD_W - 8));
      const below = r.bottom + 6;
      const top = below + h > vh - 8 && r.top - h - 6 > 8 ? r.top - h - 6 : below;
      setPos({ left, top });
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [expanded]);

  useEffect(() => {
    if (!expanded) return;
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!btn.current?.contains(t) && !box.current?.contains(t)) cards.close();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [expanded, cards]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && expanded) {
      e.stopPropagation();
      cards.close();
      btn.current?.focus();
    }
  };

  return (
    <>
      <button
        {...extra}
        ref={btn}
        type="button"
        aria-label={name}
        aria-expanded={expanded}
        aria-controls={cardId}
        data-bar-id={id}
        title={title}
        style={style}
        className={`${className} z-10 cursor-pointer text-left hover:z-30 hover:shadow focus-visible:z-30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700`}
        onMouseEnter={() => cards.show(id)}
        onMouseLeave={() => cards.hideSoon(id)}
        onFocus={() => cards.show(id)}
        onBlur={(e) => {
          (extra?.onBlur as ((e: React.FocusEvent<HTMLElement>) => void) | undefined)?.(e);
          if (!box.current?.contains(e.relatedTarget as Node | null)) cards.hideSoon(id);
        }}
        onClick={() => cards.toggle(id)}
        onKeyDown={(e) => {
          (extra?.onKeyDown as ((e: React.KeyboardEvent<HTMLElement>) => void) | undefined)?.(e);
          if (!e.defaultPrevented) onKeyDown(e);
        }}
      >
        {children}
      </button>
      <div
        ref={box}
        id={cardId}
        role="group"
        aria-label={card.title}
        hidden={!expanded}
        data-testid="timeline-card"
        onMouseEnter={cards.cancelClose}
        onMouseLeave={() => cards.hideSoon(id)}
        onFocus={cards.cancelClose}
        onBlur={(e) => {
          const next = e.relatedTarget as Node | null;
          if (!box.current?.contains(next) && next !== btn.current) cards.hideSoon(id);
        }}
        onKeyDown={onKeyDown}
        style={{ position: 'fixed', width: CARD_W, left: pos?.left ?? -9999, top: pos?.top ?? -9999 }}
        className="z-50 space-y-2 rounded-lg border border-slate-300 bg-white p-3 text-left text-sm text-slate-800 shadow-lg"
      >
        <p className="break-words font-semibold text-slate-900">{card.title}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
          {card.lines.map((l) => (
            <div key={l.label} className="contents">
              <dt className="text-slate-600">{l.label}</dt>
              <dd className="break-words text-slate-900">{l.value}</dd>
            </div>
          ))}
        </dl>
        {card.notes && card.notes.length > 0 ? (
          <ul className="space-y-1 text-xs">
            {card.notes.map((n, i) => (
              <li
                key={i}
                className={
                  n.tone === 'conflict'
                    ? 'rounded bg-red-50 px-2 py-1 text-red-900'
                    : n.tone === 'warning'
                      ? 'rounded bg-amber-50 px-2 py-1 text-amber-900'
                      : 'text-slate-700'
                }
              >
                {n.tone === 'conflict' ? <span aria-hidden="true">! </span> : null}
                {n.text}
                {n.href ? (
                  <>
                    {' '}
                    <Link href={n.href} className="font-medium underline underline-offset-2">
                      {n.linkLabel}
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {card.links && card.links.length > 0 ? (
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
            {card.links.map((l) => (
              <Link
                key={l.href}
                href={l.href}
                className="font-medium text-emerald-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-700"
              >
                {l.label}
              </Link>
            ))}
          </p>
        ) : null}
      </div>
    </>
  );
}

'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/** The look of a menu's panel under its button (the caller adds its side and width). */
export const menuPanelClass = 'absolute top-full z-50 mt-1 rounded-lg border border-slate-200 bg-white p-1 shadow-lg';

/**
 * Open/close state for a menu button + panel (`panelId`): closes on Escape (focus back to the
 * button) and on a pointer press outside the container. `buttonProps` and `panelProps` wire the
 * two together (aria-expanded, aria-controls, hidden).
 */
export function useDisclosure<C extends HTMLElement = HTMLDivElement, B extends HTMLElement = HTMLButtonElement>(
  panelId: string,
) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<C>(null);
  const buttonRef = useRef<B>(null);

  const close = useCallback((restoreFocus = false) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);
  const toggle = useCallback(() => setOpen((o) => !o), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    const onPointer = (e: PointerEvent) => {
      if (containerRef.current && !containerRef.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    onClick: toggle,
    'aria-expanded': open,
    'aria-controls': panelId,
  };
  const panelProps = { id: panelId, hidden: !open };
  return { open, setOpen, toggle, close, containerRef, buttonRef, buttonProps, panelProps };
}

'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { LineIcon } from './line-icon';

/**
 * A modal on the native <dialog>: the browser traps focus and Escape closes it. Render it
 * only while open (`open && <Dialog …/>`). The element is unmounted rather than closed, so the
 * browser's own focus return does not happen: focus goes back by hand to what had it before
 * (the button that opened the dialog), if that is still on the page.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal();
    return () => {
      el?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100vw-1.5rem)] ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40`}
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id="dialog-title" className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t.app.closeDialog}
          className="grid size-9 place-items-center rounded-md text-slate-600 hover:bg-slate-100"
        >
          <LineIcon d="M6 6l12 12M18 6L6 18" />
        </button>
      </div>
      <div className="max-h-[75dvh] overflow-y-auto px-4 py-4">{children}</div>
    </dialog>
  );
}

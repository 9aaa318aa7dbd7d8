'use client';

import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMessages } from '@/i18n/messages';
import { offlineMessages } from './messages';

/**
 * One photo from the phone's camera (or gallery), kept as a Blob: it is uploaded through the
 * offline queue (multipart `file`), so it survives a reload and a missing connection.
 */
export function PhotoInput({ value, onChange }: { value: File | null; onChange: (f: File | null) => void }) {
  const m = useMessages(offlineMessages);
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <label htmlFor={id} className="block text-base font-semibold text-slate-900">
        {m.photo}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {m.photoHint}
      </p>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        aria-describedby={`${id}-hint`}
        className="mt-2 block min-h-12 w-full text-sm file:mr-3 file:min-h-12 file:rounded-md file:border-0 file:bg-emerald-700 file:px-4 file:font-semibold file:text-white"
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      {preview ? (
        <div className="mt-3 flex items-center gap-3">
          <img src={preview} alt="" className="size-20 rounded-md object-cover" />
          <Button variant="ghost" onClick={() => onChange(null)}>
            {m.photoRemove}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

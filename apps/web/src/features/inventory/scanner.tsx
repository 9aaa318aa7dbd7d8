'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { frameDecoder } from './decode';
import { inventoryMessages } from './messages';

/** Frames are scaled down to this width before decoding (enough for a label held to the camera). */
const FRAME_WIDTH = 640;
const FRAME_INTERVAL_MS = 150;

type State = { kind: 'idle' } | { kind: 'starting' } | { kind: 'scanning' } | { kind: 'error'; text: string };

/**
 * The phone's camera reading a barcode or QR code (the back camera where there is one), and a
 * box to type the code when the camera can't be used. `onRead` gets the raw text once; the
 * camera is closed then (and when the component goes away).
 */
export function Scanner({ onRead }: { onRead: (text: string) => void }) {
  const m = useMessages(inventoryMessages).scan;
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useRef(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [typed, setTyped] = useState('');

  const stop = () => {
    live.current = false;
    if (timer.current) clearTimeout(timer.current);
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  };
  useEffect(() => stop, []);

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'error', text: m.unsupported });
      return;
    }
    setState({ kind: 'starting' });
    try {
      const [media, decode] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        frameDecoder(),
      ]);
      stream.current = media;
      const el = video.current!;
      el.srcObject = media;
      await el.play();
      live.current = true;
      setState({ kind: 'scanning' });
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      const tick = async () => {
        if (!live.current || !ctx) return;
        if (el.videoWidth > 0) {
          const scale = Math.min(1, FRAME_WIDTH / el.videoWidth);
          canvas.width = Math.round(el.videoWidth * scale);
          canvas.height = Math.round(el.videoHeight * scale);
          ctx.drawImage(el, 0, 0, canvas.width, canvas.height);
          const text = await decode(ctx.getImageData(0, 0, canvas.width, canvas.height)).catch(() => null);
          if (text && live.current) {
            stop();
            setState({ kind: 'idle' });
            onRead(text);
            return;
          }
        }
        if (live.current) timer.current = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    } catch (err) {
      stop();
      const reason = err instanceof Error ? err.message || err.name : String(err);
      setState({ kind: 'error', text: format(m.denied, { reason }) });
    }
  };

  const onManual = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) onRead(typed);
  };
  const on = state.kind === 'starting' || state.kind === 'scanning';

  return (
    <div className="space-y-3">
      <div className={on ? 'overflow-hidden rounded-lg bg-black' : 'hidden'}>
        <video ref={video} muted playsInline aria-label={m.video} className="aspect-[4/3] w-full object-cover" />
      </div>
      {state.kind === 'starting' ? (
        <p role="status" className="text-sm text-slate-700">
          {m.starting}
        </p>
      ) : null}
      {state.kind === 'error' ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          {state.text}
        </p>
      ) : null}
      {on ? (
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          onClick={() => {
            stop();
            setState({ kind: 'idle' });
          }}
        >
          {m.stop}
        </Button>
      ) : (
        <Button size="lg" className="w-full" onClick={() => void start()}>
          {m.start}
        </Button>
      )}
      <form onSubmit={onManual} noValidate className="flex items-end gap-2">
        <TextField
          label={m.manual}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={200}
          autoComplete="off"
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" size="lg">
          {m.lookup}
        </Button>
      </form>
    </div>
  );
}

'use client';

import type { TFieldBoundary } from '@amms/contracts/geo';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { mapMessages } from './messages';
import { putBoundary } from './queries';
import { insertCorner, removeCorner } from './ring-edit';

/**
 * Drawing a field's boundary: corners come from clicks on the map (the page passes them in) or
 * from the longitude / latitude inputs (keyboard, and browsers without WebGL). Saving PUTs the
 * polygon; the server measures it, and repairs (or refuses) what is not a valid polygon.
 */
export function BoundaryEditor(props: {
  orgId: string;
  fieldId: string;
  fieldName: string;
  points: [number, number][];
  onPoints: (points: [number, number][]) => void;
  onDone: (saved: TFieldBoundary | null) => void;
}) {
  const m = useMessages(mapMessages);
  const [lon, setLon] = useState('');
  const [lat, setLat] = useState('');
  const [tooFew, setTooFew] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      putBoundary(props.orgId, props.fieldId, {
        type: 'Polygon',
        coordinates: [[...props.points, props.points[0]!]],
      }),
    onSuccess: (b) => props.onDone(b),
  });
  const add = () => {
    const x = Number(lon);
    const y = Number(lat);
    if (lon.trim() === '' || lat.trim() === '' || !Number.isFinite(x) || !Number.isFinite(y)) return;
    props.onPoints([...props.points, [x, y]]);
    setLon('');
    setLat('');
  };
  return (
    <section aria-labelledby="boundary-editor-title" className="space-y-3 rounded border border-violet-300 p-3">
      <h2 id="boundary-editor-title" className="font-medium">
        {fill(m.editor.title, { f: props.fieldName })}
      </h2>
      <p className="text-sm text-slate-600">{m.editor.hint}</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          {m.editor.longitude}
          <input
            className="ml-1 w-32 rounded border border-slate-300 px-2 py-1"
            inputMode="decimal"
            value={lon}
            onChange={(e) => setLon(e.target.value)}
          />
        </label>
        <label className="text-sm">
          {m.editor.latitude}
          <input
            className="ml-1 w-32 rounded border border-slate-300 px-2 py-1"
            inputMode="decimal"
            value={lat}
            onChange={(e) => setLat(e.target.value)}
          />
        </label>
        <Button size="sm" variant="secondary" onClick={add}>
          {m.editor.addPoint}
        </Button>
      </div>
      <p className="text-sm" aria-live="polite">
        {fill(m.editor.points, { n: props.points.length })}
        {tooFew && props.points.length < 3 ? ` · ${m.editor.tooFew}` : ''}
      </p>
      {props.points.length > 0 ? (
        <ol aria-label={m.editor.corners} className="space-y-1 text-sm">
          {props.points.map((p, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2">
              <span>{fill(m.editor.corner, { n: i + 1 })}</span>
              {([0, 1] as const).map((axis) => (
                <input
                  // re-read when the corner moves on the map
                  key={`${axis}:${p[axis]}`}
                  aria-label={fill(axis === 0 ? m.editor.cornerLon : m.editor.cornerLat, { n: i + 1 })}
                  className="w-32 rounded border border-slate-300 px-2 py-0.5"
                  inputMode="decimal"
                  defaultValue={p[axis].toFixed(6)}
                  onBlur={(e) => {
                    const v = Number(e.target.value);
                    if (!Number.isFinite(v) || e.target.value.trim() === '') return;
                    props.onPoints(props.points.map((q, n) => (n === i ? (axis === 0 ? [v, q[1]] : [q[0], v]) : q)));
                  }}
                />
              ))}
              <Button
                size="sm"
                variant="ghost"
                disabled={props.points.length < 2}
                onClick={() => props.onPoints(insertCorner(props.points, i))}
              >
                {m.editor.insert}
                <span className="sr-only">{fill(m.editor.insertAfter, { n: i + 1 })}</span>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => props.onPoints(removeCorner(props.points, i))}>
                {m.editor.remove}
                <span className="sr-only">{fill(m.editor.removeCorner, { n: i + 1 })}</span>
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      <ErrorAlert error={save.error} />
      <div className="flex gap-2">
        <Button
          size="sm"
          pending={save.isPending}
          onClick={() => (props.points.length < 3 ? setTooFew(true) : save.mutate())}
        >
          {m.editor.save}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={props.points.length === 0}
          onClick={() => props.onPoints(props.points.slice(0, -1))}
        >
          {m.editor.undo}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => props.onDone(null)}>
          {m.editor.cancel}
        </Button>
      </div>
    </section>
  );
}

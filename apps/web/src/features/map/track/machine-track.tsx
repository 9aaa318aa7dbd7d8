'use client';

import type { TMachineFeature } from '@amms/contracts/geo';
import type { TPositionsResponse } from '@amms/contracts/telematics';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Loading, QueryError } from '@/components/ui/states';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { assetTrackQuery } from '@/features/telematics/api';
import { dayWindow, trackKm, trackPoints } from './track-layer';
import { trackMessages } from './track-messages';

const hhmm = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', timeZone });

/**
 * The machine-track panel of the map page: which machine's day to draw, and the track as text
 * (the map's alternative: how many points, when, how far, and each point). The track itself is
 * handed up (`onTrack`) for the map to draw as an overlay.
 */
export function MachineTrack(props: {
  orgId: string;
  machines: TMachineFeature[];
  /** the page's day (YYYY-MM-DD) in the org's time zone */
  date: string;
  timeZone: string;
  assetId: string | null;
  onSelect: (assetId: string | null) => void;
  onTrack: (track: TPositionsResponse | null) => void;
}) {
  const m = useMessages(trackMessages);
  const win = useMemo(() => dayWindow(props.date, new Date(), props.timeZone), [props.date, props.timeZone]);
  const q = useQuery({
    ...assetTrackQuery(props.orgId, props.assetId ?? '', win.from, win.to, win.live),
    enabled: props.assetId !== null,
  });
  const track = props.assetId && q.data ? q.data : null;
  const { onTrack } = props;
  useEffect(() => onTrack(track), [onTrack, track]);
  const points = useMemo(() => trackPoints(track), [track]);

  return (
    <div className="space-y-3 text-sm">
      <p className="text-slate-600">{m.hint}</p>
      <label className="block">
        {m.machine}
        <select
          className="ml-2 rounded border border-slate-300 px-2 py-1"
          value={props.assetId ?? ''}
          onChange={(e) => props.onSelect(e.target.value || null)}
        >
          <option value="">{m.none}</option>
          {props.machines.map((x) => (
            <option key={x.properties.assetId} value={x.properties.assetId}>
              {x.properties.name}
            </option>
          ))}
        </select>
      </label>
      {props.assetId === null ? null : q.isPending ? (
        <Loading label={m.title} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : points.length === 0 ? (
        <p role="status">{m.empty}</p>
      ) : (
        <>
          <p role="status" data-track-points={points.length}>
            {fill(m.summary, {
              n: points.length,
              from: hhmm(points[0]!.at, props.timeZone),
              to: hhmm(points.at(-1)!.at, props.timeZone),
              km: trackKm(points),
            })}
          </p>
          {track?.truncated ? <p>{fill(m.truncated, { n: points.length })}</p> : null}
          <details>
            <summary className="cursor-pointer">{m.points}</summary>
            <table className="mt-2 w-full text-left" aria-label={m.points}>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col">{m.time}</th>
                  <th scope="col">{m.latitude}</th>
                  <th scope="col">{m.longitude}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.at} className="border-b border-slate-100">
                    <td>{hhmm(p.at, props.timeZone)}</td>
                    <td>{p.lat.toFixed(5)}</td>
                    <td>{p.lon.toFixed(5)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </div>
  );
}

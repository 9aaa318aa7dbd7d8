'use client';

import type { TFieldBoundary } from '@amms/contracts/geo';
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useMessages } from '@/i18n/messages';
import type { Shape } from '@/features/map/mini-map';
import { fieldBoundaryQuery } from './api';
import { fieldMessages, fill } from './messages';

// MapLibre only when a job page draws its map: the field app's other pages stay light. Offline its
// chunk may not be kept (the warm-up keeps the scripts the home page loaded): no map then, rather
// than the chunk's load error taking the whole job page down (the text and links say the same).
const NoMap = () => null;
const MiniMap = dynamic(
  () =>
    import('@/features/map/mini-map').then(
      (m) => m.MiniMap,
      () => NoMap,
    ),
  { ssr: false },
);

/** What the job page's small map draws: the field's boundary, else its point; nothing without a location. */
export function wayShapes(
  geometry: TFieldBoundary['geometry'] | null | undefined,
  latitude: number | null,
  longitude: number | null,
): Shape[] {
  if (geometry)
    return [
      {
        type: 'Feature',
        properties: { color: '#16a34a' },
        geometry: { type: 'MultiPolygon', coordinates: geometry.coordinates },
      },
    ];
  if (latitude === null || longitude === null) return [];
  return [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [longitude, latitude] } }];
}

/**
 * The field app's way to today's field: a small read-only map of its boundary (or point) above the
 * navigate links. Boundary and field row come from the query cache the field app persists and
 * warms up, so it draws offline too (with the plain background: no tiles are needed). Decorative
 * for assistive technology — the location and the links say the same in text — and left out when
 * the phone cannot draw WebGL.
 */
export function FieldWayMap(props: {
  orgId: string;
  fieldId: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}) {
  const m = useMessages(fieldMessages);
  const b = useQuery(fieldBoundaryQuery(props.orgId, props.fieldId));
  const [unavailable, setUnavailable] = useState(false);
  const shapes = wayShapes(b.data?.geometry, props.latitude, props.longitude);
  if (unavailable || shapes.length === 0) return null;
  return (
    <MiniMap
      shapes={shapes}
      label={fill(m.job.mapLabel, { name: props.name })}
      className="mt-3 h-48 w-full overflow-hidden rounded border border-slate-200"
      onUnavailable={() => setUnavailable(true)}
    />
  );
}

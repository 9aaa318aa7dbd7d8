'use client';

import type { TFieldBoundary, TFieldFeature } from '@amms/contracts/geo';
import type { TField } from '@amms/contracts/jobs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading, QueryError } from '@/components/ui/states';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { AreaText } from '@/features/map/area-text';
import { DrawableMap } from '@/features/map/drawable-map';
import type { BasemapConfig } from '@/features/map/map-style';
import { mapMessages } from '@/features/map/messages';
import { NavigateLinks } from '@/features/map/navigate-links';
import { boundaryQuery, mapKeys } from '@/features/map/queries';
import { outerRing } from '@/features/map/ring-edit';
import { useBoundaryDraft } from '@/features/map/use-boundary-draft';
import { plotMessages } from './messages';
import { plotKeys, removeBoundary } from './queries';

/** The field as a map feature (no work colouring here: the jobs are listed below the map). */
function asFeature(field: TField, b: TFieldBoundary | undefined): TFieldFeature {
  const point =
    field.latitude !== null && field.longitude !== null
      ? { type: 'Point' as const, coordinates: [field.longitude, field.latitude] as [number, number] }
      : null;
  return {
    type: 'Feature',
    id: `field:${field.id}`,
    geometry: b?.geometry ?? point,
    properties: {
      kind: 'field',
      fieldId: field.id,
      name: field.name,
      teamId: field.teamId,
      crop: field.crop,
      areaM2: field.areaM2,
      measuredAreaM2: b ? b.measuredAreaM2 : field.measuredAreaM2,
      today: 'NONE',
      week: 'NONE',
      operationTypes: [],
    },
  };
}

/**
 * The field page's map: the boundary (or the entered point), drawing or editing it (the map
 * page's editor: clicks, drags, an edge's middle inserts, right click / long press removes, or
 * typed corners), removing it, the measured area and the navigate links. Without WebGL the text
 * carries the same: area, centre, the editor's corner list.
 */
export function PlotMap(props: { orgId: string; field: TField; basemap: BasemapConfig; canEdit: boolean }) {
  const p = useMessages(plotMessages).page;
  const mm = useMessages(mapMessages);
  const qc = useQueryClient();
  const { orgId, field } = props;
  const boundary = useQuery(boundaryQuery(orgId, field.id));
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: mapKeys.all(orgId) });
    void qc.invalidateQueries({ queryKey: plotKeys.all(orgId) });
  };
  const draft = useBoundaryDraft(refresh);
  const remove = useMutation({
    mutationFn: () => removeBoundary(orgId, field.id),
    onSuccess: () => {
      draft.setNotice(p.removed);
      refresh();
    },
  });
  const feature = useMemo(() => asFeature(field, boundary.data), [field, boundary.data]);
  const features = useMemo(() => (feature.geometry ? [feature] : []), [feature]);
  const b = boundary.data;
  const lat = b?.centroid?.latitude ?? field.latitude;
  const lon = b?.centroid?.longitude ?? field.longitude;

  return (
    <Card id="field-map" title={p.mapTitle}>
      <div className="space-y-3">
        {boundary.isPending ? (
          <Loading label={mm.loading} />
        ) : boundary.isError ? (
          <QueryError error={boundary.error} onRetry={() => void boundary.refetch()} />
        ) : (
          <>
            <p className="text-sm">
              <AreaText measuredM2={b?.measuredAreaM2 ?? null} enteredM2={field.areaM2} />
              {lat !== null && lon !== null
                ? ` · ${fill(p.centroid, { lat: lat.toFixed(5), lon: lon.toFixed(5) })}`
                : ''}
            </p>
            {lat === null || lon === null ? <p className="text-sm text-slate-600">{p.noLocation}</p> : null}
            <DrawableMap
              orgId={orgId}
              features={features}
              basemap={props.basemap}
              draft={draft}
              editedName={field.name}
            />
          </>
        )}
        {props.canEdit && !draft.editing && !boundary.isPending ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => draft.start(field.id, outerRing(b?.geometry))}>
              {b?.geometry ? p.edit : p.draw}
            </Button>
            {b?.geometry ? (
              <Button size="sm" variant="ghost" pending={remove.isPending} onClick={() => remove.mutate()}>
                {p.remove}
              </Button>
            ) : null}
          </div>
        ) : null}
        <ErrorAlert error={remove.error} />
        {lat !== null && lon !== null ? <NavigateLinks latitude={lat} longitude={lon} name={field.name} /> : null}
      </div>
    </Card>
  );
}

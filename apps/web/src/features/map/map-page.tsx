'use client';

import type { TFieldFeature, TMachineFeature } from '@amms/contracts/geo';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import type { TPositionsResponse } from '@amms/contracts/telematics';
import { Card } from '@/components/ui/card';
import { Loading, QueryError } from '@/components/ui/states';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { BoundaryImport } from './boundary-import';
import { importMessages } from './import-messages';
import { FeatureList } from './feature-list';
import { DrawableMap } from './drawable-map';
import { orgPath } from '@/lib/nav';
import { sameOrg } from '@/lib/queries';
import { MapFilterBar, useMapFilters } from './map-filters';
import { mapMessages } from './messages';
import { boundsOf, STATE_COLORS, type BasemapConfig } from './map-style';
import { boundaryQuery, mapFeaturesQuery, mapKeys, zoomStep } from './queries';
import { outerRing } from './ring-edit';
import { useBoundaryDraft } from './use-boundary-draft';
import { MachineTrack } from './track/machine-track';
import { todayIn } from '@/lib/zoned-time';
import { trackOverlay } from './track/track-layer';
import { trackMessages } from './track/track-messages';

/**
 * The org's map: fields coloured by the day's work, machines, the list that says the same in text
 * (for the same filters), and boundary drawing. A click on a field opens its page; on a machine, the machine's.
 */
export function MapPage(props: {
  orgId: string;
  basemap: BasemapConfig;
  canEdit: boolean;
  canTrack?: boolean;
  /** the org's time zone: the map's day is the org's */
  timeZone: string;
}) {
  const m = useMessages(mapMessages);
  const im = useMessages(importMessages);
  const qc = useQueryClient();
  const router = useRouter();
  const [date, setDate] = useState<string | null>(null);
  const filterState = useMapFilters(props.orgId);
  // the detail the map is drawn at (the whole org at first: a village-scale zoom)
  const [zoom, setZoom] = useState(10);
  const q = useQuery({
    ...mapFeaturesQuery(props.orgId, date, filterState.filters, zoom),
    // the previous map stays while another filter loads (marked busy), never another org's
    placeholderData: sameOrg(props.orgId),
  });
  const [focus, setFocus] = useState<[number, number, number, number] | null>(null);
  const draft = useBoundaryDraft(() => void qc.invalidateQueries({ queryKey: mapKeys.all(props.orgId) }));
  const features = useMemo(() => q.data?.features ?? [], [q.data]);
  const fields = features.filter((f): f is TFieldFeature => f.properties.kind === 'field');
  const machines = features.filter((f): f is TMachineFeature => f.properties.kind === 'machine');
  const editedName = fields.find((f) => f.properties.fieldId === draft.editing)?.properties.name ?? '';
  const tm = useMessages(trackMessages);
  const [trackAsset, setTrackAsset] = useState<string | null>(null);
  const [track, setTrack] = useState<TPositionsResponse | null>(null);
  const overlays = useMemo(() => [trackOverlay(track)], [track]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <label className="text-sm">
          {m.date}
          <input
            type="date"
            className="ml-2 rounded border border-slate-300 px-2 py-1"
            value={date ?? q.data?.date ?? ''}
            onChange={(e) => setDate(e.target.value || null)}
          />
        </label>
        <ul aria-label={m.legend} className="flex flex-wrap gap-3 text-sm">
          {(Object.keys(STATE_COLORS) as (keyof typeof STATE_COLORS)[]).map((s) => (
            <li key={s} className="inline-flex items-center gap-1">
              <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: STATE_COLORS[s] }} />
              {m.states[s]}
            </li>
          ))}
        </ul>
      </div>
      <MapFilterBar state={filterState} />
      <DrawableMap
        orgId={props.orgId}
        features={features}
        basemap={props.basemap}
        draft={draft}
        editedName={editedName}
        focus={focus}
        onZoom={(z) => setZoom(zoomStep(z))}
        overlays={overlays}
        onPick={(kind, id) => router.push(orgPath(props.orgId, `${kind === 'field' ? 'fields' : 'assets'}/${id}`))}
      />
      {props.canEdit ? (
        <BoundaryImport
          orgId={props.orgId}
          onCommitted={(n) => {
            draft.setNotice(fill(im.done, { n }));
            void qc.invalidateQueries({ queryKey: mapKeys.all(props.orgId) });
          }}
        />
      ) : null}
      {props.canTrack ? (
        <Card id="map-track" title={tm.title}>
          <MachineTrack
            orgId={props.orgId}
            machines={machines}
            date={date ?? q.data?.date ?? todayIn(props.timeZone)}
            timeZone={props.timeZone}
            assetId={trackAsset}
            onSelect={setTrackAsset}
            onTrack={setTrack}
          />
        </Card>
      ) : null}
      <Card id="map-list" title={m.listTitle}>
        <p className="mb-2 text-sm text-slate-600">{m.listHint}</p>
        <div aria-busy={q.isFetching}>
          {q.isPending ? (
            <Loading label={m.loading} />
          ) : q.isError ? (
            <QueryError error={q.error} onRetry={() => void q.refetch()} />
          ) : (
            <FeatureList
              orgId={props.orgId}
              fields={fields}
              machines={machines}
              canEdit={props.canEdit}
              onShow={(id) => setFocus(fieldBounds(fields, id))}
              // an existing boundary is edited corner by corner (drag on the map, or type), else drawn anew;
              // its corners come in full detail (the map's features are simplified for the zoom)
              onEdit={(id) =>
                void qc
                  .fetchQuery(boundaryQuery(props.orgId, id))
                  .then((b) => draft.start(id, outerRing(b.geometry)))
                  .catch(() => draft.start(id, []))
              }
            />
          )}
        </div>
      </Card>
    </div>
  );
}

function fieldBounds(fields: TFieldFeature[], id: string) {
  return boundsOf(fields.filter((f) => f.properties.fieldId === id));
}

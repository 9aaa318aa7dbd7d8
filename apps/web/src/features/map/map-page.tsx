'use client';

import type { TFieldBoundary, TFieldFeature, TMachineFeature } from '@amms/contracts/geo';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Loading, QueryError } from '@/components/ui/states';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { BoundaryEditor } from './boundary-editor';
import { BoundaryImport } from './boundary-import';
import { importMessages } from './import-messages';
import { FeatureList } from './feature-list';
import { MapCanvas } from './map-canvas';
import { mapMessages } from './messages';
import { boundsOf, STATE_COLORS, type BasemapConfig } from './map-style';
import { mapFeaturesQuery, mapKeys } from './queries';

/** The org's map: fields coloured by the day's work, machines, the list that says the same in text, and boundary drawing. */
export function MapPage(props: { orgId: string; basemap: BasemapConfig; canEdit: boolean }) {
  const m = useMessages(mapMessages);
  const im = useMessages(importMessages);
  const qc = useQueryClient();
  const [date, setDate] = useState<string | null>(null);
  const q = useQuery(mapFeaturesQuery(props.orgId, date));
  const [unavailable, setUnavailable] = useState(false);
  const [focus, setFocus] = useState<[number, number, number, number] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [points, setPoints] = useState<[number, number][]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const features = useMemo(() => q.data?.features ?? [], [q.data]);
  const fields = features.filter((f): f is TFieldFeature => f.properties.kind === 'field');
  const machines = features.filter((f): f is TMachineFeature => f.properties.kind === 'machine');
  const editedName = fields.find((f) => f.properties.fieldId === editing)?.properties.name ?? '';

  const done = (saved: TFieldBoundary | null) => {
    setEditing(null);
    setPoints([]);
    if (!saved) return;
    const repaired = saved.repairs.map((r) => r.message).join('; ');
    setNotice(
      fill(m.editor.saved, { m: saved.measuredAreaHa ?? 0 }) +
        (repaired ? ` ${fill(m.editor.repaired, { r: repaired })}` : ''),
    );
    void qc.invalidateQueries({ queryKey: mapKeys.all(props.orgId) });
  };

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
      {unavailable ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          {m.unavailable}
        </p>
      ) : (
        <MapCanvas
          features={features}
          basemap={props.basemap}
          draft={points}
          focus={focus}
          onUnavailable={() => setUnavailable(true)}
          onPoint={editing ? (p) => setPoints((x) => [...x, p]) : undefined}
          onMovePoint={editing ? (i, p) => setPoints((x) => x.map((q, n) => (n === i ? p : q))) : undefined}
          onPick={(kind, id) => kind === 'field' && setFocus(fieldBounds(fields, id))}
        />
      )}
      {notice ? (
        <p role="status" className="text-sm text-emerald-800">
          {notice}
        </p>
      ) : null}
      {editing ? (
        <BoundaryEditor
          orgId={props.orgId}
          fieldId={editing}
          fieldName={editedName}
          points={points}
          onPoints={setPoints}
          onDone={done}
        />
      ) : null}
      {props.canEdit ? (
        <BoundaryImport
          orgId={props.orgId}
          onCommitted={(n) => {
            setNotice(fill(im.done, { n }));
            void qc.invalidateQueries({ queryKey: mapKeys.all(props.orgId) });
          }}
        />
      ) : null}
      <Card id="map-list" title={m.listTitle}>
        <p className="mb-2 text-sm text-slate-600">{m.listHint}</p>
        {q.isPending ? (
          <Loading label={m.loading} />
        ) : q.isError ? (
          <QueryError error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <FeatureList
            fields={fields}
            machines={machines}
            canEdit={props.canEdit}
            onShow={(id) => setFocus(fieldBounds(fields, id))}
            onEdit={(id) => {
              setNotice(null);
              // an existing boundary is edited corner by corner (drag on the map, or type), else drawn anew
              setPoints(outerRing(fields, id));
              setEditing(id);
            }}
          />
        )}
      </Card>
    </div>
  );
}

function fieldBounds(fields: TFieldFeature[], id: string) {
  return boundsOf(fields.filter((f) => f.properties.fieldId === id));
}

/** The corners of a field's boundary (its first polygon's outer ring, not closed); none without one. */
function outerRing(fields: TFieldFeature[], id: string): [number, number][] {
  const g = fields.find((f) => f.properties.fieldId === id)?.geometry;
  if (g?.type !== 'MultiPolygon') return [];
  const ring = (g.coordinates[0]?.[0] ?? []).map((p) => [p[0]!, p[1]!] as [number, number]);
  const [a, z] = [ring[0], ring.at(-1)];
  return a && z && a[0] === z[0] && a[1] === z[1] ? ring.slice(0, -1) : ring;
}

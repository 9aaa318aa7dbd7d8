'use client';

import type { TFieldFeature, TMachineFeature } from '@amms/contracts/geo';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Card } from '@/components/ui/card';
import { Loading, QueryError } from '@/components/ui/states';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { mapMessages } from './messages';
import { MiniMap, type Shape } from './mini-map';
import { mapFeaturesQuery } from './queries';

/**
 * A machine's last known position on a small map (the machine page): where the map's features
 * put it — telematics' last position when there is one, else the field of its current
 * assignment — with that field's boundary, and the same in words.
 */
export function MachinePositionMap(props: { orgId: string; assetId: string }) {
  const m = useMessages(mapMessages);
  const q = useQuery(mapFeaturesQuery(props.orgId, null));
  const found = useMemo(() => {
    const features = q.data?.features ?? [];
    const machine = features.find(
      (f): f is TMachineFeature => f.properties.kind === 'machine' && f.properties.assetId === props.assetId,
    );
    const field = machine?.properties.fieldId
      ? features.find(
          (f): f is TFieldFeature =>
            f.properties.kind === 'field' && f.properties.fieldId === machine.properties.fieldId,
        )
      : undefined;
    return { machine, field };
  }, [q.data, props.assetId]);
  const shapes = useMemo<Shape[]>(() => {
    const out: Shape[] = [];
    const g = found.field?.geometry;
    if (g?.type === 'MultiPolygon') out.push({ type: 'Feature', geometry: g, properties: { color: '#3b82f6' } });
    if (found.machine)
      out.push({ type: 'Feature', geometry: found.machine.geometry, properties: { color: '#dc2626' } });
    return out;
  }, [found]);

  const where = found.machine
    ? `${found.machine.properties.positionSource === 'telematics' ? m.position.telematics : m.position.assignment}${
        found.field ? ` · ${fill(m.onField, { f: found.field.properties.name })}` : ''
      } (${found.machine.geometry.coordinates[1].toFixed(5)}, ${found.machine.geometry.coordinates[0].toFixed(5)})`
    : m.position.unknown;
  return (
    <Card id="machine-position" title={m.position.title}>
      {q.isPending ? (
        <Loading label={m.loading} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <div className="space-y-2">
          <p className="text-sm" data-testid="machine-position">
            {where}
          </p>
          {found.machine ? (
            <MiniMap
              shapes={shapes}
              label={where}
              className="h-48 w-full overflow-hidden rounded border border-slate-200"
            />
          ) : null}
        </div>
      )}
    </Card>
  );
}

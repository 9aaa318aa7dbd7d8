'use client';

import type { TMapFeatures } from '@amms/contracts/geo';
import { useState } from 'react';
import { useMessages } from '@/i18n/messages';
import { BoundaryEditor } from './boundary-editor';
import { MapCanvas, type MapCanvasProps } from './map-canvas';
import type { BasemapConfig } from './map-style';
import { mapMessages } from './messages';
import type { useBoundaryDraft } from './use-boundary-draft';

/**
 * A map whose boundaries can be drawn and edited (the map page's and the field page's): the
 * MapLibre canvas, or a status saying this browser cannot draw it; the notice after a save; and,
 * while a field is being edited, the editor with its typed corners (which work without the map).
 */
export function DrawableMap(props: {
  orgId: string;
  features: TMapFeatures['features'];
  basemap: BasemapConfig;
  draft: ReturnType<typeof useBoundaryDraft>;
  /** the name of the field being edited (the editor's title) */
  editedName: string;
  focus?: MapCanvasProps['focus'];
  onZoom?: MapCanvasProps['onZoom'];
  onPick?: MapCanvasProps['onPick'];
  /** extra layers drawn over the features (the telematics track) */
  overlays?: MapCanvasProps['overlays'];
}) {
  const m = useMessages(mapMessages);
  const [unavailable, setUnavailable] = useState(false);
  const { draft } = props;
  return (
    <>
      {unavailable ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          {m.unavailable}
        </p>
      ) : (
        <MapCanvas
          features={props.features}
          basemap={props.basemap}
          draft={draft.points}
          focus={props.focus}
          onUnavailable={() => setUnavailable(true)}
          onZoom={props.onZoom}
          onPick={props.onPick}
          overlays={props.overlays}
          {...draft.canvas}
        />
      )}
      {draft.notice ? (
        <p role="status" className="text-sm text-emerald-800">
          {draft.notice}
        </p>
      ) : null}
      {draft.editing ? (
        <BoundaryEditor
          orgId={props.orgId}
          fieldId={draft.editing}
          fieldName={props.editedName}
          points={draft.points}
          onPoints={draft.setPoints}
          onDone={draft.done}
        />
      ) : null}
    </>
  );
}

'use client';

import type { TFieldBoundary } from '@amms/contracts/geo';
import { useState } from 'react';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { mapMessages } from './messages';
import { insertCorner, moveCorner, removeCorner, type Corner } from './ring-edit';

/**
 * The state of drawing / editing one field's boundary, shared by the map page and the field page:
 * which field, its corners, the canvas's edit callbacks (click adds, drag moves, an edge's middle
 * inserts, right click / long press removes) and the notice after saving.
 */
export function useBoundaryDraft(onSaved: () => void) {
  const m = useMessages(mapMessages);
  const [editing, setEditing] = useState<string | null>(null);
  const [points, setPoints] = useState<Corner[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  return {
    editing,
    points,
    setPoints,
    notice,
    setNotice,
    /** opens the editor on a field: its boundary's corners, or none to draw anew */
    start(fieldId: string, corners: Corner[]) {
      setNotice(null);
      setPoints(corners);
      setEditing(fieldId);
    },
    done(saved: TFieldBoundary | null) {
      setEditing(null);
      setPoints([]);
      if (!saved) return;
      // corners clicked clockwise are as right as counter-clockwise ones: the server turning them is no news
      const repaired = saved.repairs
        .filter((r) => r.code !== 'RINGS_REORIENTED')
        .map((r) => r.message)
        .join('; ');
      setNotice(
        fill(m.editor.saved, { m: saved.measuredAreaHa ?? 0 }) +
          (repaired ? ` ${fill(m.editor.repaired, { r: repaired })}` : ''),
      );
      onSaved();
    },
    /** the MapCanvas props of editing (none while not editing: clicks then pick fields) */
    canvas: editing
      ? {
          onPoint: (p: Corner) => setPoints((x) => [...x, p]),
          onMovePoint: (i: number, p: Corner) => setPoints((x) => moveCorner(x, i, p)),
          onInsertPoint: (after: number) => setPoints((x) => insertCorner(x, after)),
          onRemovePoint: (i: number) => setPoints((x) => removeCorner(x, i)),
        }
      : {},
  };
}

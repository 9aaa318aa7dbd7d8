import type { Map as LibMap } from 'maplibre-gl';
import type { RefObject } from 'react';

/** What the drag reads from the canvas's latest props (a ref, so handlers bound once see new callbacks). */
interface CornerCallbacks {
  onMovePoint?: (index: number, lonLat: [number, number]) => void;
  onInsertPoint?: (after: number) => void;
  onRemovePoint?: (index: number) => void;
}

/** How far from a corner a press still takes it, in CSS pixels: a fingertip, not a mouse point. */
const REACH = { mouse: 6, pen: 8, touch: 16 } as const;
const LONG_PRESS_MS = 600;

/**
 * Vertex editing with pointer events, so a mouse, a pen and a finger all work: press on a corner
 * and drag it; press on the middle of an edge and a corner is inserted there (and follows the
 * drag); a right click or a long press (touch) on a corner removes it. While a corner is held the
 * map does not pan. `dragged` tells the canvas's click handler that this press was an edit, not a
 * new corner at the end.
 */
export function listenForCornerDrags(m: LibMap, latest: RefObject<CornerCallbacks>, dragged: RefObject<boolean>) {
  const el = m.getCanvasContainer();
  let held: { index: number; pointerId: number; moved: boolean } | null = null;
  let longPress: ReturnType<typeof setTimeout> | undefined;
  // a long press also raises the browser's contextmenu: that one must not remove a second corner
  let pressedAt = 0;

  const hit = (e: PointerEvent | MouseEvent) => {
    const r = el.getBoundingClientRect();
    const [x, y] = [e.clientX - r.left, e.clientY - r.top];
    const d = 'pointerType' in e ? (REACH[e.pointerType as keyof typeof REACH] ?? REACH.mouse) : REACH.mouse;
    const box: [[number, number], [number, number]] = [
      [x - d, y - d],
      [x + d, y + d],
    ];
    const layers = ['draft-points', 'draft-mids'].filter((id) => m.getLayer(id));
    const found = m.queryRenderedFeatures(box, { layers });
    // a corner wins over an edge's middle under the same finger
    const corner = found.find((f) => f.layer.id === 'draft-points')?.properties as { index?: number } | undefined;
    const mid = found.find((f) => f.layer.id === 'draft-mids')?.properties as { after?: number } | undefined;
    return { corner: corner?.index, after: mid?.after };
  };

  const release = () => {
    clearTimeout(longPress);
    if (!held) return;
    if (el.hasPointerCapture?.(held.pointerId)) el.releasePointerCapture(held.pointerId);
    held = null;
    m.dragPan.enable();
    m.touchZoomRotate.enable();
    m.getCanvas().style.cursor = '';
  };

  /** one removal per long press, whichever comes first: our timer or the browser's contextmenu */
  const removeOnce = (index: number) => {
    if (Date.now() - pressedAt < 1500) return;
    if (held) pressedAt = Date.now(); // a finger is down: its contextmenu may follow
    release();
    dragged.current = true;
    latest.current.onRemovePoint?.(index);
  };

  el.addEventListener('pointerdown', (e) => {
    dragged.current = false;
    const cb = latest.current;
    if (!cb.onMovePoint || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const h = hit(e);
    let index: number | undefined = h.corner;
    if (index === undefined && h.after !== undefined && cb.onInsertPoint) {
      cb.onInsertPoint(h.after);
      index = h.after + 1;
      dragged.current = true;
    }
    if (index === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    held = { index, pointerId: e.pointerId, moved: false };
    el.setPointerCapture?.(e.pointerId);
    m.dragPan.disable();
    m.touchZoomRotate.disable();
    m.getCanvas().style.cursor = 'grabbing';
    if (e.pointerType === 'touch' && h.corner !== undefined && cb.onRemovePoint) {
      const i = h.corner;
      longPress = setTimeout(() => {
        if (held && !held.moved) removeOnce(i);
      }, LONG_PRESS_MS);
    }
  });

  el.addEventListener('pointermove', (e) => {
    if (!held || e.pointerId !== held.pointerId) return;
    e.preventDefault();
    held.moved = true;
    clearTimeout(longPress);
    const r = el.getBoundingClientRect();
    const p = m.unproject([e.clientX - r.left, e.clientY - r.top]);
    latest.current.onMovePoint?.(held.index, [p.lng, p.lat]);
  });

  const end = (e: PointerEvent) => {
    if (!held || e.pointerId !== held.pointerId) return;
    dragged.current = true;
    release();
  };
  el.addEventListener('pointerup', end);
  el.addEventListener('pointercancel', end);

  el.addEventListener('contextmenu', (e) => {
    if (!latest.current.onRemovePoint) return;
    const h = hit(e);
    if (h.corner === undefined && Date.now() - pressedAt >= 1500) return;
    e.preventDefault();
    if (h.corner !== undefined) removeOnce(h.corner);
  });
}

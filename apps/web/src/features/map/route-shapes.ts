import type { TDraftTravel } from '@amms/contracts/geo';
import type { Shape } from './mini-map';

/** One colour per machine (in the order the routes come), also the text's legend dots. */
export const ROUTE_COLORS = ['#7c3aed', '#0891b2', '#ea580c', '#16a34a', '#db2777', '#2563eb', '#ca8a04', '#475569'];

/** A day's routes as map shapes: per machine a line through its fields in order and a point per stop. */
export function routeShapes(travel: TDraftTravel, date: string): Shape[] {
  const out: Shape[] = [];
  travel.machines.forEach((mc, i) => {
    const day = mc.days.find((d) => d.date === date);
    if (!day) return;
    const color = ROUTE_COLORS[i % ROUTE_COLORS.length]!;
    const path = day.stops.flatMap((s) => (s.position ? [s.position] : []));
    if (path.length >= 2)
      out.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: path },
        properties: { color, assetId: mc.assetId },
      });
    day.stops.forEach((s, n) => {
      if (s.position)
        out.push({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: s.position },
          properties: { color, assetId: mc.assetId, order: n + 1, field: s.fieldName },
        });
    });
  });
  return out;
}

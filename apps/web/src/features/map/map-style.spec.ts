import { describe, expect, it } from 'vitest';
import { baseStyle, boundsOf, draftGeoJson } from './map-style';

describe('map style', () => {
  it('fetches nothing from outside unless a basemap is configured', () => {
    const plain = baseStyle({}) as { sources: object; layers: { id: string }[] };
    expect(plain.sources).toEqual({});
    expect(plain.layers.map((l) => l.id)).toEqual(['background']);
    const raster = baseStyle({ rasterTiles: 'https://tiles.example/{z}/{x}/{y}.png' }) as {
      sources: { basemap: { tiles: string[] } };
    };
    expect(raster.sources.basemap.tiles).toEqual(['https://tiles.example/{z}/{x}/{y}.png']);
    expect(baseStyle({ styleUrl: 'https://s.example/style.json' })).toBe('https://s.example/style.json');
  });

  it('closes the drawn ring from the third point on', () => {
    const two = draftGeoJson([
      [1, 1],
      [2, 1],
    ]);
    expect(two.features.at(-1)!.geometry.coordinates).toHaveLength(2);
    const three = draftGeoJson([
      [1, 1],
      [2, 1],
      [2, 2],
    ]);
    expect(three.features.at(-1)!.geometry.coordinates).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ]);
  });

  it('bounds every field ring and machine point', () => {
    expect(boundsOf([])).toBeNull();
    const b = boundsOf([
      {
        type: 'Feature',
        id: 'm',
        geometry: { type: 'Point', coordinates: [118.5, 33.1] },
        properties: {
          kind: 'machine',
          assetId: '00000000-0000-4000-8000-000000000001',
          name: 'x',
          machineKind: 'POWER_UNIT',
          teamId: null,
          positionSource: 'assignment',
          fieldId: null,
        },
      },
      {
        type: 'Feature',
        id: 'f',
        geometry: {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [118.3, 33.3],
                [118.31, 33.3],
                [118.31, 33.31],
                [118.3, 33.3],
              ],
            ],
          ],
        },
        properties: {
          kind: 'field',
          fieldId: '00000000-0000-4000-8000-000000000002',
          name: 'f',
          teamId: null,
          crop: null,
          areaM2: 1,
          measuredAreaM2: 1,
          today: 'NONE',
          week: 'NONE',
          operationTypes: [],
        },
      },
    ]);
    expect(b).toEqual([118.3, 33.1, 118.5, 33.31]);
  });
});

import { crc32, deflateRawSync } from 'node:zlib';

/** Test files for the boundary import: a zip writer, a Shapefile (polygons + attributes), a KML. */

/** A GeoJSON square of `side` degrees with its south-west corner at (lon, lat). */
export const square = (lon: number, lat: number, side = 0.003) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lon, lat],
      [lon + side, lat],
      [lon + side, lat + side],
      [lon, lat + side],
      [lon, lat],
    ],
  ],
});

export interface ZipInput {
  name: string;
  data: Buffer;
  /** store instead of deflate */
  stored?: boolean;
  /** lie about the uncompressed size in the headers (a zip bomb's trick) */
  declaredSize?: number;
}

export function zip(entries: readonly ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.stored ? e.data : deflateRawSync(e.data);
    const size = e.declaredSize ?? e.data.length;
    // the fields both headers carry, in the same order: flags (UTF-8 names), method, (time, date), CRC, sizes, name length
    const entryFields = (header: Buffer, at: number) => {
      header.writeUInt16LE(0x800, at);
      header.writeUInt16LE(e.stored ? 0 : 8, at + 2);
      header.writeUInt32LE(crc32(e.data), at + 8);
      header.writeUInt32LE(body.length, at + 12);
      header.writeUInt32LE(size, at + 16);
      header.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    entryFields(local, 6);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    entryFields(central, 8);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

type Ring = [number, number][];

/** A polygon .shp (type 5): one record per polygon, each a list of rings (outer rings clockwise). */
export function shp(polygons: readonly Ring[][]): Buffer {
  const records = polygons.map((rings, i) => {
    const points = rings.flat();
    const content = Buffer.alloc(44 + 4 * rings.length + 16 * points.length);
    content.writeInt32LE(5, 0);
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((v, k) =>
      content.writeDoubleLE(v, 4 + 8 * k),
    );
    content.writeInt32LE(rings.length, 36);
    content.writeInt32LE(points.length, 40);
    let start = 0;
    rings.forEach((r, k) => {
      content.writeInt32LE(start, 44 + 4 * k);
      start += r.length;
    });
    points.forEach((p, k) => {
      const at = 44 + 4 * rings.length + 16 * k;
      content.writeDoubleLE(p[0], at);
      content.writeDoubleLE(p[1], at + 8);
    });
    const head = Buffer.alloc(8);
    head.writeInt32BE(i + 1, 0);
    head.writeInt32BE(content.length / 2, 4);
    return Buffer.concat([head, content]);
  });
  const body = Buffer.concat(records);
  const header = Buffer.alloc(100);
  header.writeInt32BE(9994, 0);
  header.writeInt32BE((100 + body.length) / 2, 24);
  header.writeInt32LE(1000, 28);
  header.writeInt32LE(5, 32);
  const all = polygons.flat(2);
  [
    Math.min(...all.map((p) => p[0])),
    Math.min(...all.map((p) => p[1])),
    Math.max(...all.map((p) => p[0])),
    Math.max(...all.map((p) => p[1])),
  ].forEach((v, k) => header.writeDoubleLE(v, 36 + 8 * k));
  return Buffer.concat([header, body]);
}

/** A .dbf with character columns (UTF-8; say so with a .cpg). */
export function dbf(columns: readonly string[], rows: readonly string[][], width = 60): Buffer {
  const headerLen = 32 + 32 * columns.length + 1;
  const recordLen = 1 + width * columns.length;
  const header = Buffer.alloc(headerLen);
  header.writeUInt8(0x03, 0);
  header.writeUInt32LE(rows.length, 4);
  header.writeUInt16LE(headerLen, 8);
  header.writeUInt16LE(recordLen, 10);
  columns.forEach((c, k) => {
    header.write(c.slice(0, 10), 32 + 32 * k, 'latin1');
    header.write('C', 32 + 32 * k + 11, 'latin1');
    header.writeUInt8(width, 32 + 32 * k + 16);
  });
  header.writeUInt8(0x0d, headerLen - 1);
  const records = rows.map((r) => {
    const rec = Buffer.alloc(recordLen, 0x20);
    r.forEach((v, k) => Buffer.from(v, 'utf8').copy(rec, 1 + width * k, 0, width));
    return rec;
  });
  return Buffer.concat([header, ...records, Buffer.from([0x1a])]);
}

/** A clockwise (Shapefile outer ring) square of `side` degrees from (lon, lat). */
export const cwSquare = (lon: number, lat: number, side = 0.003): Ring => [
  [lon, lat],
  [lon, lat + side],
  [lon + side, lat + side],
  [lon + side, lat],
  [lon, lat],
];

export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

/** A KML document with one Placemark per (name, ring). */
export function kmlDoc(placemarks: readonly { name: string; ring: [number, number][] }[], prolog = ''): string {
  const marks = placemarks
    .map(
      (p) =>
        `<Placemark><name>${p.name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${p.ring
          .map(([x, y]) => `${x},${y},0`)
          .join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>${prolog}<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${marks}</Document></kml>`;
}

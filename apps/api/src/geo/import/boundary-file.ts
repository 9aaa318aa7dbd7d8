import { DOMParser } from '@xmldom/xmldom';
import { kml } from '@tmcw/togeojson';
import { parseDbf, parseShp } from 'shpjs';
import { AppError } from '../../platform/errors/app-error.js';
import type { TBoundaryRepair } from '@amms/contracts/geo';
import { kmlUnclosedRings, shapefileWrongWinding, toRightHandRule } from './ring-notes.js';
import { DEFAULT_ZIP_LIMITS, extractZip, listZip, type ZipLimits } from './zip-reader.js';

export const BOUNDARY_FILE_FORMATS = ['geojson', 'kml', 'shapefile'] as const;
export type BoundaryFileFormat = (typeof BOUNDARY_FILE_FORMATS)[number];

/** One feature of an uploaded file: its attributes and its geometry as GeoJSON (not yet checked). */
export interface FileFeature {
  /** 1-based position in the file (the preview's row number) */
  row: number;
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates?: unknown; geometries?: unknown } | null;
  /** what the format's parser repaired on its own (a KML ring it closed, a Shapefile read turned round) */
  repairs?: TBoundaryRepair[];
}

export interface BoundaryFile {
  format: BoundaryFileFormat;
  features: FileFeature[];
  /** notes about the whole file (a .prj that could not be used, …) */
  notes: string[];
}

const invalid = (message: string, details: Record<string, unknown> = {}) =>
  new AppError('IMPORT_FILE_INVALID', message, details);

/** By content first (a zip's magic, XML, JSON), the file name only to tell a .kml from other XML. */
export function detectFormat(bytes: Buffer, fileName: string | null): BoundaryFileFormat {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return 'shapefile';
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return 'kml';
  if (head.startsWith('{')) return 'geojson';
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${fileName ?? 'The file'} is not GeoJSON, KML or a zipped Shapefile`, {
    formats: BOUNDARY_FILE_FORMATS,
  });
}

export function readBoundaryFile(
  bytes: Buffer,
  fileName: string | null,
  zipLimits: ZipLimits = DEFAULT_ZIP_LIMITS,
): BoundaryFile {
  const format = detectFormat(bytes, fileName);
  if (format === 'shapefile') return readShapefileZip(bytes, zipLimits);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (format === 'kml') {
    const { geojson, doc } = readKml(text);
    const closed = kmlUnclosedRings(doc);
    const features = featuresOf(geojson).map((f, i) => (closed[i] ? { ...f, repairs: closed[i] } : f));
    return { format, features, notes: [] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('The GeoJSON is not valid JSON');
  }
  return { format, features: featuresOf(json), notes: [] };
}

/**
 * KML through a DOM parser. A document type declaration is refused before parsing: KML needs
 * none, and a DTD is how external entities (XXE: local files, internal URLs) and entity
 * expansion bombs get in. So no entity is ever resolved, whatever the parser would do.
 */
export function readKml(text: string) {
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new AppError('IMPORT_FILE_UNSAFE', 'The KML declares a DOCTYPE or entities, which are not accepted', {
      reason: 'DTD',
    });
  const errors: string[] = [];
  let doc: ReturnType<DOMParser['parseFromString']> | null = null;
  try {
    doc = new DOMParser({
      onError: (level, msg) => {
        if (level !== 'warning') errors.push(msg);
      },
    }).parseFromString(text, 'text/xml');
  } catch (err) {
    errors.push((err as Error).message);
  }
  if (errors.length > 0 || !doc?.documentElement) throw invalid('The KML is not well-formed XML', { errors });
  if (doc.documentElement.localName !== 'kml') throw invalid('The XML file is not KML (no <kml> root element)');
  return { geojson: kml(doc as unknown as Parameters<typeof kml>[0]) as unknown, doc };
}

/** A FeatureCollection, a Feature or a bare geometry → the features in file order. */
function featuresOf(json: unknown): FileFeature[] {
  const o = json as { type?: unknown; features?: unknown; geometry?: unknown; properties?: unknown };
  const list: unknown[] =
    o?.type === 'FeatureCollection' && Array.isArray(o.features)
      ? o.features
      : o?.type === 'Feature'
        ? [o]
        : typeof o?.type === 'string'
          ? [{ type: 'Feature', geometry: o, properties: {} }]
          : [];
  if (list.length === 0 && o?.type !== 'FeatureCollection')
    throw invalid('The GeoJSON is not a FeatureCollection, Feature or geometry');
  return list.map((f, i) => {
    const feature = f as { geometry?: unknown; properties?: unknown };
    const props = feature?.properties;
    return {
      row: i + 1,
      properties: props && typeof props === 'object' ? (props as Record<string, unknown>) : {},
      geometry: (feature?.geometry ?? null) as FileFeature['geometry'],
    };
  });
}

/**
 * A zipped Shapefile: every `.shp` with its `.dbf` (attributes), `.prj` (projection: reprojected
 * to WGS84) and `.cpg` (code page). Unpacked under the zip limits (zip bombs → 413
 * ARCHIVE_TOO_LARGE); shpjs parses the unpacked parts.
 */
function readShapefileZip(bytes: Buffer, limits: ZipLimits): BoundaryFile {
  const entries = listZip(bytes, limits).filter((e) => !e.name.startsWith('__MACOSX/') && !e.name.endsWith('/'));
  const wanted = entries.filter((e) => /\.(shp|dbf|prj|cpg)$/i.test(e.name));
  const files = extractZip(bytes, wanted, limits);
  const byBase = new Map<string, Record<string, Buffer>>();
  for (const [name, data] of files) {
    const base = name.slice(0, -4).toLowerCase();
    byBase.set(base, { ...byBase.get(base), [name.slice(-3).toLowerCase()]: data });
  }
  const layers = [...byBase.entries()].filter(([, p]) => p.shp).sort(([a], [b]) => a.localeCompare(b));
  if (layers.length === 0) throw invalid('The zip holds no .shp file (zip the .shp, .dbf, .prj and .cpg together)');
  const features: FileFeature[] = [];
  const notes: string[] = [];
  for (const [base, parts] of layers) {
    const prj = parts.prj?.toString('utf8');
    let geometries: ReturnType<typeof parseShp>;
    let rows: Record<string, unknown>[] = [];
    try {
      geometries = parseShp(new Uint8Array(parts.shp!), prj);
      if (parts.dbf) rows = parseDbf(new Uint8Array(parts.dbf), parts.cpg?.toString('utf8').trim());
    } catch (err) {
      throw invalid(`The Shapefile ${base}.shp cannot be read: ${(err as Error).message}`);
    }
    if (!prj) notes.push(`${base}.shp has no .prj: its coordinates are taken as WGS84 longitude/latitude`);
    const turned = geometries.length === 0 ? [] : shapefileWrongWinding(parts.shp!);
    geometries.forEach((g, i) =>
      features.push({
        row: features.length + 1,
        properties: rows[i] ?? {},
        geometry: toRightHandRule(g) as FileFeature['geometry'],
        ...(turned[i] ? { repairs: turned[i] } : {}),
      }),
    );
  }
  return { format: 'shapefile', features, notes };
}
